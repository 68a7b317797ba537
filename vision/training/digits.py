"""Train the digit reader on drawn die faces (``digit_crops``) and real numerals; export ONNX; measure it on the
real photos it never saw.

    python -m vision.training.digits [--crops 100000] [--epochs 4] [--threads 2] [--real lurig_types baylor_d6]
                                     [--d4-dice 6000] [--rendered-dice 20000] [--printed 0.3]

The reader sees the close crop of a die's middle (``NUMERAL_WINDOW``) and says which numeral, 1 to 8, stands
upright in it, or none. It learns from drawn crops, and with ``--real`` from the second epoch on also from
the real D8s and numeral D6s of those sources: a photo's label gives the value, not the turn that stands it
upright, so each epoch the reader as it stands picks that turn (``real_labels``). After each epoch it is measured on every
source of ``MEASURED`` left out of ``--real`` (``fickett_rolls`` always). With ``--d4-dice`` it also learns the
crops by the point of rendered D4s (``d4_points``), as the reader reads a D4; with ``--rendered-dice``, the
close crops of 3D-rendered D8s and numeral D6s (``numeral_bank``: the numeral upright or none); with ``--printed``, a share of its crops carry small print (``printed``). The drawn and rendered
crops are cached under /tmp/automata-digits, and the network after each epoch as digits-SOURCES.pt there
(``--start`` goes on from one). The rendered banks, D4s' and the others', keep ``numeral_bank``'s narrow
upright band: a D4's face is read only at ``d4_point.FACE_TURNS`` about the way it points.
"""
from __future__ import annotations

import argparse
import pathlib
import time
from typing import Sequence

import numpy as np

from vision.classifier import DIGIT_MODEL, DIGIT_TURNS, MODEL_DIR, NUMERAL_CROP, digit_values, normalise
from vision.readings import DIE_TYPES
from vision.training.digit_crops import NONE, SYMMETRIC, VALUES, digit_bank
from vision.training.numeral_bank import NumeralCrops, rendered_bank
from vision.training.d4_points import point_bank
from vision.training.numerals import CACHE as RENDERS_CACHE
from vision.training.numerals import NUMERAL_SOURCES, real_crops, table_patches, turned_dice_recall
from vision.training.printed import print_over
from vision.training.train import export

CACHE = pathlib.Path("/tmp/automata-digits")
MEASURED = ("fickett_rolls", "lurig_types", "baylor_d6")  # real photos with labelled numerals
REAL_TURNS = tuple(float(a) for a in range(0, 360, 15))  # a real die learnt from is cut at each of these
READ_TYPES = ("d6", "d8")  # the faces the digit reader reads: a D8's, a numeral D6's
UPRIGHT_REPEATS = 4  # each upright turn of a real die is learnt this many times an epoch
UPRIGHT_REACH = 2  # the turns of ``REAL_TURNS`` either side of a real die's most upright one learnt as upright too
NONE_TURNS = 6  # turns of a real die learnt as none, each epoch
PRINT_HEIGHT = (0.07, 0.2)  # print's cap height over a crop (``--printed``): the crop is close, the print small


def die_accuracy(predict, crops) -> dict[str, float]:
    """Each type's value recall balanced over its values, for real dice cut at every one of ``DIGIT_TURNS``
    (rows die after die): a die's value is the one most upright over its turns (``digit_values``)."""
    rows = predict(normalise(crops.crops))
    return turned_dice_recall(rows.reshape(-1, len(DIGIT_TURNS), VALUES + 1), crops, digit_values)


def real_dice(names: Sequence[str], rng: np.random.Generator) -> NumeralCrops:
    """The real D8s and numeral D6s of sources ``names`` whose values are labelled, each cut at every one of
    ``REAL_TURNS`` (rows die after die)."""
    crops = real_crops(names, rng, REAL_TURNS)
    turns = len(REAL_TURNS)
    read = np.isin(crops.types, [DIE_TYPES.index(t) for t in READ_TYPES])
    kept = np.repeat((crops.values[::turns] > 0) & read[::turns], turns)
    return NumeralCrops(crops.crops[kept], crops.types[kept], crops.values[kept], crops.pips[kept])


def rendered_faces(dice: int, seed: int, jobs: int) -> tuple[np.ndarray, np.ndarray]:
    """The close crops and labels (the value upright, or ``NONE``) of ``dice`` 3D-rendered dice of ``numeral_bank``
    (a third each D4, D6, D8; the D8s and numeral D6s kept), from its cached renders (made where missing)."""
    bank = rendered_bank(dice, seed, RENDERS_CACHE / "renders", table_patches(seed), jobs)
    kept = np.isin(bank.types, [DIE_TYPES.index(t) for t in READ_TYPES]) & (bank.values >= 0)
    return bank.crops[kept], bank.values[kept]


def real_labels(odds: np.ndarray, values: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Which crops of real dice to learn from this epoch, and as what. ``odds`` (dice, turns, 9) are the
    reader's rows for each die at each of ``REAL_TURNS``, ``values`` the dice's labels. The turn where the
    labelled value is most upright and the ``UPRIGHT_REACH`` turns either side of it are learnt as the value
    (``UPRIGHT_REPEATS`` times); ``NONE_TURNS`` turns at least 45 degrees from it (and from its half turn, for a 1
    or an 8) as none."""
    dice, turns, _ = odds.shape
    step = 360 / turns
    picked, labels = [], []
    for die in range(dice):
        value = int(values[die])
        best = int(np.argmax(odds[die, :, value]))
        upright = [(best + k) % turns for k in range(-UPRIGHT_REACH, UPRIGHT_REACH + 1)]
        far = [t for t in range(turns) if all(
            min(abs(t - u) % turns, turns - abs(t - u) % turns) * step >= 45
            for u in [best] + ([best + turns // 2] if value in SYMMETRIC else []))]
        chosen_none = rng.choice(far, size=min(NONE_TURNS, len(far)), replace=False)
        picked += [die * turns + t for t in upright] * UPRIGHT_REPEATS + [die * turns + int(t) for t in chosen_none]
        labels += [value] * (len(upright) * UPRIGHT_REPEATS) + [NONE] * len(chosen_none)
    return np.array(picked, np.int64), np.array(labels, np.int64)


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


def load_start(model, path: pathlib.Path, crops: np.ndarray) -> None:
    """Start ``model`` from a saved state (``.pt``) or from a digit reader exported to ONNX (``.onnx``, such as the
    shipped one), whose batch norms were folded into its convolutions on export. Each convolution takes the folded
    weights, and its batch norm the mean and spread of its output on ``crops`` (normalised), so the network reads
    as the ONNX one does, in training as in use."""
    import torch

    if path.suffix != ".onnx":
        model.load_state_dict(torch.load(path))
        return
    import onnx
    from onnx import numpy_helper

    graph = onnx.load(str(path)).graph
    weights = {i.name: torch.from_numpy(numpy_helper.to_array(i).copy()) for i in graph.initializer}
    folded = [(weights[n.input[1]], weights[n.input[2]]) for n in graph.node if n.op_type == "Conv"]
    convs = [m for m in model.features if isinstance(m, torch.nn.Conv2d)]
    norms = [m for m in model.features if isinstance(m, torch.nn.BatchNorm2d)]
    if len(folded) != len(convs) or any(w.shape != c.weight.shape for (w, _), c in zip(folded, convs)):
        raise ValueError(f"{path} is not a digit reader of widths {[c.out_channels for c in convs]}")
    outputs: list = []
    hooks = [c.register_forward_hook(lambda _m, _x, y: outputs.append(y.detach())) for c in convs]
    with torch.no_grad():
        for (weight, _), conv, norm in zip(folded, convs, norms):
            conv.weight.copy_(weight)
            norm.reset_parameters()  # the identity, but for its bias: the output is the convolution's (below)
            norm.running_var.fill_(1.0 - norm.eps)
            norm.running_mean.zero_()
        model.head.weight.copy_(weights["head.weight"])
        model.head.bias.copy_(weights["head.bias"])
        for (_, bias), norm in zip(folded, norms):
            norm.bias.copy_(bias)
        model.eval()
        model(torch.from_numpy(normalise(crops)))
        for output, (_, bias), norm in zip(outputs, folded, norms):
            mean, var = output.mean(dim=(0, 2, 3)), output.var(dim=(0, 2, 3))
            norm.running_mean.copy_(mean)
            norm.running_var.copy_(var)
            norm.weight.copy_(torch.sqrt(var + norm.eps))
            norm.bias.copy_(mean + bias)
    for hook in hooks:
        hook.remove()


def train(args) -> None:
    import torch
    import torch.nn.functional as F

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    started = time.time()
    crops, labels = digit_bank(args.crops, args.seed, CACHE, args.jobs)
    print(f"drawn crops: {len(crops)} ({time.time() - started:.0f} s)", flush=True)
    if args.d4_dice:
        started = time.time()
        d4_crops, d4_labels = point_bank(args.d4_dice, args.seed, CACHE, table_patches(args.seed), args.jobs)
        crops, labels = np.concatenate([crops, d4_crops]), np.concatenate([labels, d4_labels])
        print(f"rendered D4 crops by the point: {len(d4_crops)} ({time.time() - started:.0f} s)", flush=True)
    if args.rendered_dice:
        started = time.time()
        face_crops, face_labels = rendered_faces(args.rendered_dice, args.seed, args.jobs)
        crops, labels = np.concatenate([crops, face_crops]), np.concatenate([labels, face_labels])
        print(f"rendered D8 and numeral D6 crops: {len(face_crops)} ({time.time() - started:.0f} s)", flush=True)
    real = real_dice(args.real, np.random.default_rng(0))
    print(f"real dice: {len(real.crops) // len(REAL_TURNS)} of {', '.join(args.real) or 'no source'}", flush=True)
    measured = {name: real_crops([name], np.random.default_rng(0), DIGIT_TURNS)
                for name in MEASURED if name not in args.real}
    model = digit_net(args.widths)
    if args.start:
        load_start(model, pathlib.Path(args.start), crops[rng.permutation(len(crops))[:2048]])
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    per_real_die = (2 * UPRIGHT_REACH + 1) * UPRIGHT_REPEATS + NONE_TURNS
    steps = args.epochs * ((len(crops) + len(real.crops) // len(REAL_TURNS) * per_real_die) // args.batch + 1)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)

    def predict(batch: np.ndarray) -> np.ndarray:
        model.eval()
        with torch.no_grad():
            return np.concatenate([torch.softmax(model(torch.from_numpy(batch[i:i + 2048]))[0], 1).numpy()
                                   for i in range(0, len(batch), 2048)])

    for epoch in range(args.epochs):
        t0, total = time.time(), 0.0
        pool, pool_labels = crops, labels
        if len(real.crops) and (epoch > 0 or args.start):
            odds = predict(normalise(real.crops)).reshape(-1, len(REAL_TURNS), VALUES + 1)
            picked, learnt = real_labels(odds, real.values[::len(REAL_TURNS)], rng)
            pool, pool_labels = np.concatenate([crops, real.crops[picked]]), np.concatenate([labels, learnt])
        model.train()
        order = rng.permutation(len(pool))
        for start in range(0, len(order) - args.batch + 1, args.batch):
            picked = order[start:start + args.batch]
            batch = pool[picked]
            if rng.random() < 0.5:  # light numerals on dark plastic, and dark on light
                batch = 255 - batch
            batch = print_over(batch, rng, args.printed, PRINT_HEIGHT)
            logits = model(torch.from_numpy(normalise(batch)))[0]
            loss = F.cross_entropy(logits, torch.from_numpy(pool_labels[picked]), label_smoothing=0.05)
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
        torch.save(model.state_dict(), CACHE / f"digits-{'+'.join(args.real) or 'drawn'}.pt")


def main(argv: Sequence[str] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(MODEL_DIR / DIGIT_MODEL))
    parser.add_argument("--crops", type=int, default=100000, help="drawn crops to learn from")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--real", nargs="*", default=[], choices=NUMERAL_SOURCES,
                        help="real sources learnt from too (the others of MEASURED are measured after each epoch)")
    parser.add_argument("--start", help="a digits-*.pt or a digit reader's .onnx (such as the shipped one) to go on "
                                        "from, rather than a new network")
    parser.add_argument("--d4-dice", type=int, default=0,
                        help="rendered D4s (vision.training.d4_points) whose crops by the point are learnt too")
    parser.add_argument("--rendered-dice", type=int, default=0,
                        help="3D-rendered dice (vision.training.numeral_bank) whose D8s' and numeral D6s' close crops "
                             "are learnt too")
    parser.add_argument("--printed", type=float, default=0.0,
                        help="share of the crops written over with lines of small text, as print beside a die or a "
                             "caption across a photo")
    parser.add_argument("--widths", type=int, nargs=4, default=[24, 48, 48, 96], metavar="C")
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1, help="processes drawing crops")
    train(parser.parse_args(argv))


if __name__ == "__main__":
    main()
