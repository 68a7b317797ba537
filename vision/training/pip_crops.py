"""Crops of real D6s with pips, and the pips on their top face where they can be told without a person.

A die's top-face pips are labelled where the geometric count (``vision.pips.top_face``) finds as many
pips as the die's labelled value: there the spots it chose are that face's pips. The pip network
(``vision.training.pip_net``) learns from those crops what a pip looks like on real dice, so it finds
pips where the geometric count's spot search does not, in crops it could not label.
"""
from __future__ import annotations

import pathlib
from dataclasses import dataclass
from typing import List, Optional, Sequence

import cv2
import numpy as np

from vision.pip_spots import CROP, WINDOW, die_crop
from vision.pips import SIDE, top_face
from vision.training.samples import single_die_box
from vision.training.sources import SOURCES

PIP_SOURCES = ("rune55_d6", "epanemu_d6", "matteop65_d6", "skovy_d6", "chase_d6")  # D6s with pips
MIN_DIE_PX = 12


@dataclass
class PipCrops:
    """Crops (n, CROP, CROP, 3) BGR, each die's value and source, and its pips where labelled."""

    crops: np.ndarray
    values: np.ndarray
    sources: np.ndarray           # index into PIP_SOURCES
    pips: List[Optional[np.ndarray]]  # (k, 3): x, y, diameter in crop pixels; None where not labelled

    def save(self, path: pathlib.Path) -> None:
        flat = np.concatenate([p if p is not None else np.zeros((0, 3)) for p in self.pips]).astype(np.float32)
        counts = np.array([-1 if p is None else len(p) for p in self.pips], np.int32)
        np.savez_compressed(path, crops=self.crops, values=self.values, sources=self.sources, flat=flat,
                            counts=counts)

    @classmethod
    def load(cls, path: pathlib.Path) -> "PipCrops":
        data = np.load(path)
        pips, at = [], 0
        for n in data["counts"]:
            pips.append(None if n < 0 else data["flat"][at:at + n])
            at += max(int(n), 0)
        return cls(data["crops"], data["values"], data["sources"], pips)


def labelled_pips(crop: np.ndarray, value: int) -> Optional[np.ndarray]:
    """The top face's pips in crop pixels where the geometric count finds ``value`` of them."""
    size = CROP / WINDOW
    spots = top_face(crop, (CROP / 2, CROP / 2), size)
    if len(spots) != value:
        return None
    to_crop = size / SIDE  # top_face's box starts at the crop's corner (it spans the whole crop)
    return np.array([(x * to_crop, y * to_crop, d * to_crop) for x, y, d in spots], np.float32)


def build(names: Sequence[str] = PIP_SOURCES) -> PipCrops:
    crops, values, sources, pips = [], [], [], []
    for source in SOURCES:
        if source.name not in names:
            continue
        for row in source.rows_with_labels():
            frame = cv2.imread(row["image"])
            if frame is None:
                continue
            for die in row["dice"]:
                if die is None or die.get("type") != "d6" or die.get("value") is None or die.get("numerals"):
                    continue
                box = die["bbox"] or single_die_box(frame)
                if box is None:
                    continue
                x0, y0, x1, y1 = box
                size = max(x1 - x0, y1 - y0)
                if size < MIN_DIE_PX:
                    continue
                crop = die_crop(frame, ((x0 + x1) / 2, (y0 + y1) / 2), size)
                crops.append(crop)
                values.append(int(die["value"]))
                sources.append(PIP_SOURCES.index(source.name))
                pips.append(labelled_pips(crop, int(die["value"])))
        print(source.name, sum(1 for s in sources if s == PIP_SOURCES.index(source.name)), flush=True)
    return PipCrops(np.stack(crops), np.array(values, np.int8), np.array(sources, np.int8), pips)

