"""Train the D4 point finder (``d4_apex.onnx``) on 3D-rendered D4s; export ONNX.

    python -m vision.training.d4_apex [--dice 36000] [--epochs 20] [--threads 2] [--jobs 2] [--printed 0.3]

The point finder sees a crop of a D4 as the reader cuts one (``d4_point.APEX_WINDOW`` times the die's box,
``APEX_CROP`` pixels, grey, at any turn) and says where in it the die's point is seen: its offset from the
crop's middle, as a share of the crop's side. It learns from D4s rendered in 3D (``dice3d``), whose renderer
projects the point: at a table's slant and at a photo's, at 25 to 75 pixels, the box around each a little off
as the finder's is. Renders are made in seeded chunks of ``CHUNK``, cached under /tmp/automata-vision-train
by a digest of the rendering code, so a stopped run resumes. The last chunk is kept apart and measured after
each epoch: the median distance from the true point, as a share of the die's size.
"""
from __future__ import annotations

import argparse
import functools
import pathlib
import time
from typing import Sequence

import cv2
import numpy as np

from vision.classifier import MODEL_DIR, GreyPyramid, normalise
from vision.d4_point import APEX_CROP, APEX_MODEL, APEX_WINDOW, crop_offset
from vision.training import dice3d
from vision.training.digit_crops import chunk_bank, versioned
from vision.training.numeral_bank import RENDER_SIDE
from vision.training.numerals import table_patches
from vision.training.printed import print_over
from vision.training.train import CACHE_DIR, export

CHUNK = 500
BOX_OFF = (0.04, 0.1)  # the box's centre (normal spread) and log size (uniform) off the die's, as a finder's is


def apex_chunk(index: int, seed: int, patches: Sequence[np.ndarray], dice: int = CHUNK) -> tuple[np.ndarray, np.ndarray]:
    """``dice`` rendered D4s' crops and where their point lies in each (``crop_offset``)."""
    rng = np.random.default_rng((seed, index, 44))
    backgrounds = dice3d.Backgrounds(patches)
    crops, offsets = [], []
    for _ in range(dice):
        render = dice3d.render_die(rng, "d4", backgrounds.draw(rng, RENDER_SIDE))
        assert render.apex is not None
        scale = rng.uniform(0.45, 1.0)  # dice from about 25 to 75 pixels across
        image = cv2.resize(render.image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        size = render.size * scale * float(np.exp(rng.uniform(-BOX_OFF[1], BOX_OFF[1])))
        centre = ((render.centre[0] + 0.5) * scale - 0.5 + rng.normal(0, BOX_OFF[0]) * size,
                  (render.centre[1] + 0.5) * scale - 0.5 + rng.normal(0, BOX_OFF[0]) * size)
        apex = (np.array(render.apex) + 0.5) * scale - 0.5
        turn = rng.uniform(0, 360)
        window = APEX_WINDOW * size
        crops.append(GreyPyramid(image).crop(centre, window, APEX_CROP, turn))
        offsets.append(crop_offset(centre, window, turn, apex))
    return np.stack(crops), np.array(offsets, np.float32)


def apex_bank(dice: int, seed: int, jobs: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """``dice`` rendered D4s' crops and point offsets, from the chunks cached (made where missing)."""
    return chunk_bank(functools.partial(apex_chunk, seed=seed, patches=table_patches(seed)), f"d4apex-{seed}",
                      -(-dice // CHUNK), versioned(CACHE_DIR, "d4-apex", (dice3d, apex_chunk, crop_offset)), jobs)


def apex_net(widths: Sequence[int]):
    """Conv blocks (3x3, batch norm, ReLU; 2x2 pools after all but the last), a 1x1 conv to 16 channels that
    keeps where things are, and two linear layers from them to the point's offset."""
    import torch.nn as nn

    layers, channels = [], 1
    for k, width in enumerate(widths):
        layers += [nn.Conv2d(channels, width, 3, padding=1, bias=False), nn.BatchNorm2d(width), nn.ReLU(inplace=True)]
        layers += [nn.MaxPool2d(2)] if k < len(widths) - 1 else []
        channels = width
    side = APEX_CROP // 2 ** (len(widths) - 1)

    class ApexNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.features = nn.Sequential(*layers, nn.Conv2d(channels, 16, 1), nn.ReLU(inplace=True), nn.Flatten())
            self.head = nn.Sequential(nn.Linear(16 * side * side, 64), nn.ReLU(inplace=True), nn.Linear(64, 2))

        def forward(self, x):
            return (self.head(self.features(x)),)

    return ApexNet()


def train(args) -> None:
    import torch
    import torch.nn.functional as F

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    started = time.time()
    crops, offsets = apex_bank(args.dice, args.seed, args.jobs)
    print(f"rendered D4s: {len(crops)} ({time.time() - started:.0f} s)", flush=True)
    kept = len(crops) - min(CHUNK, len(crops) // 5)
    train_crops, train_y, val_x, val_y = crops[:kept], offsets[:kept], torch.from_numpy(normalise(crops[kept:])), offsets[kept:]
    model = apex_net(args.widths)
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = args.epochs * (len(train_crops) // args.batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    for epoch in range(args.epochs):
        t0, total = time.time(), 0.0
        model.train()
        order = rng.permutation(len(train_crops))
        for start in range(0, len(order) - args.batch + 1, args.batch):
            picked = order[start:start + args.batch]
            batch = normalise(print_over(train_crops[picked], rng, args.printed))
            loss = F.smooth_l1_loss(model(torch.from_numpy(batch))[0], torch.from_numpy(train_y[picked]), beta=0.05)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item()
        model.eval()
        with torch.no_grad():
            guessed = model(val_x)[0].numpy()
        error = np.median(np.linalg.norm(guessed - val_y, axis=1)) * APEX_WINDOW
        print(f"epoch {epoch + 1}/{args.epochs}: loss {total / (len(order) // args.batch):.4f}; held-out renders' "
              f"median error {error:.3f} of the die's size ({time.time() - t0:.0f} s)", flush=True)
        export(model, APEX_CROP, ("point",), pathlib.Path(args.out))  # each epoch: a stopped run keeps one


def main(argv: Sequence[str] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(MODEL_DIR / APEX_MODEL))
    parser.add_argument("--dice", type=int, default=36000, help="rendered D4s to learn from")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--widths", type=int, nargs=4, default=[16, 32, 48, 64], metavar="C")
    parser.add_argument("--printed", type=float, default=0.3,
                        help="share of the crops written over with lines of small text, as a caption across a photo")
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1, help="processes rendering dice")
    train(parser.parse_args(argv))


if __name__ == "__main__":
    main()
