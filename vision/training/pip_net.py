"""Train the pip network: where a die crop's top-face pips lie, as a heat map with each pip's size.

    python -m vision.training.pip_net [--leave-out SOURCE ...] [--epochs 12] [--out vision/models/pips.onnx]

It learns from the real D6 crops of ``vision.training.pip_crops`` whose pips the geometric count could
label, turned by any angle, scaled, shifted, with their light, contrast, blur, noise and colours varied.
``--leave-out`` trains without sources and reports, on their dice, how often the pips counted on the
network's spots (the same face search as ``vision.pips``) equal the labelled value, next to the count
on spots found by the geometric search alone.
"""
from __future__ import annotations

import argparse
import math
import pathlib
import time
from typing import List, Optional, Sequence, Tuple

import cv2
import numpy as np

from vision.pip_spots import CROP, STRIDE, WINDOW, PipNet, crop_channels
from vision.pips import SIDE, _face
from vision.training.pip_crops import PIP_SOURCES, PipCrops

CACHE = pathlib.Path(f"/tmp/automata-vision-train/pip-crops-{CROP}.npz")
HEAT = CROP // STRIDE
WIDTH = 24  # channels of the network's inner layers


def augment(crop: np.ndarray, pips: np.ndarray, rng: np.random.Generator) -> Tuple[np.ndarray, np.ndarray]:
    """A crop turned, scaled, shifted and recoloured, with its pips moved along."""
    angle = rng.uniform(0, 360)
    scale = math.exp(rng.uniform(-0.15, 0.15))
    matrix = cv2.getRotationMatrix2D((CROP / 2, CROP / 2), angle, scale)
    matrix[:, 2] += rng.uniform(-3, 3, size=2)
    if rng.random() < 0.5:  # a mirror image
        matrix[0] = -matrix[0]
        matrix[0, 2] += CROP
    out = cv2.warpAffine(crop, matrix, (CROP, CROP), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    moved = np.zeros_like(pips)
    if len(pips):
        moved[:, :2] = pips[:, :2] @ matrix[:, :2].T + matrix[:, 2]
        moved[:, 2] = pips[:, 2] * scale
    out = out.astype(np.float32)
    out = out[:, :, rng.permutation(3)]                                  # other colours
    out = (out - 128) * math.exp(rng.uniform(-0.5, 0.3)) + 128 + rng.uniform(-40, 40)  # contrast, light
    if rng.random() < 0.3:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.5, 1.6))
    if rng.random() < 0.3:  # seen smaller: fewer pixels a pip
        small = int(rng.integers(16, 40))
        out = cv2.resize(cv2.resize(out, (small, small), interpolation=cv2.INTER_AREA), (CROP, CROP))
    out += rng.normal(0, rng.uniform(0, 10), out.shape)
    if rng.random() < 0.2:
        out = 255 - out
    return np.clip(out, 0, 255).astype(np.uint8), moved


def targets(pips: np.ndarray) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The heat map (a Gaussian at each pip), the log size of each pip at its cells, and where that counts."""
    heat = np.zeros((HEAT, HEAT), np.float32)
    size = np.zeros((HEAT, HEAT), np.float32)
    mask = np.zeros((HEAT, HEAT), np.float32)
    ys, xs = np.mgrid[0:HEAT, 0:HEAT]
    for x, y, d in pips:
        cx, cy = round((x - STRIDE / 2) / STRIDE), round((y - STRIDE / 2) / STRIDE)  # its peak cell is 1
        if not (0 <= cx < HEAT and 0 <= cy < HEAT):
            continue
        sigma = max(0.7, d / STRIDE / 4)
        heat = np.maximum(heat, np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * sigma ** 2)))
        near = (np.abs(xs - cx) <= 1) & (np.abs(ys - cy) <= 1)
        size[near], mask[near] = math.log(d), 1
    return heat, size, mask


def focal_loss(logits, heat):
    import torch

    p = torch.sigmoid(logits).clamp(1e-4, 1 - 1e-4)
    positive = heat.ge(0.99).float()
    pos = -torch.log(p) * (1 - p) ** 2 * positive
    neg = -torch.log(1 - p) * p ** 2 * (1 - heat) ** 4 * (1 - positive)
    return (pos.sum() + neg.sum()) / positive.sum().clamp(min=1)


def build_net(width: int = WIDTH):
    import torch
    import torch.nn as nn

    def block(cin, cout, dilation=1):
        return [nn.Conv2d(cin, cout, 3, padding=dilation, dilation=dilation, bias=False), nn.BatchNorm2d(cout),
                nn.ReLU(inplace=True)]

    head = nn.Conv2d(width, 2, 1)
    with torch.no_grad():
        head.bias[0] = -2.19  # starts sure there is no pip: a few cells of a crop are pips
    return nn.Sequential(*block(2, 12), nn.MaxPool2d(2), *block(12, width), *block(width, width),
                         *block(width, width, 2), *block(width, width, 4), head)


def batches(data: PipCrops, chosen: np.ndarray, rng: np.random.Generator, size: int):
    order = rng.permutation(chosen)
    for at in range(0, len(order) - size + 1, size):
        xs, heats, sizes, masks = [], [], [], []
        for i in order[at:at + size]:
            crop, pips = augment(data.crops[i], data.pips[i], rng)
            xs.append(crop_channels(crop))
            h, s, m = targets(pips)
            heats.append(h), sizes.append(s), masks.append(m)
        yield (np.stack(xs), np.stack(heats), np.stack(sizes), np.stack(masks))


def train(data: PipCrops, chosen: np.ndarray, epochs: int, seed: int, width: int = WIDTH):
    import torch

    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    net = build_net(width)
    steps = epochs * (len(chosen) // 64)
    optimiser = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    started = time.time()
    for epoch in range(epochs):
        net.train()
        total = n = 0
        for x, heat, size, mask in batches(data, chosen, rng, 64):
            out = net(torch.from_numpy(x))
            heat_t, size_t, mask_t = (torch.from_numpy(a) for a in (heat, size, mask))
            loss = focal_loss(out[:, 0], heat_t) + 0.5 * ((out[:, 1] - size_t).abs() * mask_t).sum() / mask_t.sum().clamp(min=1)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total, n = total + float(loss.detach()), n + 1
        print(f"epoch {epoch + 1}/{epochs} loss {total / max(n, 1):.3f} ({time.time() - started:.0f} s)", flush=True)
    net.eval()
    return net


def export(net, out: pathlib.Path) -> None:
    import torch

    out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(net, torch.zeros(1, 2, CROP, CROP), str(out), input_names=["crop"], output_names=["spots"],
                      dynamic_axes={"crop": {0: "n"}, "spots": {0: "n"}}, opset_version=13, dynamo=False)
    print(f"wrote {out} ({out.stat().st_size / 1024:.0f} KiB)", flush=True)


def geometric_count(crop: np.ndarray) -> int:
    from vision.pips import top_face

    return len(top_face(crop, (CROP / 2, CROP / 2), CROP / WINDOW))


def report(data: PipCrops, model: pathlib.Path, names: Sequence[str]) -> None:
    net = PipNet(model)
    for name in names:
        k = PIP_SOURCES.index(name)
        idx = np.flatnonzero(data.sources == k)
        counts = net.counts(data.crops[idx])
        right = float(np.mean(counts == data.values[idx]))
        geometric = float(np.mean([geometric_count(data.crops[i]) == data.values[i] for i in idx]))
        print(f"{name}: {len(idx)} dice, counted right: pip network {right:.3f}, geometric {geometric:.3f}",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leave-out", nargs="*", default=[], choices=PIP_SOURCES)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--width", type=int, default=WIDTH, help="channels of the inner layers")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path(__file__).resolve().parents[1] / "models" / "pips.onnx")
    args = parser.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    if not CACHE.exists():
        from vision.training.pip_crops import build

        CACHE.parent.mkdir(parents=True, exist_ok=True)
        build().save(CACHE)
    data = PipCrops.load(CACHE)
    left_out = [PIP_SOURCES.index(n) for n in args.leave_out]
    chosen = np.array([i for i, p in enumerate(data.pips) if p is not None and data.sources[i] not in left_out])
    print(f"{len(chosen)} labelled crops", flush=True)
    net = train(data, chosen, args.epochs, args.seed, args.width)
    export(net, args.out)
    report(data, args.out, args.leave_out or PIP_SOURCES)


if __name__ == "__main__":
    main()
