"""The digit reader's last layer refitted to a table's own numeral dice.

The digit reader (``DigitReader``) ends in one linear layer from what it sees in a close crop (the mean of its
last convolution) to its classes: none, or the numeral 1 to 8 standing upright. A table's confirmed dice of a
type refit that layer. Each example is read at each of ``DIGIT_TURNS``: the turn at which the reader finds its
value most upright is learnt as that value, and the turns at least ``NONE_FROM`` degrees from it as none (a 1
or an 8 half a turn round excepted: it stands upright there too). The layer starts from the reader's own
weights and moves from them only as far as the examples pull it (``PULL``, a penalty on the distance), so a few
dozen examples teach it this table's font without unlearning the others. A die is then read as the reader
reads it (``digit_values``), through the refitted layer.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from vision.classifier import DIGIT_TURNS, digit_values, softmax

NONE_FROM = 60.0  # turns at least this far from an example's upright turn are learnt as showing no value upright
SYMMETRIC = (1, 8)  # values upright again half a turn round
PULL = 0.02  # the penalty on the squared distance from the reader's own weights, per weight
VALUE_WEIGHT = 4.0  # an upright row counts as this many rows of none: each example has one, and several of none
STEPS = 300
RATE = 0.5


@dataclass(frozen=True)
class DigitLook:
    """The digit reader's look at one example, at each of ``DIGIT_TURNS``."""

    value: int
    features: np.ndarray  # (turns, features): what its last layer takes
    rows: np.ndarray      # (turns, classes): its odds


def read(rows: np.ndarray, die_type: str) -> int:
    """The value a die's rows (one per ``DIGIT_TURNS``) read."""
    return int(np.argmax(digit_values(rows, die_type))) + 1


def refitted_rows(features: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """(turns, classes): the odds of a layer of ``weights`` (classes, features + 1; the bias last)."""
    return softmax(features @ weights[:, :-1].T + weights[:, -1])


def refit(looks: Sequence[DigitLook], weights: np.ndarray) -> np.ndarray:
    """The layer's weights refitted to ``looks``, by gradient descent with momentum from ``weights``."""
    x, y, w = _labelled(looks)
    xb = np.hstack([x, np.ones((len(x), 1), np.float32)])
    target = np.eye(weights.shape[0], dtype=np.float32)[y]
    fitted, velocity = weights.copy(), np.zeros_like(weights)
    for _ in range(STEPS):
        grad = ((softmax(xb @ fitted.T) - target) * w[:, None]).T @ xb / w.sum() + PULL * (fitted - weights)
        velocity = 0.9 * velocity - RATE * grad
        fitted = fitted + velocity
    return fitted


def cross_validated(looks: Sequence[DigitLook], weights: np.ndarray, die_type: str, folds: int) -> float:
    """The share of ``looks`` whose value a layer refitted to the other folds reads right."""
    fold_of = np.arange(len(looks)) % folds
    right = 0
    for fold in range(min(folds, len(looks))):
        fitted = refit([k for k, f in zip(looks, fold_of) if f != fold], weights)
        right += sum(read(refitted_rows(k.features, fitted), die_type) == k.value
                     for k, f in zip(looks, fold_of) if f == fold)
    return right / len(looks)


def _labelled(looks: Sequence[DigitLook]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rows learnt from (features), their classes, and their weights."""
    turns = np.asarray(DIGIT_TURNS)
    xs, ys, ws = [], [], []
    for look in looks:
        upright = int(np.argmax(look.rows[:, look.value]))
        away = np.abs((turns - turns[upright] + 180.0) % 360.0 - 180.0)
        none = away >= NONE_FROM
        if look.value in SYMMETRIC:
            none &= away <= 180.0 - NONE_FROM
        xs += [look.features[upright:upright + 1], look.features[none]]
        ys += [[look.value], [0] * int(none.sum())]
        ws += [[VALUE_WEIGHT], [1.0] * int(none.sum())]
    return (np.vstack(xs).astype(np.float32), np.concatenate(ys).astype(int),
            np.concatenate(ws).astype(np.float32))
