"""The real photo sources the shipped networks may learn from, and their crops, cached per source.

Each source is a folder of ``../shared/data/dice`` with a ``manifest.jsonl``. Only sources whose licence
lets the project ship what is learnt from them are listed; ``fickett_rolls`` is never trained on.
Leaving a source out of training (``--leave-out``) is how its figures stay honest.
"""
from __future__ import annotations

import argparse
import json
import pathlib
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Tuple

import numpy as np

from vision.classifier import Finder, GreyPyramid
from vision.training.samples import Samples, die_box_around, manifest_samples

DATA_ROOT = pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "data" / "dice"
LURIG_D8_SPLIT_FRAME = 258
LABELS_DIR = pathlib.Path(__file__).with_name("labels")


def lurig_training_frame(row: dict) -> bool:
    """The lurig_types photos trained on; the rest (two capture groups and the second half of the D8 video)
    are the die-type test."""
    return row["group"] in ("d4", "d6_top") or (row["group"] == "d8_color" and row["frame"] < LURIG_D8_SPLIT_FRAME)


@dataclass(frozen=True)
class Source:
    """One photo source: its folder, the attribution its licence asks for, and which of its rows are taught."""

    name: str
    attribution: str
    rows: Optional[Callable[[dict], bool]] = None
    # Its boxes often hold only the pips or the top face: the whole die's boxes are read from a file beside
    # this module, written once by ``write_die_boxes`` (python -m vision.training.sources SOURCE).
    boxes_of_whole_dice: bool = False

    @property
    def die_boxes_file(self) -> pathlib.Path:
        return LABELS_DIR / f"{self.name}-die-boxes.json"


SOURCES: Tuple[Source, ...] = (
    Source("rune55_d6", '"Rune55" by rune-zkmvl, Roboflow Universe, CC BY 4.0'),
    Source("epanemu_d6", '"Dice" v3 by Epanemu (GameDiceRecognition), CC BY 4.0'),
    Source("matteop65_d6", "Copyright (c) 2021 Matteo Anthony Penlington, MIT licence", boxes_of_whole_dice=True),
    Source("skovy_d6", "Copyright (c) 2022 skovy/tensorflow-dice-model, MIT licence"),
    Source("chase_d6", "Copyright (c) 2024 Chase, MIT licence"),
    Source("baylor_d6", '"dice finder" v1 by dice-detection-model, Roboflow Universe, CC BY 4.0'),
    Source("lurig_types", "Mario Lurig, dice images, CC0", rows=lurig_training_frame),
)
SOURCE_NAMES = tuple(s.name for s in SOURCES)


def source_samples(source: Source, seed: int, cache_dir: pathlib.Path, digest: str) -> Optional[Samples]:
    """The finder's and reader's crops of one source (None where its photos are absent), cached by source,
    seed and the digest of the cropping code."""
    manifest = DATA_ROOT / source.name / "manifest.jsonl"
    if not manifest.exists():
        return None
    cache = cache_dir / f"{source.name}-{seed}-{digest}.npz"
    if cache.exists():
        return load_samples(cache)
    die_boxes = json.loads(source.die_boxes_file.read_text()) if source.boxes_of_whole_dice else None
    samples = manifest_samples(manifest, None, seed, frames=source.rows, die_boxes=die_boxes)
    save_samples(samples, cache)
    return samples


def save_samples(samples: Samples, cache: pathlib.Path) -> None:
    arrays: Dict[str, np.ndarray] = {}
    for name, part in (("finder", samples.finder), ("reader", samples.reader)):
        if part.crops:
            for key, value in zip(("crops", "classes", "boxes"), part.arrays()):
                arrays[f"{name}_{key}"] = value
    cache.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(cache, **arrays)


def load_samples(cache: pathlib.Path) -> Samples:
    data = np.load(cache)
    out = Samples()
    for name, part in (("finder", out.finder), ("reader", out.reader)):
        if f"{name}_crops" in data:
            part.crops, part.classes, part.boxes = (list(data[f"{name}_{k}"]) for k in ("crops", "classes", "boxes"))
    return out


def write_die_boxes(source: Source) -> None:
    """Write the whole die's box around each labelled box of ``source`` (``die_box_around``, with the finder
    in ``vision/models``), image by image; None where the finder sees no die there."""
    import cv2

    finder = Finder()
    root = DATA_ROOT / source.name
    boxes: Dict[str, List[Optional[List[float]]]] = {}
    for line in open(root / "manifest.jsonl"):
        row = json.loads(line)
        frame = cv2.imread(str(root / row["image"]))
        if frame is None or not row["dice"]:
            continue
        pyramid = GreyPyramid(frame)
        found = [die_box_around(finder, pyramid, d["bbox"]) for d in row["dice"]]
        boxes[row["image"]] = [[round(v, 1) for v in box] if box else None for box in found]
    source.die_boxes_file.parent.mkdir(parents=True, exist_ok=True)
    source.die_boxes_file.write_text(json.dumps(boxes, indent=0, sort_keys=True) + "\n")
    kept = sum(box is not None for row in boxes.values() for box in row)
    print(f"{source.die_boxes_file}: {kept} of {sum(map(len, boxes.values()))} dice boxed")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="write the whole dice's boxes of a source whose boxes are partial")
    parser.add_argument("source", choices=[s.name for s in SOURCES if s.boxes_of_whole_dice])
    write_die_boxes(next(s for s in SOURCES if s.name == parser.parse_args().source))
