"""Real numeral photos and table patches, as the trainings of the numeral networks (``digits``, ``d4_values``,
``d4_apex``) take them.

Real crops are cut where the shipped reader finds each die (``reader_boxes``, cached under
/tmp/automata-numerals), so the networks learn from crops as the reader cuts them. ``fickett_rolls`` is never
trained on, only measured.
"""
from __future__ import annotations

import json
import pathlib
from typing import Optional, Sequence

import numpy as np

from vision.classifier import DIGIT_TURNS
from vision.readings import DIE_TYPES
from vision.training.numeral_bank import NumeralCrops, background_patches, photo_crops
from vision.training.sources import DATA_ROOT, SOURCES, Source

CACHE = pathlib.Path("/tmp/automata-numerals")
NUMERAL_SOURCES = ("lurig_types", "baylor_d6")  # real photos whose numerals are labelled
BACKGROUND_SOURCES = ("rune55_d6", "skovy_d6")  # tables the renders are laid on


def source_named(name: str) -> Source:
    """A training source, or a source only measured (``fickett_rolls``)."""
    return next((s for s in SOURCES if s.name == name), Source(name, "measured only, never trained on"))


def reader_boxes(source: Source, rows: Sequence[dict]) -> list[Optional[list[float]]]:
    """The box the shipped reader finds around each row's one labelled die (None where it finds none),
    cached per source: the real crops are cut where the reader would cut them."""
    path = CACHE / f"boxes-{source.name}.json"
    cached: dict[str, Optional[list[float]]] = json.loads(path.read_text()) if path.exists() else {}
    missing = [r for r in rows if _key(source, r) not in cached]
    if missing:
        import cv2

        from vision.reader import DiceReader

        reader = DiceReader()
        for row in missing:
            readings = reader.read(cv2.imread(row["image"]))
            label = row["dice"][0].get("bbox")
            if label:
                cx, cy = (label[0] + label[2]) / 2, (label[1] + label[3]) / 2
                readings = [r for r in readings if r.bbox[0] <= cx <= r.bbox[2] and r.bbox[1] <= cy <= r.bbox[3]]
            best = max(readings, key=lambda r: r.detection_confidence, default=None)
            cached[_key(source, row)] = list(best.bbox) if best else None
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(cached))
    return [cached[_key(source, r)] for r in rows]


def _key(source: Source, row: dict) -> str:
    return str(pathlib.Path(row["image"]).relative_to(DATA_ROOT / source.name))


def real_crops(names: Sequence[str], rng: np.random.Generator, turns: Sequence[float] = DIGIT_TURNS) -> NumeralCrops:
    """Close crops of the real numeral dice of sources ``names`` (one die a photo), at each of ``turns``."""
    parts = []
    for source in map(source_named, names):
        rows = [r for r in source.rows_with_labels() if len(r["dice"]) == 1]
        parts.append(photo_crops(rows, reader_boxes(source, rows), rng, turns))
    return NumeralCrops.join(parts)


def turned_dice_recall(turns_mean: np.ndarray, crops: NumeralCrops, odds) -> dict[str, float]:
    """Per die type, the value recall balanced over its values of real dice cut at the same turns each (rows die
    after die), from a reader's look at each die (``turns_mean``: its rows averaged over the turns, or its rows at
    each turn); ``odds(look, die_type)`` gives the type's value odds."""
    turns = len(crops.types) // len(turns_mean)
    types, values = crops.types[::turns], crops.values[::turns]
    out = {}
    for k, die_type in enumerate(DIE_TYPES):
        chosen = np.flatnonzero((types == k) & (values > 0))
        if len(chosen):
            read = np.array([int(np.argmax(odds(turns_mean[i], die_type))) + 1 for i in chosen])
            truth = values[chosen]
            out[die_type] = float(np.mean([np.mean(read[truth == v] == v) for v in np.unique(truth)]))
    return out


def table_patches(seed: int) -> list[np.ndarray]:
    """Table patches cut from the photos of ``BACKGROUND_SOURCES`` away from their dice, cached."""
    patches_file = CACHE / "patches.npz"
    if patches_file.exists():
        return list(np.load(patches_file)["patches"])
    rows = [r for s in SOURCES if s.name in BACKGROUND_SOURCES for r in s.rows_with_labels()]
    patches = background_patches(rows, seed)
    patches_file.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(patches_file, patches=np.stack(patches))
    return patches
