"""The real photo sources the shipped networks may learn from, and their crops, cached per source.

Each source is a folder of ``../shared/data/dice`` with a ``manifest.jsonl``. Only sources whose licence
lets the project ship what is learnt from them are listed; ``fickett_rolls`` is never trained on.
Leaving a source out of training (``--leave-out``) is how its figures stay honest.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import pathlib
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from vision.classifier import Finder, GreyPyramid
from vision.training.samples import Samples, die_box_around, manifest_samples, relabelled

DATA_ROOT = pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "data" / "dice"
LURIG_D8_SPLIT_FRAME = 258
ADDED_LABELS = pathlib.Path(__file__).with_name("added_labels.json")  # how each was made: added_labels.md


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
    # Every die it shows is of one type: its dice teach the reader values, never types, or the reader would
    # learn that a photo shows a D6 (every such source here shows D6s; only renders and lurig_types hold D4s).
    one_type: bool = True
    # The project's own labels for this source (``added_labels.md`` says how each was made), applied over
    # the manifest's: image -> per labelled die, the fields to change, or None to leave the die out.
    relabelled: bool = False
    # Its boxes often hold only the pips or the top face: ``write_die_boxes`` relabels them once.
    partial_boxes: bool = False

    def labels(self) -> Optional[dict[str, list[Optional[dict]]]]:
        return json.loads(ADDED_LABELS.read_text())[self.name] if self.relabelled else None

    def rows_with_labels(self) -> list[dict]:
        """The manifest's rows with the project's labels applied; image paths made absolute."""
        root = DATA_ROOT / self.name
        changes = self.labels() or {}
        out = []
        for line in open(root / "manifest.jsonl"):
            row = json.loads(line)
            dice = row["dice"]
            if row["image"] in changes:
                dice = relabelled(dice, changes[row["image"]])
            out.append(dict(row, image=str(root / row["image"]), dice=dice))
        return out


SOURCES: tuple[Source, ...] = (
    Source("rune55_d6", '"Rune55" by rune-zkmvl, Roboflow Universe, CC BY 4.0'),
    Source("epanemu_d6", '"Dice" v3 by Epanemu (GameDiceRecognition), CC BY 4.0'),
    Source("matteop65_d6", "Copyright (c) 2021 Matteo Anthony Penlington, MIT licence", relabelled=True,
           partial_boxes=True),
    Source("skovy_d6", "Copyright (c) 2022 (skovy/tensorflow-dice-model), MIT licence"),
    Source("chase_d6", "Copyright (c) 2024 Chase, MIT licence"),
    Source("baylor_d6", '"dice finder" v1 by dice-detection-model, Roboflow Universe, CC BY 4.0'),
    Source("lurig_types", "Mario Lurig, dice images, CC0", rows=lurig_training_frame, one_type=False,
           relabelled=True),
)
SOURCE_NAMES = tuple(s.name for s in SOURCES)


def source_samples(source: Source, seed: int, cache_dir: pathlib.Path, digest: str) -> Optional[Samples]:
    """The finder's and reader's crops of one source (None where its photos are absent), cached by source,
    seed and the digest of the cropping code."""
    manifest = DATA_ROOT / source.name / "manifest.jsonl"
    if not manifest.exists():
        return None
    if source.relabelled:
        digest += "-" + hashlib.sha1(json.dumps(source.labels(), sort_keys=True).encode()).hexdigest()[:10]
    cache = cache_dir / f"{source.name}-{seed}-{digest}.npz"
    if cache.exists():
        return load_samples(cache)
    samples = manifest_samples(manifest, None, seed, frames=source.rows, relabel=source.labels())
    save_samples(samples, cache)
    return samples


def save_samples(samples: Samples, cache: pathlib.Path) -> None:
    arrays: dict[str, np.ndarray] = {}
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
    """Write, as ``source``'s labels, the whole die's box around each of its labelled boxes (``die_box_around``,
    with the finder in ``vision/models``), image by image; None where the finder sees no die there."""
    import cv2

    finder = Finder()
    root = DATA_ROOT / source.name
    labels: dict[str, list[Optional[dict]]] = {}
    for line in open(root / "manifest.jsonl"):
        row = json.loads(line)
        frame = cv2.imread(str(root / row["image"]))
        if frame is None or not row["dice"]:
            continue
        pyramid = GreyPyramid(frame)
        boxes = [die_box_around(finder, pyramid, d["bbox"]) for d in row["dice"]]
        labels[row["image"]] = [{"bbox": [round(v, 1) for v in box]} if box else None for box in boxes]
    added = json.loads(ADDED_LABELS.read_text()) if ADDED_LABELS.exists() else {}
    added[source.name] = labels
    ADDED_LABELS.write_text(json.dumps(added, indent=0, sort_keys=True) + "\n")
    kept = sum(box is not None for row in labels.values() for box in row)
    print(f"{ADDED_LABELS} ({source.name}): {kept} of {sum(map(len, labels.values()))} dice boxed")


def write_manifest(source: Source, out: pathlib.Path) -> None:
    """A manifest of ``source`` with the project's labels applied, for ``vision-eval``."""
    out.write_text("".join(json.dumps(row) + "\n" for row in source.rows_with_labels()))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="the project's labels of the photo sources")
    commands = parser.add_subparsers(dest="command", required=True)
    boxes = commands.add_parser("die-boxes", help="box the whole dice of a source whose boxes are partial")
    boxes.add_argument("source", choices=[s.name for s in SOURCES if s.partial_boxes])
    manifest = commands.add_parser("manifest", help="write a source's manifest with the project's labels applied")
    manifest.add_argument("source", choices=[s.name for s in SOURCES if s.relabelled])
    manifest.add_argument("out", type=pathlib.Path)
    args = parser.parse_args()
    chosen = next(s for s in SOURCES if s.name == args.source)
    if args.command == "die-boxes":
        write_die_boxes(chosen)
    else:
        write_manifest(chosen, args.out)
