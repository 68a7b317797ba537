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
from vision.training.fitting import held_out, one_cycle, render_arguments, seeded
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
    import torch.nn.functional as F

    rng = seeded(args.threads, args.seed)
    started = time.time()
    crops, offsets = apex_bank(args.dice, args.seed, args.jobs)
    print(f"rendered D4s: {len(crops)} ({time.time() - started:.0f} s)", flush=True)
    train_crops, train_y, val_x, val_y = held_out(crops, offsets, CHUNK)
    model = apex_net(args.widths)

    def measure(net) -> str:
        error = np.median(np.linalg.norm(net(val_x)[0].numpy() - val_y, axis=1)) * APEX_WINDOW
        return f"held-out renders' median error {error:.3f} of the die's size"

    one_cycle(model, train_crops, train_y, args.epochs, args.batch, 3e-3, rng,
              lambda batch: normalise(print_over(batch, rng, args.printed)),
              lambda out, y: F.smooth_l1_loss(out, y, beta=0.05), measure,
              lambda net: export(net, APEX_CROP, ("point",), pathlib.Path(args.out)))


def main(argv: Sequence[str] = None) -> None:
    parser = render_arguments(__doc__.split("\n")[0], str(MODEL_DIR / APEX_MODEL), (16, 32, 48, 64))
    train(parser.parse_args(argv))


if __name__ == "__main__":
    main()
