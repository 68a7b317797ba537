"""Train the digit reader on drawn die faces (``digit_crops``); export ONNX; measure it on real numeral photos.

    python -m vision.training.digits [--crops 100000] [--epochs 4] [--threads 2] [--jobs 1]

The reader sees the close crop of a die's middle (``NUMERAL_WINDOW``) and says which numeral, 1 to 8, stands
upright in it, or none. It learns from drawn crops only, so every real photo it is measured on is left out of
its training. The crops are cached under /tmp/automata-digits.
"""
from __future__ import annotations

import argparse
import pathlib
import time
from typing import Dict, Sequence

import numpy as np

from vision.classifier import DIGIT_MODEL, FACE_TURNS, MODEL_DIR, NUMERAL_CROP, digit_values, normalise
from vision.training.digit_crops import VALUES, digit_bank
from vision.training.numerals import real_crops, turned_dice_recall
from vision.training.train import export

CACHE = pathlib.Path("/tmp/automata-digits")
MEASURED = ("fickett_rolls", "lurig_types", "baylor_d6")  # real photos with labelled numerals


def die_accuracy(predict, crops) -> Dict[str, float]:
    """Each type's value recall balanced over its values, for real dice cut at every one of ``FACE_TURNS``
    (rows die after die): a die's value is the one most upright over its turns (``digit_values``)."""
    rows = predict(normalise(crops.crops))
    return turned_dice_recall(rows.reshape(-1, len(FACE_TURNS), VALUES + 1).mean(axis=1), crops, digit_values)


def digit_net(widths: Sequence[int]):
    """Four conv blocks (3x3, batch norm, ReLU; 2x2 pools between), their mean over the crop, one linear head:
    the mean lets a numeral anywhere near the middle count the same."""
    import torch.nn as nn

    layers, channels = [], 1
    for k, width in enumerate(widths):
        layers += [nn.Conv2d(channels, width, 3, padding=1, bias=False), nn.BatchNorm2d(width), nn.ReLU(inplace=True)]
        layers += [nn.MaxPool2d(2)] if k < len(widths) - 1 else []
        channels = width

    class DigitNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.features = nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten())
            self.head = nn.Linear(channels, VALUES + 1)

        def forward(self, x):
            return (self.head(self.features(x)),)

    return DigitNet()


def train(args) -> None:
    import torch
    import torch.nn.functional as F

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    started = time.time()
    crops, labels = digit_bank(args.crops, args.seed, CACHE, args.jobs)
    print(f"drawn crops: {len(crops)} ({time.time() - started:.0f} s)", flush=True)
    measured = {name: real_crops([name], np.random.default_rng(0)) for name in args.measure}
    model = digit_net(args.widths)
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = args.epochs * (len(crops) // args.batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)

    def predict(batch: np.ndarray) -> np.ndarray:
        model.eval()
        with torch.no_grad():
            return np.concatenate([torch.softmax(model(torch.from_numpy(batch[i:i + 2048]))[0], 1).numpy()
                                   for i in range(0, len(batch), 2048)])

    for epoch in range(args.epochs):
        model.train()
        t0, total = time.time(), 0.0
        order = rng.permutation(len(crops))
        for start in range(0, len(order) - args.batch + 1, args.batch):
            picked = order[start:start + args.batch]
            batch = crops[picked]
            if rng.random() < 0.5:  # light numerals on dark plastic, and dark on light
                batch = 255 - batch
            logits = model(torch.from_numpy(normalise(batch)))[0]
            loss = F.cross_entropy(logits, torch.from_numpy(labels[picked]), label_smoothing=0.05)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item()
        report = {name: die_accuracy(predict, c) for name, c in measured.items()}
        print(f"epoch {epoch + 1}/{args.epochs}: loss {total / (len(order) // args.batch):.3f}; " + "; ".join(
            f"{name} " + " ".join(f"{k} {v:.3f}" for k, v in r.items()) for name, r in report.items())
            + f" ({time.time() - t0:.0f} s)", flush=True)
        export(model, NUMERAL_CROP, ("digit",), pathlib.Path(args.out))  # each epoch: a stopped run keeps one


def main(argv: Sequence[str] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(MODEL_DIR / DIGIT_MODEL))
    parser.add_argument("--crops", type=int, default=100000, help="drawn crops to learn from")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--measure", nargs="*", default=list(MEASURED), choices=MEASURED,
                        help="real sources measured after each epoch (never trained on)")
    parser.add_argument("--widths", type=int, nargs=4, default=[24, 48, 48, 96], metavar="C")
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1, help="processes drawing crops")
    train(parser.parse_args(argv))


if __name__ == "__main__":
    main()
