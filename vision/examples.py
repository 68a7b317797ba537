"""A table's own dice: the values a person confirmed, kept as examples, and the value reader fitted to them.

An Automata table has one set of dice, the same every game. Each value a person confirms (at calibration,
or when the companion asks during play) becomes a ``DieExample``: the die's type, value and colour, and two
small grey crops of it, the reader's view and the close view of its middle (a D4's also one crop of each face
by its point). ``TableValues`` fits, per die type, a softmax regression from what the reader sees in a crop (its
hidden layer, ``Reader.features``) to the die's value, on every example at ``EXAMPLE_ROTATIONS``, and refits the
digit reader's last layer to the numeral dice (``vision.digit_examples``); where one reads the examples better
than the networks do, the dice reader then takes a die's value odds from it instead of from the networks.

Why the crops are kept and not the features: features change whenever the networks are retrained, and a
table's examples must outlive an update. Saved, a die takes about 6 KB, a D4 with its crops by the point about 12 KB.
"""
from __future__ import annotations

import io
import pathlib
import zipfile
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Optional, Sequence

import cv2
import numpy as np

from vision.classifier import (DIGIT_TURNS, NUMERAL_CROP, NUMERAL_WINDOW, READER_CROP, READER_WINDOW,
                               TYPE_SLICES, DigitReader, FrameLooks, GreyPyramid, Reader, digit_values, normalise)
from vision import d4_point
from vision.detect import ContrastImage
from vision.digit_examples import AWAY_TURNS, DigitLook, Look, PointLook, cross_validated, refit, refitted_rows
from vision.readings import DIE_TYPES, FACES

EXAMPLE_ROTATIONS = tuple(float(a) for a in range(0, 360, 30))  # each example is learnt at these turns
STORED_MARGIN = 64 / 48  # a stored crop's side over the network's: every turn of the network's crop lies inside
EXAMPLES_PER_FACE = 3  # a type is read by its examples once each face has this many (docs/vision.md)
FOLDS = 5  # the examples' own reading of a type is tried on each fifth of them, fitted to the rest
TEMPERATURES = (1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0)
FIT_STEPS = 600
FIT_DECAY = 1e-4  # weight decay of the softmax regression: without it a few examples make it sure of anything
FIT_RATE = 0.5


@dataclass(frozen=True)
class DieExample:
    """One die whose value a person confirmed, with the crops the reader learns it from.

    ``reader_crop`` and ``numeral_crop`` are grey squares ``STORED_MARGIN`` times the reader's and the
    numeral reader's windows across, centred on the die, upright as the camera saw it. ``point_crops``: a D4's
    three faces' crops by its point (``d4_point.D4Point.faces``), each ``STORED_MARGIN`` times the window
    across, the point up; None where its point was not found."""

    die_type: str
    value: int
    colour: str
    reader_crop: np.ndarray
    numeral_crop: np.ndarray
    point_crops: Optional[np.ndarray] = None

    def __post_init__(self) -> None:
        if self.die_type not in FACES or not 1 <= int(self.value) <= FACES[self.die_type]:
            raise ValueError(f"no {self.die_type} shows {self.value}")


def example_from_frame(frame_bgr: np.ndarray, die_type: str, value: int, colour: str,
                       centre: tuple[float, float], size: float,
                       points: Optional[d4_point.PointFinder] = None) -> DieExample:
    """The example of a die of ``size`` frame pixels at ``centre``, confirmed as ``die_type`` showing ``value``.
    ``points``: the reader's D4 point finder (the shipped one where not given)."""
    pyramid = GreyPyramid(frame_bgr)
    return DieExample(die_type, int(value), colour,
                      pyramid.crop(centre, size * READER_WINDOW * STORED_MARGIN, _stored(READER_CROP)),
                      pyramid.crop(centre, size * NUMERAL_WINDOW * STORED_MARGIN, _stored(NUMERAL_CROP)),
                      _point_crops(frame_bgr, pyramid, centre, size, points or d4_point.shipped_finder())
                      if die_type == "d4" else None)


def _point_crops(frame_bgr: np.ndarray, pyramid: GreyPyramid, centre: tuple[float, float],
                 size: float, points: d4_point.PointFinder) -> Optional[np.ndarray]:
    point = points.locate(pyramid, ContrastImage.of(frame_bgr), centre, size)
    faces = point.faces() if point is not None else []
    if len(faces) != 3:
        return None
    return np.stack([pyramid.crop(c, window * STORED_MARGIN, _stored(NUMERAL_CROP), angle) for c, window, angle in faces])


def _stored(size: int) -> int:
    return int(round(size * STORED_MARGIN))


def turned(stored: np.ndarray, size: int, angle_deg: float) -> np.ndarray:
    """The network's ``size``-pixel crop inside a stored crop, turned by ``angle_deg`` as ``GreyPyramid.crop``
    turns it."""
    side = stored.shape[0]
    m: np.ndarray = cv2.getRotationMatrix2D(((side - 1) / 2, (side - 1) / 2), angle_deg, 1.0)
    m[:, 2] -= (side - size) / 2
    return cv2.warpAffine(stored, m, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


class ExamplesUnusable(ValueError):
    """A saved set of examples that cannot be read: damaged, or not a set of examples."""


class TableDice:
    """The examples of one table's dice (one camera set-up), in the order they were confirmed.

    ``types``: the die types the table's dice have, where the game tells them (an Automata table has all
    three, however few of a type the examples show yet); without it, the types the examples show."""

    def __init__(self, examples: Iterable[DieExample] = (), types: Optional[Sequence[str]] = None):
        self.examples: list[DieExample] = list(examples)
        self.declared_types = tuple(types) if types else None

    @property
    def types(self) -> tuple[str, ...]:
        if self.declared_types:
            return self.declared_types
        return tuple(t for t in DIE_TYPES if any(e.die_type == t for e in self.examples))

    def add(self, example: DieExample) -> None:
        self.examples.append(example)

    def remove(self, example: DieExample) -> bool:
        """Take back ``example`` (the undo of a confirmation); False where it is not held."""
        for k, held in enumerate(self.examples):
            if held is example:
                del self.examples[k]
                return True
        return False

    def clear(self) -> None:
        self.examples.clear()

    def counts(self) -> dict[str, int]:
        """Examples held of each die type."""
        return {t: sum(1 for e in self.examples if e.die_type == t) for t in DIE_TYPES}

    def to_bytes(self) -> bytes:
        side = _stored(NUMERAL_CROP)
        buffer = io.BytesIO()
        np.savez_compressed(
            buffer, kind=np.array("automata-table-dice-1"),
            types=np.array([e.die_type for e in self.examples], dtype="U2"),
            values=np.array([e.value for e in self.examples], dtype=np.int16),
            colours=np.array([e.colour for e in self.examples], dtype="U32"),
            reader=np.array([e.reader_crop for e in self.examples], dtype=np.uint8).reshape(
                -1, _stored(READER_CROP), _stored(READER_CROP)),
            numeral=np.array([e.numeral_crop for e in self.examples], dtype=np.uint8).reshape(-1, side, side),
            pointed=np.array([e.point_crops is not None for e in self.examples], dtype=bool),
            points=np.array([e.point_crops if e.point_crops is not None else np.zeros((3, side, side), np.uint8)
                             for e in self.examples], dtype=np.uint8).reshape(-1, 3, side, side))
        return buffer.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes) -> "TableDice":
        """The examples saved by ``to_bytes``; ``ExamplesUnusable`` saying why where ``data`` is not that. A set
        saved before D4 examples kept their crops by the point loads without them."""
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as saved:
                if str(saved["kind"]) != "automata-table-dice-1":
                    raise ExamplesUnusable("not a set of the table's dice examples")
                count = len(saved["types"])
                pointed = saved["pointed"] if "pointed" in saved else np.zeros(count, bool)
                points = saved["points"] if "points" in saved else [None] * count
                rows = zip(saved["types"], saved["values"], saved["colours"], saved["reader"], saved["numeral"],
                           pointed, points)
                return cls(DieExample(str(t), int(v), str(c), r, n, p if has else None)
                           for t, v, c, r, n, has, p in rows)
        except ExamplesUnusable:
            raise
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as error:
            raise ExamplesUnusable(f"the table's dice examples are damaged ({error})") from None

    def save(self, path: pathlib.Path) -> None:
        pathlib.Path(path).write_bytes(self.to_bytes())

    @classmethod
    def load(cls, path: pathlib.Path) -> "TableDice":
        return cls.from_bytes(pathlib.Path(path).read_bytes())


@dataclass(frozen=True)
class _ExampleLook:
    """What the networks make of one example (``DieFeatures``)."""

    example: DieExample
    features: np.ndarray     # one row per EXAMPLE_ROTATIONS
    value_odds: np.ndarray   # P(each value of its type), the networks alone
    type_odds: np.ndarray    # P(each of DIE_TYPES), the reader alone
    digits: Optional[Look]  # the digit reader's look at its close crops (a D4's: by its point; None without)


class DieFeatures:
    """What the reader sees in a die's crop and the digit reader in its close crops; and the type and value odds
    the networks alone give an example.

    An example's looks are kept while it is held (``keep_only``), so a refit after one more confirmation
    looks at that one example only."""

    def __init__(self, reader: Reader, d6_values: Reader, digits: DigitReader):
        self.reader = reader
        self.d6_values = d6_values
        self.digits = digits
        self._seen: dict[int, _ExampleLook] = {}  # by the example's id

    def of_example(self, example: DieExample) -> np.ndarray:
        """One row per ``EXAMPLE_ROTATIONS``."""
        return self._look(example).features

    def network_odds(self, example: DieExample) -> np.ndarray:
        """P(each value of its type) as the networks alone read the example, the mean over its rotations: a D6
        by the reader and the D6 value reader together (as ``DiceReader`` reads a D6), a D8 by the digit reader,
        a D4 by the digit reader at its point (by the reader where its point was not found)."""
        return self._look(example).value_odds

    def digit_look(self, example: DieExample) -> Optional[Look]:
        """The digit reader's look at the example's close crop at each of ``DIGIT_TURNS`` (a D4's at its crops by
        the point; None where it has none)."""
        return self._look(example).digits

    def network_type_odds(self, example: DieExample, types: Sequence[str]) -> np.ndarray:
        """P(each of ``types``) as the reader alone reads the example, the mean over its rotations."""
        odds = self._look(example).type_odds[[DIE_TYPES.index(t) for t in types]]
        return odds / max(float(odds.sum()), 1e-12)

    def keep_only(self, examples: Sequence[DieExample]) -> None:
        held = {id(e) for e in examples}
        self._seen = {k: v for k, v in self._seen.items() if k in held}

    def _look(self, example: DieExample) -> _ExampleLook:
        seen = self._seen.get(id(example))
        if seen is None or seen.example is not example:
            reader_crops = normalise(np.stack([turned(example.reader_crop, READER_CROP, a) for a in EXAMPLE_ROTATIONS]))
            read, reader_features = self.reader.predict_with_features(reader_crops)
            digits = self._digit_look(example)
            values = TYPE_SLICES[example.die_type]
            if example.die_type == "d6":
                odds = ((_shares(read[:, values]) + _shares(self.d6_values.predict(reader_crops)[:, values])) / 2
                        ).mean(axis=0)
            elif digits is not None:  # as the dice reader reads a D8, and a D4 by its point
                odds = digits.odds(digits.rows)
            else:
                odds = _shares(read[:, values]).mean(axis=0)
            types = _shares(np.stack([read[:, TYPE_SLICES[t]].sum(axis=1) for t in DIE_TYPES], axis=1))
            seen = self._seen[id(example)] = _ExampleLook(example, reader_features, odds, types.mean(axis=0), digits)
        return seen

    def _digit_look(self, example: DieExample) -> Optional[Look]:
        if example.die_type == "d4":
            if example.point_crops is None:
                return None
            turns = d4_point.FACE_TURNS + AWAY_TURNS
            crops = normalise(np.stack([turned(face, NUMERAL_CROP, a) for face in example.point_crops for a in turns]))
            rows, features = (part.reshape(3, len(turns), -1) for part in self.digits.predict_with_features(crops))
            reading = slice(0, len(d4_point.FACE_TURNS))
            away = slice(len(d4_point.FACE_TURNS), None)
            return PointLook(example.value, np.concatenate(features[:, reading]), np.concatenate(rows[:, reading]),
                             np.concatenate(features[:, away]))
        crops = normalise(np.stack([turned(example.numeral_crop, NUMERAL_CROP, a) for a in DIGIT_TURNS]))
        rows, features = self.digits.predict_with_features(crops)
        return DigitLook(example.value, features, rows, example.die_type)

    def of_dice(self, looks: FrameLooks, dice: Sequence[tuple[tuple[float, float], float]],
                angles: Sequence[float]) -> np.ndarray:
        """(len(angles), len(dice), features) for dice given as (centre, size) in a frame."""
        return looks.features(self.reader, dice, READER_WINDOW, READER_CROP, angles)

    def digits_of_dice(self, looks: FrameLooks, dice: Sequence[tuple[tuple[float, float], float]]) -> np.ndarray:
        """(len(dice), len(DIGIT_TURNS), features): what the digit reader's last layer takes from each die's close
        crop at each turn."""
        return looks.features(self.digits, dice, NUMERAL_WINDOW, NUMERAL_CROP, DIGIT_TURNS).transpose(1, 0, 2)


def _shares(p: np.ndarray) -> np.ndarray:
    """Each row of ``p`` as shares of its sum."""
    return p / np.maximum(p.sum(axis=1, keepdims=True), 1e-12)


@dataclass
class _ValueRegression:
    weights: np.ndarray  # (features + 1, classes)
    temperature: float = 1.0  # the logits' divisor that made the odds of examples it never saw likeliest

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        return _softmax(_with_bias(features) @ self.weights / self.temperature)


@dataclass(frozen=True)
class ExamplesRight:
    """How many of a type's examples each way of reading them reads right (shares): the regression, each fold
    read by one fitted to the others, and the networks alone."""

    by_examples: float
    by_networks: float

    @property
    def examples_better(self) -> bool:
        """Whether the type is read by its examples: they read more of them right."""
        return self.by_examples > self.by_networks


class TableValues:
    """Per die type, the odds of each value from the table's examples, and the odds of each type from a softmax
    regression fitted to them, each where it reads the table's dice better than the networks do.

    A type's values are read by the examples one of two ways: a softmax regression from what the networks see
    in a die's crops, or the digit reader's last layer refitted to them (``vision.digit_examples``: a numeral
    die's font, learnt at the turn that stands it upright). A type is weighed once every one of its faces has
    ``EXAMPLES_PER_FACE`` examples: a regression that has never seen a face could only ever read the others.
    Then each way is tried on the examples themselves, each of ``FOLDS`` folds of them read by one fitted to the
    other folds, and so are the networks alone. The type is read by the way that reads most of them right, the
    networks where neither reads more: on dice the networks already read well (D6 pips of many colours), a
    regression fitted to a few dozen examples is sure and wrong more often than the networks; on dice they read
    badly (one make's numerals), it is far better.
    Once every type of the table is weighed, which type a die is is weighed the same way: one make's D6 with
    numerals and its D8 look alike to networks that learnt from other dice.
    ``types``: the types of the table's dice (``TableDice.types``: a table that enrolled only D6s, and declared
    no types, plays with D6s only)."""

    def __init__(self, features: DieFeatures, dice: TableDice):
        self.features = features
        self.types = dice.types
        self.by_type: dict[str, _ValueRegression] = {}
        self.digit_layers: dict[str, np.ndarray] = {}
        self.digit_temperatures: dict[str, float] = {}
        self.right: dict[str, ExamplesRight] = {}
        self.type_regression: Optional[_ValueRegression] = None
        self.types_right: Optional[ExamplesRight] = None
        features.keep_only(dice.examples)
        for die_type in self.types:
            examples = [e for e in dice.examples if e.die_type == die_type]
            per_face = [sum(1 for e in examples if e.value == v) for v in range(1, FACES[die_type] + 1)]
            if min(per_face) < EXAMPLES_PER_FACE:
                continue
            self._weigh_values(die_type, examples)
        if len(self.types) > 1 and all(t in self.right for t in self.types):
            examples = [e for e in dice.examples if e.die_type in self.types]
            kinds = np.array([self.types.index(e.die_type) for e in examples])
            networks_right = np.mean([np.argmax(features.network_type_odds(e, self.types)) == k
                                      for e, k in zip(examples, kinds)])
            self.types_right, self.type_regression = _weighed([features.of_example(e) for e in examples], kinds,
                                                              len(self.types), float(networks_right))

    def _weigh_values(self, die_type: str, examples: Sequence[DieExample]) -> None:
        """Read ``die_type``'s values by the regression, the refitted digit layer or the networks: whichever
        reads most of its examples right."""
        values = np.array([e.value - 1 for e in examples])
        networks_right = float(np.mean([np.argmax(self.features.network_odds(e)) == e.value - 1 for e in examples]))
        right, regression = _weighed([self.features.of_example(e) for e in examples], values, FACES[die_type],
                                     networks_right)
        digits = self.features.digits
        looks = [] if digits is None else [k for k in map(self.features.digit_look, examples) if k is not None]
        if digits is not None and looks:
            layer = digits.head_weights()
            by_digits, unseen_odds = cross_validated(looks, layer, FOLDS)
            if by_digits > max(right.by_examples, networks_right):
                right, regression = ExamplesRight(by_digits, networks_right), None
                self.digit_layers[die_type] = refit(looks, layer)
                self.digit_temperatures[die_type] = _likeliest_temperature(unseen_odds, [k.value - 1 for k in looks])
        self.right[die_type] = right
        if regression is not None:
            self.by_type[die_type] = regression

    def knows(self, die_type: str) -> bool:
        """Whether ``die_type``'s values are read by the examples."""
        return die_type in self.by_type or die_type in self.digit_layers

    def reads_digits(self, die_type: str) -> bool:
        """Whether ``die_type``'s values are read by the digit reader's layer refitted to the examples."""
        return die_type in self.digit_layers

    def knows_types(self) -> bool:
        """Whether which type a die is is read by the examples."""
        return self.type_regression is not None

    def value_odds(self, die_type: str, views: np.ndarray) -> np.ndarray:
        """P(each value) of a die of ``die_type`` from its features in several views (rows), the views' mean."""
        return self.by_type[die_type].probabilities(views).mean(axis=0)

    def digit_value_odds(self, die_type: str, features: np.ndarray) -> np.ndarray:
        """P(each value) of a die of ``die_type`` from the digit reader's features (rows) of its close crop at each
        of ``DIGIT_TURNS``, or of a D4's crops at ``D4Point.numeral_looks``, through the refitted layer, softened
        by the temperature that made the values of examples it was not fitted to likeliest."""
        rows = refitted_rows(features, self.digit_layers[die_type])
        odds = d4_point.point_values(rows) if die_type == "d4" else digit_values(rows, die_type)
        return _softened(odds, self.digit_temperatures[die_type])

    def unlooked_odds(self, die_type: str, odds: np.ndarray) -> np.ndarray:
        """P(each value) of a die of a type the examples read whose crops they cannot look at (a D4 whose point
        was not found): the networks' ``odds``, weighed by the share of the examples they read right, the rest
        spread evenly, so that it is no surer than they proved."""
        proved = self.right[die_type].by_networks
        return proved * odds / max(float(odds.sum()), 1e-12) + (1.0 - proved) / len(odds)

    def type_odds(self, views: np.ndarray) -> np.ndarray:
        """P(each of ``types``) of a die from its features in several views (rows), the views' mean."""
        regression = self.type_regression
        assert regression is not None, "asked only where knows_types()"
        return regression.probabilities(views).mean(axis=0)


def _weighed(rows: Sequence[np.ndarray], classes: np.ndarray, count: int,
             networks_right: float) -> tuple[ExamplesRight, Optional[_ValueRegression]]:
    """How many examples (``rows``, of ``classes``) a regression reads right fold by fold, against the
    networks; and, where it reads more right, the regression fitted to them all, its odds softened by the
    temperature its folds chose."""
    by_examples, temperature = _cross_validated(rows, classes, count)
    right = ExamplesRight(by_examples, networks_right)
    if not right.examples_better:
        return right, None
    return right, replace(_fit(np.vstack(rows), np.repeat(classes, len(EXAMPLE_ROTATIONS)), count),
                          temperature=temperature)


def _cross_validated(rows: Sequence[np.ndarray], values: np.ndarray, classes: int) -> tuple[float, float]:
    """The share of examples (``rows``: each one's features at every rotation) whose class (``values``) a
    regression fitted to the other folds reads right; and the temperature (of ``TEMPERATURES``) that makes
    those regressions' odds of the classes of the examples they never saw likeliest."""
    folds = np.arange(len(rows)) % FOLDS
    logits: list[np.ndarray] = [np.empty(0)] * len(rows)
    for fold in range(min(FOLDS, len(rows))):
        held = folds == fold
        model = _fit(np.vstack([r for r, h in zip(rows, held) if not h]),
                     np.repeat(values[~held], len(EXAMPLE_ROTATIONS)), classes)
        for k in np.flatnonzero(held):
            logits[k] = _with_bias(rows[k]) @ model.weights
    right = sum(int(np.argmax(_softmax(z).mean(axis=0)) == v) for z, v in zip(logits, values)) / len(rows)
    return right, _likeliest(lambda t: [_softmax(z / t).mean(axis=0) for z in logits], [int(v) for v in values])


def _likeliest(odds_at: Callable[[float], Sequence[np.ndarray]], values: Sequence[int]) -> float:
    """Of ``TEMPERATURES``, the one at which the odds of examples never fitted to (``odds_at(temperature)``) make
    their ``values`` likeliest."""
    surprise = [-sum(np.log(max(float(o[v]), 1e-9)) for o, v in zip(odds_at(t), values)) for t in TEMPERATURES]
    return TEMPERATURES[int(np.argmin(surprise))]


def _softened(odds: np.ndarray, temperature: float) -> np.ndarray:
    """``odds`` as a softmax of their logs divided by ``temperature``."""
    p = np.power(np.maximum(odds, 1e-12), 1.0 / temperature)
    return p / p.sum()


def _likeliest_temperature(odds: Sequence[np.ndarray], values: Sequence[int]) -> float:
    """The temperature that makes the ``values`` of examples read by layers never fitted to them (``odds``)
    likeliest: the refitted layer is then no surer than it has proved."""
    return _likeliest(lambda t: [_softened(o, t) for o in odds], values)


def _with_bias(x: np.ndarray) -> np.ndarray:
    return np.hstack([x, np.ones((len(x), 1), x.dtype)])


def _softmax(z: np.ndarray, axis: int = 1) -> np.ndarray:
    e = np.exp(z - z.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def _fit(x: np.ndarray, y: np.ndarray, classes: int) -> _ValueRegression:
    """Softmax regression by full-batch gradient descent with momentum: a few hundred small matrix products,
    well under a second on one core for a table's examples. The classes run along the first axis, so that
    each step's softmax works on a few long rows rather than on many rows of a few."""
    xb = _with_bias(x.astype(np.float32))
    xt = np.ascontiguousarray(xb.T)
    target = np.eye(classes, dtype=np.float32)[:, y]  # (classes, examples)
    w = np.zeros((classes, xb.shape[1]), np.float32)
    velocity = np.zeros_like(w)
    for _ in range(FIT_STEPS):
        grad = (_softmax(w @ xt, axis=0) - target) @ xb / len(xb) + FIT_DECAY * w
        velocity = 0.9 * velocity - FIT_RATE * grad
        w += velocity
    return _ValueRegression(np.ascontiguousarray(w.T))
