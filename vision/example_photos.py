"""A table's dice examples written out as labelled photos, in the format of the shared dice photos.

Each example a person confirmed (``vision.examples.DieExample``) keeps a grey crop of the die as the camera saw
it. Written as a photo with a ``manifest.jsonl`` line, it can be read by ``vision-eval`` (and ``--enrol K``
there): the reader measured on a table's own dice, from its own camera, which no other photos show. One
group per seat colour: a colour's dice are one physical set, so its photos are not independent of each other.
"""
from __future__ import annotations

import json
import pathlib

import cv2

from vision.classifier import READER_WINDOW
from vision.examples import STORED_MARGIN, TableDice

PHOTO_FOLDER = "dice"


def write_photos(dice: TableDice, out_dir: pathlib.Path, table: str = "table") -> pathlib.Path:
    """Write each example's reader crop as ``PHOTO_FOLDER/NNNN.png`` under ``out_dir`` and one manifest line for
    it, its box the die's square in the middle; the manifest's path."""
    out_dir = pathlib.Path(out_dir)
    (out_dir / PHOTO_FOLDER).mkdir(parents=True, exist_ok=True)
    lines = []
    for number, example in enumerate(dice.examples, 1):
        name = f"{PHOTO_FOLDER}/{number:04d}.png"
        crop = example.reader_crop
        if not cv2.imwrite(str(out_dir / name), crop):
            raise OSError(f"cannot write {out_dir / name}")
        side = crop.shape[0]
        half = side / (READER_WINDOW * STORED_MARGIN) / 2  # the stored crop is this many die sides across
        low, high = round(side / 2 - half, 2), round(side / 2 + half, 2)
        box = [low, low, high, high]
        lines.append({"image": name, "width": crop.shape[1], "height": crop.shape[0],
                      "dice": [{"type": example.die_type, "value": example.value, "bbox": box}],
                      "complete": True, "grayscale": True, "group": f"{table} {example.colour}",
                      "colour": example.colour})
    manifest = out_dir / "manifest.jsonl"
    manifest.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return manifest
