"""Train the numeral reader on 3D-rendered dice and real photos; export ONNX.

    python -m vision.training.numerals [--threads 2] [--jobs 2] [--real lurig_types baylor_d6] [--leave-out SOURCE ...]

One network reads the close crop of a die's middle (``NUMERAL_WINDOW``): for each die type, the value its
numerals show (a D4's three copies around its point, a D8's or numeral D6's top face), and for a D6
whether it shows pips or numerals. Renders (``dice3d``, cached under /tmp/automata-numerals) teach every
type, value, font and plastic; real photos add what renders miss. ``fickett_rolls`` is never trained on.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import time
from typing import Optional, Sequence

import numpy as np

from vision.classifier import (FACE_NUMERALS, FACE_TURNS, MODEL_DIR, NUMERAL_CROP, NUMERAL_MODEL, UPRIGHT_SLICES,
                               normalise, upright_values)
from vision.readings import DIE_TYPES
from vision.training.numeral_bank import (UNKNOWN, NumeralCrops, background_patches, photo_crops, rendered_bank,
                                           synth_dice)
from vision.training.printed import print_over
from vision.training.sources import DATA_ROOT, SOURCES, Source
from vision.training.train import augment, build_model, export

CACHE = pathlib.Path("/tmp/automata-numerals")
NUMERAL_SOURCES = ("lurig_types", "baylor_d6")  # real photos whose numerals are labelled
PIP_SOURCES = ("rune55_d6", "skovy_d6", "matteop65_d6")  # real D6s with pips: they teach the face kind
BACKGROUND_SOURCES = ("rune55_d6", "skovy_d6")  # tables the renders are laid on
FACE_PRINT_HEIGHT = (0.1, 0.22)  # print's cap height over a close crop, smaller than a die's numerals


def source_named(name: str) -> Source:
    """A training source, or a source only measured (``fickett_rolls``)."""
    return next((s for s in SOURCES if s.name == name), Source(name, "measured only, never trained on"))


def reader_boxes(source: Source, rows: Sequence[dict]) -> list[Optional[list[float]]]:
    """The box the shipped reader finds around each row's one labelled die (None where it finds none),
    cached per source: the real crops are cut where the reader would cut them."""
    path = CACHE / f"boxes-{source.name}.json"
    cached: dict[str, Optional[list[float]]] = json.loads(path.read_text()) if path.exists() else {}
    missing = [r for r in rows if _key(source, r) not in cached]
    if missing:
        import cv2

        from vision.reader import DiceReader

        reader = DiceReader()
        for row in missing:
            readings = reader.read(cv2.imread(row["image"]))
            label = row["dice"][0].get("bbox")
            if label:
                cx, cy = (label[0] + label[2]) / 2, (label[1] + label[3]) / 2
                readings = [r for r in readings if r.bbox[0] <= cx <= r.bbox[2] and r.bbox[1] <= cy <= r.bbox[3]]
            best = max(readings, key=lambda r: r.detection_confidence, default=None)
            cached[_key(source, row)] = list(best.bbox) if best else None
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(cached))
    return [cached[_key(source, r)] for r in rows]


def _key(source: Source, row: dict) -> str:
    return str(pathlib.Path(row["image"]).relative_to(DATA_ROOT / source.name))


def real_crops(names: Sequence[str], rng: np.random.Generator, turns: Sequence[float] = FACE_TURNS) -> NumeralCrops:
    """Close crops of the real numeral dice of sources ``names`` (one die a photo), at each of ``turns``."""
    parts = []
    for source in map(source_named, names):
        rows = [r for r in source.rows_with_labels() if len(r["dice"]) == 1]
        parts.append(photo_crops(rows, reader_boxes(source, rows), rng, turns))
    return NumeralCrops.join(parts)


def pip_crops(names: Sequence[str], rng: np.random.Generator, most: int = 6000) -> NumeralCrops:
    """Close crops of labelled pip D6s (their labelled boxes) at a random turn, for the face kind."""
    rows = []
    for source in SOURCES:
        if source.name in names:
            rows += [dict(r, dice=[d]) for r in source.rows_with_labels() for d in r["dice"] if d.get("bbox")]
    picked = [rows[int(k)] for k in rng.permutation(len(rows))[:most]]
    crops = NumeralCrops.join([photo_crops([r], [r["dice"][0]["bbox"]], rng, [rng.uniform(0, 360)]) for r in picked])
    crops.values[:] = UNKNOWN
    return crops


def losses(outputs, types, values, pips):
    """Cross-entropy of each crop's value within its type's values (where the value is known), and of the
    face kind (for D6s whose kind is known)."""
    import torch
    import torch.nn.functional as F

    value_logits, kind_logits = outputs
    loss = torch.zeros(())
    for k, die_type in enumerate(DIE_TYPES):
        chosen = (types == k) & (values >= 0)
        if chosen.any():
            logits = value_logits[chosen][:, UPRIGHT_SLICES[die_type]]
            loss = loss + F.cross_entropy(logits, values[chosen], label_smoothing=0.05, reduction="sum")
    known = pips >= 0
    if known.any():
        loss = loss + 0.5 * F.cross_entropy(kind_logits[known], pips[known], reduction="sum")
    return loss / len(types)


def turned_die_loss(value_logits, types, values):
    """For real dice, each cut at every one of ``FACE_TURNS`` (rows die after die): the value is known, the turn
    that stands its numeral upright is not, so each die's surest turn is taught its value (multiple-instance
    learning); the other turns are taught nothing."""
    import torch
    import torch.nn.functional as F

    turns = len(FACE_TURNS)
    loss = torch.zeros(())
    for k, die_type in enumerate(DIE_TYPES):
        dice = np.flatnonzero(types[::turns] == k)
        if not len(dice):
            continue
        rows = torch.from_numpy((dice[:, None] * turns + np.arange(turns)).ravel())
        log_p = F.log_softmax(value_logits[rows][:, UPRIGHT_SLICES[die_type]], dim=1).reshape(len(dice), turns, -1)
        of_value = log_p.gather(2, torch.from_numpy(values[::turns][dice])[:, None, None].expand(-1, turns, 1))
        loss = loss - of_value[:, :, 0].max(dim=1).values.sum()
    return loss / max(1, len(types) // turns)


def real_dice_turned(names: Sequence[str], rng: np.random.Generator, variants: int = 2) -> NumeralCrops:
    """The real numeral dice of sources ``names``, each cut ``variants`` times at every one of ``FACE_TURNS``
    moved by a random offset."""
    return NumeralCrops.join([real_crops(names, rng, tuple(t + rng.uniform(0, 30) for t in FACE_TURNS))
                              for _ in range(variants)])


def draw(bank: NumeralCrops, real: NumeralCrops, size: int, real_share: float, rng) -> NumeralCrops:
    """An epoch's crops: each die type drawn as often, real crops ``real_share`` of each type's draws where
    there are any (at most 4 draws of each on average)."""
    parts = []
    per_type = size // len(DIE_TYPES)
    for k in range(len(DIE_TYPES)):
        rendered, photos = np.flatnonzero(bank.types == k), np.flatnonzero(real.types == k)
        n_real = min(int(real_share * per_type), 4 * len(photos))
        parts.append(_take(real, rng.choice(photos, n_real)) if n_real else NumeralCrops.empty())
        parts.append(_take(bank, rng.choice(rendered, per_type - n_real)))
    joined = NumeralCrops.join(parts)
    return _take(joined, rng.permutation(len(joined.crops)))


def _take(crops: NumeralCrops, idx: np.ndarray) -> NumeralCrops:
    return NumeralCrops(crops.crops[idx], crops.types[idx], crops.values[idx], crops.pips[idx])


def _rows(model, crops: np.ndarray) -> np.ndarray:
    """``FaceReader`` rows for crops, from the model being trained."""
    import torch

    model.eval()
    rows = []
    with torch.no_grad():
        for start in range(0, len(crops), 1024):
            v, k = model(torch.from_numpy(normalise(crops[start:start + 1024])))
            row = np.zeros((len(v), FACE_NUMERALS + 1), np.float32)
            for s in UPRIGHT_SLICES.values():
                row[:, s] = torch.softmax(v[:, s], dim=1).numpy()
            row[:, FACE_NUMERALS] = torch.softmax(k, dim=1).numpy()[:, 0]
            rows.append(row)
    return np.concatenate(rows)


def crop_accuracy(model, crops: NumeralCrops) -> dict[str, float]:
    """Rendered crops: per die type, the share whose upright value (or "none upright") is read right; and the
    face kind's."""
    rows = _rows(model, crops.crops)
    out = {}
    for k, die_type in enumerate(DIE_TYPES):
        chosen = (crops.types == k) & (crops.values >= 0)
        if chosen.any():
            out[die_type] = float(np.mean(rows[chosen][:, UPRIGHT_SLICES[die_type]].argmax(axis=1)
                                          == crops.values[chosen]))
    known = crops.pips >= 0
    if known.any():
        out["kind"] = float(np.mean((rows[known, FACE_NUMERALS] < 0.5) == (crops.pips[known] == 1)))
    return out


def die_accuracy(model, crops: NumeralCrops) -> dict[str, float]:
    """Real dice cut at every one of ``FACE_TURNS``: per die type, the balanced share whose value the turns
    read right together, as ``DiceReader`` reads them."""
    rows = _rows(model, crops.crops)
    return turned_dice_recall(rows.reshape(-1, len(FACE_TURNS), rows.shape[1]).mean(axis=1), crops, upright_values)


def turned_dice_recall(turns_mean: np.ndarray, crops: NumeralCrops, odds) -> dict[str, float]:
    """Per die type, the value recall balanced over its values of real dice cut at the same turns each (rows die
    after die), from a reader's look at each die (``turns_mean``: its rows averaged over the turns, or its rows at
    each turn); ``odds(look, die_type)`` gives the type's value odds."""
    turns = len(crops.types) // len(turns_mean)
    types, values = crops.types[::turns], crops.values[::turns]
    out = {}
    for k, die_type in enumerate(DIE_TYPES):
        chosen = np.flatnonzero((types == k) & (values > 0))
        if len(chosen):
            read = np.array([int(np.argmax(odds(turns_mean[i], die_type))) + 1 for i in chosen])
            truth = values[chosen]
            out[die_type] = float(np.mean([np.mean(read[truth == v] == v) for v in np.unique(truth)]))
    return out


def table_patches(seed: int) -> list[np.ndarray]:
    """Table patches cut from the photos of ``BACKGROUND_SOURCES`` away from their dice, cached."""
    patches_file = CACHE / "patches.npz"
    if patches_file.exists():
        return list(np.load(patches_file)["patches"])
    rows = [r for s in SOURCES if s.name in BACKGROUND_SOURCES for r in s.rows_with_labels()]
    patches = background_patches(rows, seed)
    patches_file.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(patches_file, patches=np.stack(patches))
    return patches


def train(args) -> None:
    import torch

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    patches = table_patches(args.seed)
    started = time.time()
    bank = NumeralCrops.join([rendered_bank(dice, seed, CACHE / "renders", patches, args.jobs)
                              for dice, seed in zip(args.dice, args.render_seeds)])
    print(f"renders: {len(bank.crops)} crops ({time.time() - started:.0f} s)", flush=True)
    left_out = set(args.leave_out) | set(args.measure)
    real = pip_crops([n for n in PIP_SOURCES if n not in left_out], rng)
    print(f"real crops: {len(real.crops)} (" + ", ".join(
        f"{t} {int(np.sum(real.types == k))}" for k, t in enumerate(DIE_TYPES)) + ")", flush=True)
    real_dice = NumeralCrops.join([real_dice_turned([n for n in args.real if n not in left_out], rng),
                                   synth_dice(args.synth_scenes, args.seed)])
    real_dice = _take(real_dice, np.flatnonzero(np.repeat((real_dice.values[::len(FACE_TURNS)] > 0),
                                                          len(FACE_TURNS))))
    dice_count = len(real_dice.crops) // len(FACE_TURNS)
    print(f"numeral dice taught at their surest turn (real and flat renders): {dice_count} cuts of " + ", ".join(
        f"{t} {int(np.sum(real_dice.types[::len(FACE_TURNS)] == k))}" for k, t in enumerate(DIE_TYPES)), flush=True)
    held = rng.permutation(len(bank.crops))
    validate, bank = _take(bank, held[:len(held) // 20]), _take(bank, held[len(held) // 20:])
    measured = {name: real_crops([name], np.random.default_rng(0)) for name in args.measure}

    model = build_model(NUMERAL_CROP, tuple(args.widths), (FACE_NUMERALS, 2))
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = args.epochs * -(-args.epoch_crops // args.batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=4e-3, total_steps=steps)
    for epoch in range(args.epochs):
        model.train()
        t0 = time.time()
        epoch_crops = draw(bank, real, args.epoch_crops, args.real_share, rng)
        total = 0.0
        for start in range(0, len(epoch_crops.crops), args.batch):
            part = _take(epoch_crops, np.arange(start, min(start + args.batch, len(epoch_crops.crops))))
            printed = print_over(part.crops, rng, args.print_over, FACE_PRINT_HEIGHT)
            x = torch.from_numpy(normalise(augment(printed, rng, args.invert)))
            loss = losses(model(x), *(torch.from_numpy(a) for a in (part.types, part.values, part.pips)))
            if dice_count and args.real_dice:
                picked = rng.choice(dice_count, args.real_dice)
                rows = (picked[:, None] * len(FACE_TURNS) + np.arange(len(FACE_TURNS))).ravel()
                turned = _take(real_dice, rows)
                values_out, _ = model(torch.from_numpy(normalise(augment(turned.crops, rng, args.invert))))
                loss = loss + args.real_weight * turned_die_loss(values_out, turned.types, turned.values)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item() * len(part.crops)
        report = {"renders": crop_accuracy(model, validate)}
        report.update({name: die_accuracy(model, crops) for name, crops in measured.items()})
        print(f"epoch {epoch + 1}/{args.epochs}: loss {total / len(epoch_crops.crops):.3f}, " + "; ".join(
            f"{name} " + " ".join(f"{k} {v:.3f}" for k, v in r.items()) for name, r in report.items())
            + f" ({time.time() - t0:.0f} s)", flush=True)
        export(model, NUMERAL_CROP, ("values", "kind"), pathlib.Path(args.out))  # each epoch: a stopped run keeps one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(MODEL_DIR / NUMERAL_MODEL))
    parser.add_argument("--dice", type=int, nargs="+", default=[64800, 34000],
                        help="dice to render with each of the render seeds (three crops each)")
    parser.add_argument("--render-seeds", type=int, nargs="+", default=[1, 2], help="one set of renders each")
    parser.add_argument("--real", nargs="*", default=list(NUMERAL_SOURCES), choices=NUMERAL_SOURCES,
                        help="real numeral photos to learn from")
    parser.add_argument("--leave-out", nargs="*", default=[], metavar="SOURCE",
                        help="sources not to learn from, so their figures stay honest")
    parser.add_argument("--measure", nargs="*", default=[], choices=NUMERAL_SOURCES + ("fickett_rolls",),
                        help="real sources to measure after each epoch (left out of training)")
    parser.add_argument("--epochs", type=int, default=7)
    parser.add_argument("--epoch-crops", type=int, default=50000)
    parser.add_argument("--real-share", type=float, default=0.3, help="share of each type's draws from photos")
    parser.add_argument("--synth-scenes", type=int, default=600,
                        help="scenes of vision.synth's flat dice (the demo's), taught as the real dice are")
    parser.add_argument("--real-dice", type=int, default=12,
                        help="dice taught at their surest turn added to each batch")
    parser.add_argument("--real-weight", type=float, default=0.5, help="how much the real dice's loss weighs")
    parser.add_argument("--print-over", type=float, default=0.25, help="share of rendered crops with small print over them")
    parser.add_argument("--widths", type=int, nargs=4, default=[16, 32, 64, 64], metavar="C")
    parser.add_argument("--invert", type=float, default=0.0)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1, help="processes rendering dice")
    train(parser.parse_args())


if __name__ == "__main__":
    main()
