"""Train the D4 value reader (``d4_values.onnx``) on 3D-rendered D4s; export ONNX.

    python -m vision.training.d4_values --start vision/models/digits.onnx --lr 1e-3 --epochs 12
                                        [--dice 36000] [--threads 2] [--jobs 2] [--printed 0.3] [--real SOURCE ...]

The value reader sees a crop centred on a D4's point as the reader cuts one (``d4_point.VALUE_WINDOW`` times
the die's box, ``VALUE_CROP`` pixels, grey, at any turn), the point placed by the point finder, and says which
value, 1 to 4, the die shows: the numeral written three times around its point, each copy's top towards it.
It learns from D4s read at their point rendered in 3D (``dice3d``: real fonts, painted or engraved, plain,
marbled or translucent plastic, seen from above to 60 degrees off, at 25 to 75 pixels), the box around each a
little off as the finder's is, a share written over with print. Renders are made in seeded chunks of
``CHUNK``, cached under /tmp/automata-vision-train by a digest of the code that makes them, so a stopped run
resumes. The last chunk is kept apart and measured after each epoch. Train the point finder first
(``vision.training.d4_apex``): the crops are cut where it places the point. Begun from scratch the network
hardly learns (0.29 of held-out renders right after two epochs); begun as the digit reader (``--start``),
which knows the numerals' strokes, it reads 0.45 of them after one epoch and 0.71 after twelve.
With ``--real``, the labelled D4s of those sources too, cut where the reader finds them.
"""
from __future__ import annotations

import functools
import pathlib
import time
from typing import Optional, Sequence

import cv2
import numpy as np

from vision import d4_point, synth
from vision.classifier import MODEL_DIR, GreyPyramid, normalise
from vision.d4_point import VALUE_CROP, VALUE_MODEL, VALUE_WINDOW
from vision.training import dice3d
from vision.training.d4_apex import BOX_OFF
from vision.training.d4_points import finder_digest
from vision.training.digit_crops import chunk_bank, versioned
from vision.training.digits import digit_net, load_start
from vision.training.fitting import held_out, one_cycle, render_arguments, seeded
from vision.training.numeral_bank import RENDER_SIDE
from vision.training.numerals import reader_boxes, source_named, table_patches
from vision.training.printed import print_over
from vision.training.sources import SOURCE_NAMES
from vision.training.train import CACHE_DIR, export

CHUNK = 500
VALUES = 4
REAL_TURNS = 12  # crops of each real D4 learnt from, each at a random turn


def about_point(pyramid: GreyPyramid, centre: tuple[float, float], size: float, turns) -> list[np.ndarray]:
    """The value reader's crops, at each of ``turns``, of the die of ``size`` boxed at ``centre``: about the
    point the point finder places."""
    point = d4_point.shipped_finder().point(pyramid, centre, size)
    return [pyramid.crop((float(point[0]), float(point[1])), VALUE_WINDOW * size, VALUE_CROP, turn) for turn in turns]


def cut_at_point(image: np.ndarray, middle: tuple[float, float], size: float, rng: np.random.Generator) -> np.ndarray:
    """The value reader's crop of the die of ``size`` at ``middle`` in ``image``, boxed a little off as the
    finder boxes it, turned at random."""
    box = size * float(np.exp(rng.uniform(-BOX_OFF[1], BOX_OFF[1])))
    centre = (middle[0] + rng.normal(0, BOX_OFF[0]) * box, middle[1] + rng.normal(0, BOX_OFF[0]) * box)
    return about_point(GreyPyramid(image), centre, box, [rng.uniform(0, 360)])[0]


def value_chunk(index: int, seed: int, patches: Sequence[np.ndarray], dice: int = CHUNK) -> tuple[np.ndarray, np.ndarray]:
    """``dice`` rendered D4s' crops about the point the point finder places, and their values (0 to 3)."""
    rng = np.random.default_rng((seed, index, 45))
    backgrounds = dice3d.Backgrounds(patches)
    crops, labels = [], []
    for _ in range(dice):
        render = dice3d.render_die(rng, "d4", backgrounds.draw(rng, RENDER_SIDE), base_read=False)
        scale = rng.uniform(0.45, 1.0)  # dice from about 25 to 75 pixels across
        image = cv2.resize(render.image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        middle = ((render.centre[0] + 0.5) * scale - 0.5, (render.centre[1] + 0.5) * scale - 0.5)
        crops.append(cut_at_point(image, middle, render.size * scale, rng))
        labels.append(render.value - 1)
    return np.stack(crops), np.array(labels, np.int64)


def drawn_chunk(index: int, seed: int, dice: int = CHUNK) -> tuple[np.ndarray, np.ndarray]:
    """``dice`` D4s drawn flat from above (``vision.synth``, as the demo's table shows them: stroke fonts, the value
    by the point in the middle), cut about the point the point finder places, and their values (0 to 3)."""
    rng = np.random.default_rng((seed, index, 46))
    crops, labels = [], []
    for _ in range(dice):
        side = RENDER_SIDE
        size = float(rng.uniform(25, 75))
        middle = (side / 2 + rng.normal(0, 3), side / 2 + rng.normal(0, 3))
        spec = synth.DieSpec("d4", int(rng.integers(1, 5)), str(rng.choice(list(synth.PLAYER_COLOURS_BGR))), middle,
                             rotation=float(rng.uniform(0, 360)), size=size)
        frame, _ = synth.render_scene([spec], synth.make_background(rng, side, side), synth.random_style(rng), rng)
        crops.append(cut_at_point(frame, middle, size, rng))
        labels.append(spec.value - 1)
    return np.stack(crops), np.array(labels, np.int64)


def _bank(make, name: str, code, dice: int, jobs: int) -> tuple[np.ndarray, np.ndarray]:
    """``dice`` crops and values made by ``make`` in chunks, cached (made where missing) under a folder for this
    ``code``, point finder and crop: the crops are cut where the point finder places the point."""
    stem = f"{name}-{finder_digest()}-{VALUE_WINDOW}-{VALUE_CROP}"
    return chunk_bank(make, name, -(-dice // CHUNK), versioned(CACHE_DIR, stem, code), jobs)


def value_bank(dice: int, seed: int, jobs: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """``dice`` rendered D4s' crops and values (``value_chunk``), cached."""
    return _bank(functools.partial(value_chunk, seed=seed, patches=table_patches(seed)), f"d4values-{seed}",
                 (dice3d, value_chunk, cut_at_point, about_point), dice, jobs)


def drawn_bank(dice: int, seed: int, jobs: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """``dice`` drawn D4s' crops and values (``drawn_chunk``), cached."""
    return _bank(functools.partial(drawn_chunk, seed=seed), f"d4drawn-{seed}",
                 (synth, drawn_chunk, cut_at_point, about_point), dice, jobs)


def real_d4s(names: Sequence[str], rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The labelled D4s of sources ``names`` (one die a photo), each cut about the point the point finder
    places in the box the reader finds, at ``REAL_TURNS`` random turns; and their values (0 to 3)."""
    crops, labels = [], []
    for source in map(source_named, names):
        rows = [r for r in source.rows_with_labels()
                if len(r["dice"]) == 1 and r["dice"][0]["type"] == "d4" and r["dice"][0].get("value")]
        for row, box in zip(rows, reader_boxes(source, rows)):
            if box is None:
                continue
            centre, size = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), max(box[2] - box[0], box[3] - box[1])
            crops += about_point(GreyPyramid(cv2.imread(row["image"])), centre, size, rng.uniform(0, 360, REAL_TURNS))
            labels += [row["dice"][0]["value"] - 1] * REAL_TURNS
    return np.array(crops, np.uint8).reshape(-1, VALUE_CROP, VALUE_CROP), np.array(labels, np.int64)


def value_net(widths: Sequence[int], start: Optional[pathlib.Path], crops: np.ndarray):
    """The digit reader's network (``digits.digit_net``: conv blocks, their mean over the crop, a linear head)
    with a head for the four values. With ``start``, an ONNX, it goes on from a value reader, or begins as a
    digit reader: the numerals' strokes are learnt already, and each value's logit is its upright numeral's."""
    import onnx
    import torch
    import torch.nn as nn

    model = digit_net(widths)
    from_digits = start is not None and next(i.dims[0] for i in onnx.load(str(start)).graph.initializer
                                             if i.name == "head.weight") != VALUES
    if not from_digits:
        model.head = nn.Linear(model.head.in_features, VALUES)
    if start is not None:
        load_start(model, start, crops)
    if from_digits:
        head = nn.Linear(model.head.in_features, VALUES)
        with torch.no_grad():
            head.weight.copy_(model.head.weight[1:VALUES + 1])
            head.bias.copy_(model.head.bias[1:VALUES + 1])
        model.head = head
    return model


def train(args) -> None:
    import torch.nn.functional as F

    rng = seeded(args.threads, args.seed)
    started = time.time()
    crops, labels = value_bank(args.dice, args.seed, args.jobs)
    print(f"rendered D4s: {len(crops)} ({time.time() - started:.0f} s)", flush=True)
    train_x, train_y, val_x, val_y = held_out(crops, labels, CHUNK)
    if args.drawn:
        drawn_x, drawn_y = drawn_bank(args.drawn, args.seed, args.jobs)
        print(f"drawn D4s: {len(drawn_x)}", flush=True)
        train_x, train_y = np.concatenate([train_x, drawn_x]), np.concatenate([train_y, drawn_y])
    if args.real:
        real_x, real_y = real_d4s(args.real, rng)
        print(f"real D4 crops: {len(real_x)} ({', '.join(args.real)})", flush=True)
        train_x, train_y = np.concatenate([train_x, real_x]), np.concatenate([train_y, real_y])
    model = value_net(args.widths, pathlib.Path(args.start) if args.start else None, train_x[:2000])

    def measure(net) -> str:
        return f"held-out renders read right {np.mean(net(val_x)[0].numpy().argmax(axis=1) == val_y):.3f}"

    def make_batch(batch: np.ndarray) -> np.ndarray:
        turned = np.ascontiguousarray(np.rot90(batch, int(rng.integers(4)), axes=(1, 2)))
        return normalise(print_over(turned, rng, args.printed))

    one_cycle(model, train_x, train_y, args.epochs, args.batch, args.lr, rng, make_batch, F.cross_entropy, measure,
              lambda net: export(net, VALUE_CROP, ("values",), pathlib.Path(args.out)))


def main(argv: Sequence[str] = None) -> None:
    parser = render_arguments(__doc__.split("\n")[0], str(MODEL_DIR / VALUE_MODEL), (24, 48, 48, 96))
    parser.add_argument("--drawn", type=int, default=0, help="D4s drawn flat as the demo's table draws them")
    parser.add_argument("--real", nargs="*", default=[], choices=SOURCE_NAMES,
                        help="sources whose labelled D4s are learnt from too")
    parser.add_argument("--start", help="a digit reader's .onnx (such as the shipped one) to begin from")
    parser.add_argument("--lr", type=float, default=3e-3, help="the highest learning rate of the one cycle")
    train(parser.parse_args(argv))


if __name__ == "__main__":
    main()
