"""Train the finder and reader on real photos and renders; export ONNX.

    python -m vision.training.train [--leave-out SOURCE ...] [--out-dir vision/models] [--nets finder reader]

The finder and reader learn from every licensed real source in ``vision.training.sources`` that is not
left out, and from renders, which teach what no real source has (D4 and D8 in the player colours, the
table's layout). Each epoch draws as many crops of each kind (no die, D4, D6, D8), real ones first
where there are enough, and as many dice of sources that show one type (``epoch_draw``). ``fickett_rolls``
is never trained on, and the lurig_types groups ``d4_color`` and ``d6_color`` and the second half of
``d8_color`` are kept for the die-type test. Crops are cached per source under /tmp/automata-vision-train.
"""
from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import pathlib
import time

import numpy as np

from vision.classifier import CLASSES, D6_VALUES_MODEL, FINDER_CROP, MODEL_DIR, READER_CROP, TYPE_SLICES, normalise
from vision.readings import DIE_TYPES
from vision.training.printed import print_over
from vision.training.samples import SampleSet, Samples, synthetic_samples
from vision.training.sources import (DATA_ROOT, SOURCE_NAMES, SOURCES, load_samples, save_samples,
                                     source_samples)

CACHE_DIR = pathlib.Path("/tmp/automata-vision-train")
RENDER_CHUNK = 500  # scenes rendered by one process at a time for the finder and reader
VALUE_ONLY = 1000  # added to the class of a crop whose source shows one die type: it teaches values, not types


def build_model(crop: int, widths, outputs, hidden: int = 128):
    """Conv blocks (3x3, batch norm, ReLU, 2x2 pool) then one hidden layer and one linear head per output."""
    import torch.nn as nn

    def block(cin, cout, pool=True):
        layers = [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]
        return layers + ([nn.MaxPool2d(2)] if pool else [])

    class DiceNet(nn.Module):
        def __init__(self):
            super().__init__()
            layers, cin = [], 1
            for i, width in enumerate(widths):
                layers += block(cin, width, pool=i < len(widths) - 1)
                cin = width
            self.features = nn.Sequential(*layers, nn.Flatten())
            flat = widths[-1] * (crop // 2 ** (len(widths) - 1)) ** 2
            self.hidden = nn.Sequential(nn.Linear(flat, hidden), nn.ReLU(inplace=True), nn.Dropout(0.2))
            self.heads = nn.ModuleList([nn.Linear(hidden, n) for n in outputs])

        def forward(self, x):
            h = self.hidden(self.features(x))
            return tuple(head(h) for head in self.heads)

    return DiceNet()


def augment(crops: np.ndarray, rng: np.random.Generator, invert: float = 0.0, jitter: float = 0.0,
            printed: float = 0.0) -> np.ndarray:
    """Changes the crops may meet on another camera: blur, noise, gamma, contrast; with ``invert``, that share
    of the crops turned negative (light pips on a dark die look like dark pips on a light one); with
    ``jitter``, each crop scaled by up to that fraction and shifted by up to that fraction of its side; with
    ``printed``, that share written over with lines of small text (``printed.print_over``)."""
    import cv2

    out = print_over(crops, rng, printed).astype(np.float32)
    side = out.shape[1]
    for i in range(len(out)):
        if jitter:
            m = cv2.getRotationMatrix2D((side / 2 - 0.5, side / 2 - 0.5), 0.0, 1.0 + rng.uniform(-jitter, jitter))
            m[:, 2] += rng.uniform(-jitter, jitter, 2) * side
            out[i] = cv2.warpAffine(out[i], m, (side, side), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        if rng.random() < invert:
            out[i] = 255.0 - out[i]
        if rng.random() < 0.3:
            out[i] = cv2.GaussianBlur(out[i], (0, 0), rng.uniform(0.4, 1.3))
        if rng.random() < 0.5:
            out[i] = 255.0 * (np.clip(out[i], 0, 255) / 255.0) ** rng.uniform(0.6, 1.6)
        if rng.random() < 0.4:
            out[i] += rng.normal(0, rng.uniform(2, 12), out[i].shape)
    return np.clip(out, 0, 255).astype(np.uint8)


def starmap(function, chunks, jobs: int) -> list:
    """``function`` over each of ``chunks`` (argument tuples), in ``jobs`` processes; one job runs here, since a
    process forked from one whose threads hold locks (OpenCV's, the networks') can wait on them for ever."""
    if jobs <= 1:
        return [function(*chunk) for chunk in chunks]
    with multiprocessing.Pool(jobs) as pool:
        return pool.starmap(function, chunks)


def collect(args) -> tuple[Samples, Samples]:
    """The finder's and reader's crops of every real source not left out (``args.leave_out``), and of renders,
    which teach what no real source has (D4 and D8 in the player colours, the table's layout)."""
    digest = _code_digest()
    out = Samples()
    for source in SOURCES:
        if source.name in args.leave_out:
            print(f"{source.name}: left out", flush=True)
            continue
        samples = source_samples(source, args.seed, CACHE_DIR, digest)
        if samples is None:
            print(f"{source.name}: no photos under {DATA_ROOT}", flush=True)
            continue
        print(f"{source.name}: {len(samples.reader.crops)} reader crops, {len(samples.finder.crops)} finder crops",
              flush=True)
        if source.one_type:
            samples.reader.classes = [c + VALUE_ONLY if c > 0 else c for c in samples.reader.classes]
        out.extend(samples)
    cache = CACHE_DIR / f"renders-{args.scenes}-{args.seed}-{digest}.npz"
    if not cache.exists():
        chunks = [(min(RENDER_CHUNK, args.scenes - start), (args.seed, k))
                  for k, start in enumerate(range(0, args.scenes, RENDER_CHUNK))]
        renders = Samples()
        for part in starmap(synthetic_samples, chunks, args.jobs):
            renders.extend(part)
        save_samples(renders, cache)
    renders = load_samples(cache)
    if args.rendered_dice:
        from vision.training.numerals import table_patches
        from vision.training.reader_renders import rendered_dice

        renders.reader.extend(rendered_dice(args.rendered_dice, args.seed, CACHE_DIR, table_patches(args.seed),
                                            args.jobs, args.rendered_types))
    print(f"renders: {len(renders.reader.crops)} reader crops", flush=True)
    return out, renders


def class_loss(logits, target, type_weight: float = 0.0):
    """Cross-entropy; a negative target -(k+1) means "a die of type k, value unknown"; a target of
    ``VALUE_ONLY`` + class means "a die, and given its type, this value", with its type weighed ``type_weight``
    (0: it says nothing of the type)."""
    import torch
    import torch.nn.functional as F

    known = (target >= 0) & (target < VALUE_ONLY)
    loss = torch.zeros((), dtype=logits.dtype)
    if known.any():
        loss = loss + F.cross_entropy(logits[known], target[known], label_smoothing=0.05, reduction="sum")
    given_type = target >= VALUE_ONLY
    if given_type.any():
        log_p = F.log_softmax(logits[given_type], dim=1)
        classes = target[given_type] - VALUE_ONLY
        for t in DIE_TYPES:
            s = TYPE_SLICES[t]
            chosen = (classes >= s.start) & (classes < s.stop)
            if chosen.any():
                rows = log_p[chosen]
                of_type = torch.logsumexp(rows[:, s], dim=1)
                within = rows.gather(1, classes[chosen][:, None])[:, 0] - of_type
                a_die = torch.logsumexp(rows[:, 1:], dim=1)
                loss = loss - (within + a_die + type_weight * (of_type - a_die)).sum()
    type_only = target < 0
    if type_only.any():
        log_p = F.log_softmax(logits[type_only], dim=1)
        rows = []
        for k, t in enumerate(DIE_TYPES):
            chosen = target[type_only] == -(k + 1)
            if chosen.any():
                rows.append(-torch.logsumexp(log_p[chosen][:, TYPE_SLICES[t]], dim=1).sum())
        loss = loss + sum(rows)
    return loss / len(target)


def crop_kinds(classes: np.ndarray) -> np.ndarray:
    """0 for "no die", 1 + the die type's index for a die that teaches its type (a class, or -(type index + 1)
    where the value is unknown), and one more kind for the dice that teach values only (``VALUE_ONLY``)."""
    kinds = np.full(len(classes), len(DIE_TYPES) + 1, np.int64)
    kinds[classes == 0] = 0
    for k, die_type in enumerate(DIE_TYPES):
        s = TYPE_SLICES[die_type]
        kinds[((classes >= s.start) & (classes < s.stop)) | (classes == -(k + 1))] = k + 1
    return kinds


def epoch_draw(kinds: np.ndarray, real: np.ndarray, size: int, rng, real_share: float, most_repeats: float,
               none_weight: float = 1.0) -> np.ndarray:
    """``size`` crop indices, drawn so each kind of crop (``kinds``) is drawn as often as any other (kind 0, no
    die, ``none_weight`` times as often), and within a kind the real crops make ``real_share`` of the draws, or
    less where there are too few of them to be drawn more than ``most_repeats`` times each. So no die type is
    taught mostly by photos and another mostly by renders: a network would learn from that which type a photo
    shows."""
    present = np.unique(kinds)
    weights = np.where(present == 0, none_weight, 1.0)
    out = []
    for kind, weight in zip(present, weights):
        per_kind = int(size * weight / weights.sum())
        pools = [np.flatnonzero((kinds == kind) & real), np.flatnonzero((kinds == kind) & ~real)]
        share = min(real_share, most_repeats * len(pools[0]) / per_kind) if len(pools[1]) else 1.0
        counts = [int(round(share * per_kind)), per_kind - int(round(share * per_kind))]
        out += [rng.choice(pool, count) for pool, count in zip(pools, counts) if count and len(pool)]
    return rng.permutation(np.concatenate(out))


def fit(name: str, model, real: SampleSet, renders: SampleSet, epochs: int, args, rng, with_box: bool,
        kinds=crop_kinds):
    """Train ``model`` on ``args.epoch_crops`` crops an epoch drawn by ``epoch_draw`` from the real crops and
    the renders (``kinds`` sorts them). A twelfth of each is kept apart to validate."""
    import torch
    import torch.nn.functional as F

    parts = [p.arrays() for p in (real, renders) if p.crops]
    crops, classes, boxes = (np.concatenate(k) for k in zip(*parts))
    n_real = len(real.crops)
    is_real = np.arange(len(crops)) < n_real
    real_val, real_tr = np.split(rng.permutation(n_real), [n_real // 12])
    render_val, render_tr = np.split(n_real + rng.permutation(len(crops) - n_real), [(len(crops) - n_real) // 12])
    training = np.concatenate([real_tr, render_tr])
    crop_kind = kinds(classes)
    print(f"{name}: {len(real_tr)} real and {len(render_tr)} rendered crops, {args.epoch_crops} drawn an epoch; "
          f"{len(real_val)} and {len(render_val)} to validate", flush=True)
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = epochs * -(-args.epoch_crops // args.batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=4e-3, total_steps=steps)
    for epoch in range(epochs):
        model.train()
        started = time.time()
        tr = training[epoch_draw(crop_kind[training], is_real[training], args.epoch_crops, rng, args.real_share,
                                 args.most_repeats, args.none_weight)]
        total = 0.0
        for start in range(0, len(tr), args.batch):
            idx = tr[start:start + args.batch]
            x = torch.from_numpy(normalise(augment(crops[idx], rng, args.invert, 0.0 if with_box else args.jitter,
                                                   args.printed)))
            y = torch.from_numpy(classes[idx])
            outputs = model(x)
            loss = class_loss(outputs[0], y, args.one_type_weight)
            if with_box:
                positive = y > 0
                if positive.any():
                    b = torch.from_numpy(boxes[idx])
                    loss = loss + 2.0 * F.smooth_l1_loss(outputs[1][positive], b[positive], beta=0.05)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item() * len(idx)
        accuracy = {kind: evaluate(model, crops[val], classes[val]) for kind, val in
                    (("real", real_val), ("rendered", render_val)) if len(val)}
        print(f"{name} epoch {epoch + 1}/{epochs}: loss {total / len(tr):.3f}, validation accuracy "
              + ", ".join(f"{kind} {a:.3f}" for kind, a in accuracy.items()) + f", {time.time() - started:.0f} s",
              flush=True)


def evaluate(model, crops: np.ndarray, classes: np.ndarray) -> float:
    """Accuracy on crops with a known class; type-only crops count when the type is right, value-only crops when
    the likeliest die class is theirs."""
    import torch

    model.eval()
    with torch.no_grad():
        probs = torch.softmax(model(torch.from_numpy(normalise(crops)))[0], dim=1).numpy()
    right = []
    for p, c in zip(probs, classes):
        if c >= VALUE_ONLY:
            right.append(int(np.argmax(p[1:])) + 1 == c - VALUE_ONLY)
        elif c >= 0:
            right.append(int(np.argmax(p)) == c)
        else:
            t = DIE_TYPES[-c - 1]
            right.append(max(DIE_TYPES, key=lambda k: p[TYPE_SLICES[k]].sum()) == t)
    return float(np.mean(right))


def export(model, crop: int, names, out: pathlib.Path) -> None:
    import torch

    model.eval()
    out.parent.mkdir(parents=True, exist_ok=True)
    dummy = torch.zeros(1, 1, crop, crop)
    torch.onnx.export(model, dummy, str(out), input_names=["crop"], output_names=list(names),
                      dynamic_axes={"crop": {0: "n"}, **{n: {0: "n"} for n in names}}, opset_version=13,
                      dynamo=False)
    print(f"wrote {out} ({out.stat().st_size / 1024:.0f} KiB)", flush=True)


def train(args) -> None:
    import torch

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    real, renders = collect(args) if {"finder", "reader"} & set(args.nets) else (None, None)
    out_dir = pathlib.Path(args.out_dir)
    if "finder" in args.nets:
        finder = build_model(FINDER_CROP, (12, 24, 32, 48), (2, 3), hidden=64)
        fit("finder", finder, real.finder, renders.finder, args.finder_epochs, args, rng, with_box=True,
            kinds=lambda classes: classes)
        export(finder, FINDER_CROP, ("die", "box"), out_dir / "finder.onnx")
    if "reader" in args.nets:
        reader = build_model(READER_CROP, tuple(args.reader_widths), (len(CLASSES),), hidden=128)
        fit("reader", reader, real.reader, renders.reader, args.reader_epochs, args, rng, with_box=False)
        export(reader, READER_CROP, ("classes",), out_dir / args.reader_file)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out-dir", default=str(MODEL_DIR))
    parser.add_argument("--scenes", type=int, default=3000, help="synthetic scenes to render")
    parser.add_argument("--rendered-dice", type=int, default=0,
                        help="3D-rendered dice the reader learns from too (vision.training.reader_renders)")
    parser.add_argument("--rendered-types", nargs="+", default=list(DIE_TYPES), choices=DIE_TYPES,
                        help="the types of those dice it learns from")
    parser.add_argument("--leave-out", nargs="*", default=[], choices=SOURCE_NAMES, metavar="SOURCE",
                        help="real sources not to train on, so their figures stay honest")
    parser.add_argument("--finder-epochs", type=int, default=8)
    parser.add_argument("--reader-epochs", type=int, default=12)
    parser.add_argument("--nets", nargs="+", default=["finder", "reader"], choices=["finder", "reader"])
    parser.add_argument("--reader-file", default="reader.onnx", choices=["reader.onnx", D6_VALUES_MODEL],
                        help="which reader to write: the reader, or the D6 value reader (trained with --invert 0.5 "
                             "--jitter 0.08)")
    parser.add_argument("--reader-widths", type=int, nargs=4, default=[16, 32, 64, 64], metavar="C",
                        help="channels of the reader's four convolution blocks")
    parser.add_argument("--one-type-weight", type=float, default=0.3,
                        help="how much a die of a source that shows one type teaches that type (0 to 1)")
    parser.add_argument("--none-weight", type=float, default=1.0,
                        help="how many times as often as each die type crops of no die are drawn an epoch")
    parser.add_argument("--epoch-crops", type=int, default=40000, help="crops drawn an epoch")
    parser.add_argument("--real-share", type=float, default=0.6,
                        help="the real crops' share of the draws of each kind of crop, where there are enough")
    parser.add_argument("--most-repeats", type=float, default=3.0,
                        help="the most times a real crop is drawn an epoch, on average over its kind")
    parser.add_argument("--invert", type=float, default=0.0, help="share of the training crops turned negative")
    parser.add_argument("--printed", type=float, default=0.0,
                        help="share of the training crops written over with lines of small text, as print beside "
                             "a die or a caption across a photo")
    parser.add_argument("--jitter", type=float, default=0.0,
                        help="most scaling and shift of a training crop (the readers', never the finder's)")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes rendering the crops")
    train(parser.parse_args())


def _code_digest() -> str:
    """A digest of the rendering and cropping code: crops cut by other code are never reused."""
    sources = [pathlib.Path(__file__).resolve().parents[1] / name
               for name in ("synth.py", "classifier.py", "training/samples.py")]
    return hashlib.sha1(b"".join(p.read_bytes() for p in sources)).hexdigest()[:10]


if __name__ == "__main__":
    main()
