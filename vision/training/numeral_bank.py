"""The digit reader's rendered training crops: 3D renders (``dice3d``) and real photos, cut as the reader cuts them.

Renders are made in chunks, each seeded by its number and saved as it is done, so a stopped run resumes
where it stopped (``CHUNK`` dice a chunk). Every render gives close crops (``NUMERAL_WINDOW``): turned so
that a numeral showing its value stands upright (within ``UPRIGHT_SPREAD``), labelled with the value, and
turned so that none does (at least ``NOT_UPRIGHT`` off), labelled "no numeral upright"; with the die's type
and whether it shows pips.
"""
from __future__ import annotations

import math
import multiprocessing
import pathlib
from dataclasses import dataclass
from typing import Optional, Sequence

import cv2
import numpy as np

from vision.classifier import NUMERAL_CROP, NUMERAL_WINDOW, GreyPyramid
from vision.readings import DIE_TYPES
from vision.training.digit_crops import save_atomically

CHUNK = 400
UPRIGHT_CROPS = 2  # crops a rendered die gives with a numeral upright...
TURNED_CROPS = 1  # ...and with none
UPRIGHT_SPREAD = 15.0  # degrees either way a numeral counts as upright
NOT_UPRIGHT = 35.0  # degrees at least from every numeral showing the value, for a crop with none upright
UNKNOWN = -1  # a value or face kind not known
PIPS_SHARE = 0.3  # of the rendered D6s, this share shows pips (labelled with their face kind, not a value)
RENDER_SIDE = 128


@dataclass
class NumeralCrops:
    """Close crops with the die's type index, the value upright in the crop (0: none upright, ``UNKNOWN``) and
    its face kind (1 pips, 0 numerals, ``UNKNOWN``)."""

    crops: np.ndarray
    types: np.ndarray
    values: np.ndarray
    pips: np.ndarray

    @staticmethod
    def empty() -> "NumeralCrops":
        return NumeralCrops(np.zeros((0, NUMERAL_CROP, NUMERAL_CROP), np.uint8), *(np.zeros(0, np.int64),) * 3)

    @staticmethod
    def join(parts: Sequence["NumeralCrops"]) -> "NumeralCrops":
        parts = [p for p in parts if len(p.crops)] or [NumeralCrops.empty()]
        return NumeralCrops(*(np.concatenate([getattr(p, k) for p in parts]) for k in ("crops", "types", "values",
                                                                                       "pips")))

    def save(self, path: pathlib.Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_atomically(path, crops=self.crops, types=self.types, values=self.values, pips=self.pips)

    @staticmethod
    def load(path: pathlib.Path) -> "NumeralCrops":
        data = np.load(path)
        return NumeralCrops(data["crops"], data["types"], data["values"], data["pips"])


def close_crops(image: np.ndarray, centre, size: float, rng: np.random.Generator,
                turns: Sequence[float]) -> list[np.ndarray]:
    """Close crops of the die at ``centre`` (its box ``size`` across), one at each of ``turns`` (degrees), each
    as the reader cuts one around a box the finder got nearly right: scaled and shifted a little."""
    pyramid = GreyPyramid(image)
    out = []
    for turn in turns:
        window = size * NUMERAL_WINDOW * math.exp(rng.uniform(-0.12, 0.12))
        shift = rng.uniform(-0.07, 0.07, size=2) * size
        out.append(pyramid.crop((centre[0] - shift[0], centre[1] - shift[1]), window, NUMERAL_CROP, turn))
    return out


def labelled_turns(ups: Sequence[float], rng: np.random.Generator) -> list[tuple]:
    """(turn, upright?) for a rendered die whose value's numerals point ``ups``: ``UPRIGHT_CROPS`` turns that
    stand one of them upright, ``TURNED_CROPS`` that stand none."""
    out = [(float(rng.choice(ups)) + rng.uniform(-UPRIGHT_SPREAD, UPRIGHT_SPREAD), True) for _ in range(UPRIGHT_CROPS)]
    while len(out) < UPRIGHT_CROPS + TURNED_CROPS:
        turn = rng.uniform(0, 360)
        if all(abs((turn - up + 180) % 360 - 180) >= NOT_UPRIGHT for up in ups):
            out.append((turn, False))
    return out


def render_chunk(index: int, seed: int, patches: Sequence[np.ndarray], dice: int = CHUNK) -> NumeralCrops:
    """``dice`` rendered dice (a third of each type) and their close crops."""
    from vision.training import dice3d

    rng = np.random.default_rng((seed, index))
    backgrounds = dice3d.Backgrounds(patches)
    crops, types, values, pips = [], [], [], []
    for k in range(dice):
        die_type = DIE_TYPES[k % 3]
        with_pips = die_type == "d6" and rng.random() < PIPS_SHARE
        render = dice3d.render_die(rng, die_type, backgrounds.draw(rng, RENDER_SIDE), pips=with_pips)
        scale = rng.uniform(0.45, 1.0)  # dice from about 25 to 75 pixels across
        image = cv2.resize(render.image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        centre = ((render.centre[0] + 0.5) * scale - 0.5, (render.centre[1] + 0.5) * scale - 0.5)
        if with_pips or not render.ups:
            turns = [(rng.uniform(0, 360), None)]
        else:
            turns = labelled_turns(render.ups, rng)
        for crop, (_, upright) in zip(close_crops(image, centre, render.size * scale, rng, [t for t, _ in turns]),
                                      turns):
            crops.append(crop)
            types.append(DIE_TYPES.index(die_type))
            values.append(UNKNOWN if upright is None else render.value if upright else 0)
            pips.append(int(with_pips) if die_type == "d6" else UNKNOWN)
    return NumeralCrops(np.stack(crops), *(np.array(v, np.int64) for v in (types, values, pips)))


def _render_into(args) -> str:
    index, seed, patches, folder = args
    path = folder / f"chunk-{seed}-{index:05d}.npz"
    if not path.exists():
        render_chunk(index, seed, patches).save(path)
    return str(path)


def rendered_bank(dice: int, seed: int, folder: pathlib.Path, patches: Sequence[np.ndarray],
                  jobs: int = 1) -> NumeralCrops:
    """``dice`` rendered dice's crops, from the chunks cached in ``folder`` (made where missing)."""
    chunks = [(k, seed, patches, folder) for k in range(-(-dice // CHUNK))]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            paths = list(pool.imap(_render_into, chunks))
    else:
        paths = [_render_into(c) for c in chunks]
    return NumeralCrops.join([NumeralCrops.load(pathlib.Path(p)) for p in paths])


def background_patches(rows: Sequence[dict], seed: int, limit: int = 600) -> list[np.ndarray]:
    """Table patches cut from labelled photos away from their dice."""
    from vision.training import dice3d

    rng = np.random.default_rng(seed)
    picked = [rows[int(k)] for k in rng.permutation(len(rows))[:limit]]
    return dice3d.patches_from_photos(picked, rng, per_photo=2, side=RENDER_SIDE)


def photo_crops(rows: Sequence[dict], boxes: Sequence[Optional[Sequence[float]]], rng: np.random.Generator,
                turns: Sequence[float]) -> NumeralCrops:
    """Close crops of real dice, one at each of ``turns`` a die: ``rows`` (one labelled die each, image paths
    absolute) with the box the reader found around it (None: left out). Their ``values`` are the dice's values
    (which turn stands a numeral upright is not labelled)."""
    crops, types, values, pips = [], [], [], []
    for row, box in zip(rows, boxes):
        if box is None:
            continue
        image = cv2.imread(row["image"])
        if image is None:
            continue
        die = row["dice"][0]
        x0, y0, x1, y1 = box
        for crop in close_crops(image, ((x0 + x1) / 2, (y0 + y1) / 2), max(x1 - x0, y1 - y0), rng, turns):
            crops.append(crop)
            types.append(DIE_TYPES.index(die["type"]))
            is_pips = die["type"] == "d6" and not die.get("numerals")
            values.append(UNKNOWN if is_pips or die.get("value") is None else int(die["value"]))
            pips.append(int(is_pips) if die["type"] == "d6" else UNKNOWN)
    if not crops:
        return NumeralCrops.empty()
    return NumeralCrops(np.stack(crops), *(np.array(v, np.int64) for v in (types, values, pips)))
