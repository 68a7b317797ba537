"""Tables of mixed dice: D4s, D8s and numeral D6s rendered in 3D and laid on real photos of a table, a stand-in for
photos of mixed dice on tables, which no licensed source holds.

    python -m vision.training.table_scenes OUT [--frames 45] [--dice 10] [--seed 1]
    vision-eval OUT/manifest.jsonl --json

Each frame is one of the complete frames of ``skovy_d6`` (1920x1080, a table seen from above, its own D6s with
pips labelled), with ``--dice`` dice added where no die lies: a third each D4 (read at its point), D8 and D6 with
numerals, each as large as the frame's own dice, seen from straight above to 30 degrees off, in a random plastic,
ink and font (``dice3d``). Each is rendered on the part of the photo it lies on, and pasted back with a soft edge;
then the frame gets one camera's exposure, noise and JPEG. The figures measured on these frames are renders'
figures: they stand beside the real photos' figures, never in their place.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import statistics
from typing import Optional, Sequence

import cv2
import numpy as np

from vision.training import dice3d
from vision.training.sources import DATA_ROOT

TABLES = "skovy_d6"  # the source whose complete frames are the tables
RENDERED_TYPES = ("d4", "d8", "d6")
SQUARE_PER_DIE = 1 / 0.51  # a die is rendered on a square this many times its size (``render_die``: 0.42 to 0.6)
SOFT_EDGE = 0.12  # of the square's side: the pasted render fades into the photo over this width at its edge
KEEP_OFF = 1.1  # a rendered die's square keeps off the frame's dice boxes grown by this factor


def table_frames() -> list[dict]:
    """The complete frames of ``TABLES``, every die on them boxed, image paths absolute."""
    root = DATA_ROOT / TABLES
    rows = [json.loads(line) for line in open(root / "manifest.jsonl")]
    return [dict(row, image=str(root / row["image"])) for row in rows
            if row.get("complete") and row["dice"] and all(d.get("bbox") for d in row["dice"])]


def die_size(dice: Sequence[dict]) -> float:
    """The median of the dice's boxes' longer sides."""
    return float(statistics.median(max(d["bbox"][2] - d["bbox"][0], d["bbox"][3] - d["bbox"][1]) for d in dice))


def _overlaps(box: Sequence[float], others: Sequence[Sequence[float]]) -> bool:
    return any(box[0] < o[2] and o[0] < box[2] and box[1] < o[3] and o[1] < box[3] for o in others)


def _grown(box: Sequence[float], factor: float) -> list[float]:
    cx, cy, half_w, half_h = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
    return [cx - half_w * factor, cy - half_h * factor, cx + half_w * factor, cy + half_h * factor]


def free_squares(shape: Sequence[int], side: int, taken: Sequence[Sequence[float]], count: int,
                 rng: np.random.Generator, tries: int = 400) -> list[tuple[int, int]]:
    """Top-left corners of up to ``count`` squares of ``side`` inside a frame of ``shape``, clear of ``taken``
    boxes and of each other."""
    height, width = shape[:2]
    boxes = [list(b) for b in taken]
    corners: list[tuple[int, int]] = []
    for _ in range(tries):
        if len(corners) == count:
            break
        x, y = int(rng.integers(0, width - side)), int(rng.integers(0, height - side))
        square = [x, y, x + side, y + side]
        if not _overlaps(square, boxes):
            boxes.append(square)
            corners.append((x, y))
    return corners


def soft_edge(side: int) -> np.ndarray:
    """(side, side, 1): 1 over the middle of a square, falling to 0 at its inscribed circle."""
    ys, xs = np.mgrid[0:side, 0:side].astype(np.float32)
    radius = np.hypot(xs - (side - 1) / 2, ys - (side - 1) / 2)
    return np.clip((side / 2 - radius) / (SOFT_EDGE * side), 0, 1)[..., None]


def scene(row: dict, dice: int, rng: np.random.Generator) -> Optional[tuple[np.ndarray, list[dict]]]:
    """A table frame of ``row`` with ``dice`` rendered dice laid on it, and every die's label; None where its
    photo cannot be read."""
    frame = cv2.imread(row["image"])
    if frame is None:
        return None
    side = int(round(die_size(row["dice"]) * SQUARE_PER_DIE))
    labels = [dict(d) for d in row["dice"]]
    edge = soft_edge(side)
    for x, y in free_squares(frame.shape, side, [_grown(d["bbox"], KEEP_OFF) for d in labels], dice, rng):
        die_type = RENDERED_TYPES[int(rng.integers(len(RENDERED_TYPES)))]
        patch = frame[y:y + side, x:x + side]
        render = dice3d.render_die(rng, die_type, patch.copy(), base_read=False, one_die_photos=False, own_camera=False)
        frame[y:y + side, x:x + side] = (render.image * edge + patch * (1 - edge)).astype(np.uint8)
        half = render.size / 2
        cx, cy = x + render.centre[0], y + render.centre[1]
        label = {"type": die_type, "value": render.value, "bbox": [round(v, 1) for v in
                                                                  (cx - half, cy - half, cx + half, cy + half)]}
        if die_type == "d6":
            label["numerals"] = True
        labels.append(label)
    return dice3d.camera_noise(frame.astype(np.float32) / 255.0, rng), labels


def write_scenes(out: pathlib.Path, frames: int, dice: int, seed: int) -> int:
    """``frames`` frames (the table frames in turn) under ``out``/frames, and ``out``/manifest.jsonl; the count
    written."""
    rows = table_frames()
    rng = np.random.default_rng(seed)
    (out / "frames").mkdir(parents=True, exist_ok=True)
    written = 0
    with open(out / "manifest.jsonl", "w") as manifest:
        for k in range(frames):
            row = rows[k % len(rows)]
            made = scene(row, dice, rng)
            if made is None:
                continue
            image, labels = made
            name = f"frames/scene-{k:03d}.jpg"
            cv2.imwrite(str(out / name), image)
            manifest.write(json.dumps({"image": name, "width": image.shape[1], "height": image.shape[0],
                                       "dice": labels, "complete": True, "grayscale": False,
                                       "group": pathlib.Path(row["image"]).stem}) + "\n")
            written += 1
    return written


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--frames", type=int, default=45)
    parser.add_argument("--dice", type=int, default=10, help="rendered dice laid on each frame")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    written = write_scenes(args.out, args.frames, args.dice, args.seed)
    print(f"{written} frames with {args.dice} rendered dice each: {args.out / 'manifest.jsonl'}")


if __name__ == "__main__":
    main()
