"""Train the die classifier on synthetic renders and the CC-licensed D6 photos; export ONNX.

    python -m vision.training.train [--out vision/models/dice_net.onnx] [--scenes 2500] [--epochs 14]

CPU only, one thread, a few minutes. The rune55 ``PXL`` group (the only colour photos
with boxes) is held out of training so it stays an honest test; lurig_types and
fickett_rolls are never used for training (they are the type and value tests, and
fickett's images carry no licence).
"""
from __future__ import annotations

import argparse
import pathlib
import time

import numpy as np

from vision.classifier import CLASSES, CROP, DEFAULT_MODEL, normalise
from vision.training.samples import SampleSet, manifest_samples, synthetic_samples

DATA_ROOT = pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "data" / "dice"
RUNE55_TRAIN_GROUPS = ("numbered", "i", "random", "IMG")


def build_model():
    import torch.nn as nn

    def block(cin, cout, pool=True):
        layers = [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]
        return layers + ([nn.MaxPool2d(2)] if pool else [])

    class DiceNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.features = nn.Sequential(*block(1, 16), *block(16, 32), *block(32, 48), *block(48, 64, pool=False),
                                          nn.Flatten())
            flat = 64 * (CROP // 8) ** 2
            self.hidden = nn.Sequential(nn.Linear(flat, 128), nn.ReLU(inplace=True), nn.Dropout(0.2))
            self.classes = nn.Linear(128, len(CLASSES))
            self.box = nn.Linear(128, 3)

        def forward(self, x):
            h = self.hidden(self.features(x))
            return self.classes(h), self.box(h)

    return DiceNet()


def augment(crops: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Photometric changes the crops may meet on another camera: blur, noise, gamma, contrast."""
    import cv2

    out = crops.astype(np.float32)
    for i in range(len(out)):
        if rng.random() < 0.3:
            out[i] = cv2.GaussianBlur(out[i], (0, 0), rng.uniform(0.4, 1.3))
        if rng.random() < 0.5:
            out[i] = 255.0 * (np.clip(out[i], 0, 255) / 255.0) ** rng.uniform(0.6, 1.6)
        if rng.random() < 0.4:
            out[i] += rng.normal(0, rng.uniform(2, 12), out[i].shape)
    return np.clip(out, 0, 255).astype(np.uint8)


def collect(scenes: int, seed: int, cache: pathlib.Path) -> SampleSet:
    if cache.exists():
        data = np.load(cache)
        out = SampleSet()
        out.crops, out.classes, out.boxes = list(data["crops"]), list(data["classes"]), list(data["boxes"])
        return out
    out = synthetic_samples(scenes, seed)
    print(f"synthetic crops: {len(out.crops)}")
    manifest = DATA_ROOT / "rune55_d6" / "manifest.jsonl"
    if manifest.exists():
        real = manifest_samples(manifest, RUNE55_TRAIN_GROUPS, seed)
        print(f"rune55 crops (groups {', '.join(RUNE55_TRAIN_GROUPS)}): {len(real.crops)}")
        out.extend(real)
    else:
        print(f"{manifest} not found: training on synthetic crops only")
    crops, classes, boxes = out.arrays()
    cache.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(cache, crops=crops, classes=classes, boxes=boxes)
    return out


def train(args) -> None:
    import torch
    import torch.nn.functional as F

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    samples = collect(args.scenes, args.seed, pathlib.Path(args.cache))
    crops, classes, boxes = samples.arrays()
    order = rng.permutation(len(crops))
    n_val = len(crops) // 10
    val, tr = order[:n_val], order[n_val:]
    print(f"{len(tr)} training crops, {n_val} validation crops; classes: {np.bincount(classes, minlength=len(CLASSES))}")
    model = build_model()
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = args.epochs * (len(tr) // args.batch + 1)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    for epoch in range(args.epochs):
        model.train()
        started = time.time()
        rng.shuffle(tr)
        total = 0.0
        for start in range(0, len(tr), args.batch):
            idx = tr[start:start + args.batch]
            x = torch.from_numpy(normalise(augment(crops[idx], rng)))
            y = torch.from_numpy(classes[idx])
            b = torch.from_numpy(boxes[idx])
            logits, box = model(x)
            positive = y > 0
            loss = F.cross_entropy(logits, y, label_smoothing=0.05)
            if positive.any():
                loss = loss + 2.0 * F.smooth_l1_loss(box[positive], b[positive], beta=0.05)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item() * len(idx)
        accuracy = evaluate(model, crops[val], classes[val])
        print(f"epoch {epoch + 1}/{args.epochs}: loss {total / len(tr):.3f}, validation accuracy {accuracy:.3f}, "
              f"{time.time() - started:.0f} s", flush=True)
    export(model, pathlib.Path(args.out))


def evaluate(model, crops: np.ndarray, classes: np.ndarray) -> float:
    import torch

    model.eval()
    with torch.no_grad():
        logits, _ = model(torch.from_numpy(normalise(crops)))
    return float((logits.argmax(1).numpy() == classes).mean())


def export(model, out: pathlib.Path) -> None:
    import torch

    model.eval()
    out.parent.mkdir(parents=True, exist_ok=True)
    dummy = torch.zeros(1, 1, CROP, CROP)
    torch.onnx.export(model, dummy, str(out), input_names=["crop"], output_names=["classes", "box"],
                      dynamic_axes={"crop": {0: "n"}, "classes": {0: "n"}, "box": {0: "n"}}, opset_version=13,
                      dynamo=False)
    print(f"wrote {out} ({out.stat().st_size / 1024:.0f} KiB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(DEFAULT_MODEL))
    parser.add_argument("--scenes", type=int, default=2500, help="synthetic scenes to render")
    parser.add_argument("--epochs", type=int, default=14)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--cache", default="/tmp/automata-vision-train/crops.npz",
                        help="where the rendered crops are kept between runs")
    train(parser.parse_args())


if __name__ == "__main__":
    main()
