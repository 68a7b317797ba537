"""The digit reader's last layer refitted to a table's own numeral dice.

The digit reader (``DigitReader``) ends in one linear layer from what it sees in a close crop (the mean of its
last convolution) to its classes: none, or the numeral 1 to 8 standing upright. A table's confirmed dice of a
type refit that layer. Each example is read at each of ``DIGIT_TURNS``: the turn at which the reader finds its
value most upright is learnt as that value, and the turns at least ``NONE_FROM`` degrees from it as none (a 1
or an 8 half a turn round excepted: it stands upright there too). The layer starts from the reader's own
weights and moves from them only as far as the examples pull it (``PULL``, a penalty on the distance), so a few
dozen examples teach it this table's font without unlearning the others. A die is then read as the reader
reads it (``digit_values``), through the refitted layer.

A D4 is read by its point (``vision.d4_point``): its example keeps each face's crop, the point up. On each face
the turn of ``d4_point.FACE_TURNS`` at which the reader finds the value most upright is learnt as the value,
and the face's crop turned ``AWAY_TURNS`` as none; a D4 is read by ``d4_point.point_values``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, Union

import numpy as np

from vision.classifier import DIGIT_TURNS, digit_values, softmax
from vision.d4_point import FACE_TURNS, point_values

NONE_FROM = 60.0  # turns at least this far from an example's upright turn are learnt as showing no value upright
SYMMETRIC = (1, 8)  # values upright again half a turn round
PULL = 0.02  # the penalty on the squared distance from the reader's own weights, per weight
VALUE_WEIGHT = 4.0  # an upright row counts as this many rows of none: each example has one, and several of none
AWAY_TURNS = (90.0, 180.0, 270.0)  # a D4 face's crop turned by these shows no numeral upright
STEPS = 300
RATE = 0.5


@dataclass(frozen=True)
class DigitLook:
    """The digit reader's look at one example of a D6 or D8, at each of ``DIGIT_TURNS``."""

    value: int
    features: np.ndarray  # (turns, features): what its last layer takes
    rows: np.ndarray      # (turns, classes): its odds
    die_type: str = "d8"

    def odds(self, rows: np.ndarray) -> np.ndarray:
        """The values' odds from rows of the reader (or of a refitted layer) at this look's crops."""
        return digit_values(rows, self.die_type)

    def labelled(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The rows learnt from (features), their classes and weights: the turn most upright as the value, the
        turns at least ``NONE_FROM`` from it as none."""
        turns = np.asarray(DIGIT_TURNS)
        upright = int(np.argmax(self.rows[:, self.value]))
        away = np.abs((turns - turns[upright] + 180.0) % 360.0 - 180.0)
        none = away >= NONE_FROM
        if self.value in SYMMETRIC:
            none &= away <= 180.0 - NONE_FROM
        return _rows(self.features[upright:upright + 1], self.value, self.features[none])


@dataclass(frozen=True)
class PointLook:
    """The digit reader's look at one example of a D4: each face's crop by the point at each of ``FACE_TURNS``
    (face after face), and turned ``AWAY_TURNS``."""

    value: int
    features: np.ndarray  # (faces × FACE_TURNS, features)
    rows: np.ndarray      # (faces × FACE_TURNS, classes)
    away: np.ndarray      # (faces × AWAY_TURNS, features)

    def odds(self, rows: np.ndarray) -> np.ndarray:
        return point_values(rows)

    def labelled(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each face's turn most upright as the value, its crops turned away as none."""
        turns = len(FACE_TURNS)
        faces = self.rows[:, self.value].reshape(-1, turns)
        upright = [face * turns + int(np.argmax(row)) for face, row in enumerate(faces)]
        return _rows(self.features[upright], self.value, self.away)


Look = Union[DigitLook, PointLook]


def _rows(upright: np.ndarray, value: int, none: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features learnt from (``upright`` as the value, ``none`` as no numeral upright), classes and weights."""
    return (np.vstack([upright, none]).astype(np.float32),
            np.array([value] * len(upright) + [0] * len(none), int),
            np.array([VALUE_WEIGHT] * len(upright) + [1.0] * len(none), np.float32))


def read(look: Look, rows: np.ndarray) -> int:
    """The value ``rows`` (the reader's or a refitted layer's at the look's crops) read."""
    return int(np.argmax(look.odds(rows))) + 1


def refitted_rows(features: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """(turns, classes): the odds of a layer of ``weights`` (classes, features + 1; the bias last)."""
    return softmax(features @ weights[:, :-1].T + weights[:, -1])


def refit(looks: Sequence[Look], weights: np.ndarray) -> np.ndarray:
    """The layer's weights refitted to ``looks``, by gradient descent with momentum from ``weights``."""
    x, y, w = (np.concatenate(part) for part in zip(*(look.labelled() for look in looks)))
    xb = np.hstack([x, np.ones((len(x), 1), np.float32)])
    target = np.eye(weights.shape[0], dtype=np.float32)[y]
    fitted, velocity = weights.copy(), np.zeros_like(weights)
    for _ in range(STEPS):
        grad = ((softmax(xb @ fitted.T) - target) * w[:, None]).T @ xb / w.sum() + PULL * (fitted - weights)
        velocity = 0.9 * velocity - RATE * grad
        fitted = fitted + velocity
    return fitted


def cross_validated(looks: Sequence[Look], weights: np.ndarray, folds: int) -> tuple[float, list[np.ndarray]]:
    """The share of ``looks`` whose value a layer refitted to the other folds reads right, and each look's value
    odds as that layer reads it."""
    fold_of = np.arange(len(looks)) % folds
    odds: list[np.ndarray] = [np.empty(0)] * len(looks)
    for fold in range(min(folds, len(looks))):
        fitted = refit([k for k, f in zip(looks, fold_of) if f != fold], weights)
        for k in np.flatnonzero(fold_of == fold):
            odds[k] = looks[k].odds(refitted_rows(looks[k].features, fitted))
    right = sum(int(np.argmax(o)) + 1 == look.value for o, look in zip(odds, looks))
    return right / len(looks), odds
