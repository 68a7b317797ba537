"""The digit reader's last layer refitted to a table's numeral dice (``vision.digit_examples``)."""
import numpy as np

from vision.classifier import DIGIT_TURNS
from vision.d4_point import FACE_TURNS
from vision.digit_examples import AWAY_TURNS, DigitLook, PointLook, cross_validated, read, refit, refitted_rows
from vision.examples import EXAMPLE_ROTATIONS, EXAMPLES_PER_FACE, DieExample, TableDice, TableValues
from vision.readings import FACES

TURNS = len(DIGIT_TURNS)
FEATURES = 10  # column 0: "no numeral upright here"; column v: "the numeral v upright here"


def _misread(value: int) -> int:
    """The value the reader's own layer takes a numeral of this table's font for: the next one."""
    return value % 8 + 1


def _reader_layer() -> np.ndarray:
    """(9 classes, features + bias): reads "nothing upright" right, and each numeral as the next value, though
    the right value comes second (so its likeliest turn is still where it stands upright)."""
    weights = np.zeros((9, FEATURES + 1), np.float32)
    weights[0, 0] = 4.0
    for v in range(1, 9):
        weights[v, v] = 2.0
        weights[_misread(v), v] = 3.0
    return weights


def _look(value: int, upright: int, rng: np.random.Generator, weights: np.ndarray) -> DigitLook:
    features = rng.normal(0, 0.05, (TURNS, FEATURES)).astype(np.float32)
    features[:, 0] += 1.0
    features[upright, 0] -= 1.0
    features[upright, value] += 1.0
    return DigitLook(value, features, refitted_rows(features, weights))


def test_an_example_is_learnt_as_its_value_at_its_likeliest_turn_and_as_none_well_away_from_it():
    rows = np.full((TURNS, 9), 0.01)
    rows[3, 5] = 0.9
    features = np.arange(TURNS, dtype=np.float32)[:, None].repeat(2, axis=1)
    x, y, weights = DigitLook(5, features, rows).labelled()
    assert x[0, 0] == 3 and y[0] == 5 and weights[0] > weights[1]
    assert sorted(x[1:, 0].tolist()) == [t for t in range(TURNS) if t not in (2, 3, 4)] and set(y[1:]) == {0}
    rows = np.full((TURNS, 9), 0.01)
    rows[0, 8] = 0.9  # an 8 stands upright again half a turn round: that turn is not learnt as none
    x, y, _ = DigitLook(8, features, rows).labelled()
    assert sorted(x[1:, 0].tolist()) == [2, 3, 4, 8, 9, 10]


def test_the_refitted_layer_reads_this_tables_font_which_the_readers_own_misreads():
    rng = np.random.default_rng(0)
    weights = _reader_layer()
    looks = [_look(v, int(rng.integers(TURNS)), rng, weights) for v in range(1, 9) for _ in range(4)]
    assert all(read(k, k.rows) == _misread(k.value) for k in looks)
    fitted = refit(looks, weights)
    unseen = [_look(v, int(rng.integers(TURNS)), rng, weights) for v in range(1, 9) for _ in range(3)]
    assert all(read(k, refitted_rows(k.features, fitted)) == k.value for k in unseen)
    assert cross_validated(looks, weights, folds=5)[0] > 0.9


def _point_look(value: int, rng: np.random.Generator, weights: np.ndarray) -> PointLook:
    """A D4's look: on each face the value upright at one of ``FACE_TURNS``, nothing upright at the others, nor
    in the crops turned away."""
    faces, turns = 3, len(FACE_TURNS)
    features = rng.normal(0, 0.05, (faces * turns, FEATURES)).astype(np.float32)
    features[:, 0] += 1.0
    for face in range(faces):
        upright = face * turns + int(rng.integers(turns))
        features[upright, 0] -= 1.0
        features[upright, value] += 1.0
    away = rng.normal(0, 0.05, (faces * len(AWAY_TURNS), FEATURES)).astype(np.float32)
    away[:, 0] += 1.0
    return PointLook(value, features, refitted_rows(features, weights), away)


def test_a_d4_is_learnt_as_its_value_on_each_face_at_its_likeliest_turn_and_as_none_turned_away():
    look = _point_look(3, np.random.default_rng(4), _reader_layer())
    x, y, weights = look.labelled()
    assert list(y) == [3] * 3 + [0] * (3 * len(AWAY_TURNS))
    assert np.all(x[:3, 3] > 0.5) and np.all(x[3:, 0] > 0.5) and weights[0] > weights[-1]


def test_the_refitted_layer_reads_a_d4_font_the_readers_own_misreads():
    rng = np.random.default_rng(5)
    weights = _reader_layer()
    looks = [_point_look(v, rng, weights) for v in range(1, 5) for _ in range(4)]
    assert all(read(k, k.rows) == _misread(k.value) for k in looks[:12])  # a 4 is misread as a 5: no D4 value
    fitted = refit(looks, weights)
    unseen = [_point_look(v, rng, weights) for v in range(1, 5) for _ in range(3)]
    assert all(read(k, refitted_rows(k.features, fitted)) == k.value for k in unseen)


def test_a_value_no_example_shows_is_still_read_as_the_reader_read_it():
    """The layer moves from the reader's own only as far as the examples pull it."""
    rng = np.random.default_rng(1)
    weights = np.zeros((9, FEATURES + 1), np.float32)
    weights[0, 0] = 4.0
    for v in range(1, 9):
        weights[v, v] = 3.0
    looks = [_look(v, int(rng.integers(TURNS)), rng, weights) for v in range(1, 8) for _ in range(4)]
    fitted = refit(looks, weights)
    eight = _look(8, 2, rng, weights)
    assert read(eight, refitted_rows(eight.features, fitted)) == 8


class _DigitFeatures:
    """Stands in for ``DieFeatures`` with a digit reader: the regression's features say nothing of a die's value,
    the networks take every D8 for the next value, and the digit reader's look is as ``_look`` makes it."""

    def __init__(self):
        self.digits = self
        self.rng = np.random.default_rng(2)
        self.looks: dict = {}

    def head_weights(self):
        return _reader_layer()

    def keep_only(self, examples):
        pass

    def of_example(self, example):
        return self.rng.normal(0, 1, (len(EXAMPLE_ROTATIONS), 8)).astype(np.float32)

    def network_odds(self, example):
        return np.eye(FACES[example.die_type])[_misread(example.value) - 1]

    def digit_look(self, example):
        if id(example) not in self.looks:
            self.looks[id(example)] = _look(example.value, int(self.rng.integers(TURNS)), self.rng, _reader_layer())
        return self.looks[id(example)]


def test_a_type_the_refitted_layer_reads_best_is_read_by_it():
    crop = np.zeros((64, 64), np.uint8)
    dice = TableDice([DieExample("d8", v, "red", crop, crop) for v in range(1, 9) for _ in range(EXAMPLES_PER_FACE)])
    values = TableValues(_DigitFeatures(), dice)
    assert values.knows("d8") and values.reads_digits("d8")
    assert values.right["d8"].by_examples > 0.8 and values.right["d8"].by_networks == 0.0
    die = _look(6, 4, np.random.default_rng(3), _reader_layer())
    assert int(np.argmax(values.digit_value_odds("d8", die.features))) + 1 == 6


def test_a_refitted_layer_surer_than_it_proved_on_unseen_examples_is_softened():
    from vision.examples import TEMPERATURES, _likeliest_temperature, _softened

    sure = np.array([0.97, 0.01, 0.01, 0.01])
    assert _likeliest_temperature([sure] * 4, [0, 0, 0, 0]) == TEMPERATURES[0]  # sure, and right every time
    softer = _likeliest_temperature([sure] * 4, [0, 0, 1, 2])  # sure, and wrong half the time
    assert softer > TEMPERATURES[0] and _softened(sure, softer)[0] < 0.8
    assert np.isclose(_softened(sure, softer).sum(), 1.0) and np.argmax(_softened(sure, softer)) == 0


def test_a_die_the_refitted_layer_cannot_look_at_is_no_surer_than_the_networks_proved():
    crop = np.zeros((64, 64), np.uint8)
    dice = TableDice([DieExample("d8", v, "red", crop, crop) for v in range(1, 9) for _ in range(EXAMPLES_PER_FACE)])
    values = TableValues(_DigitFeatures(), dice)
    values.right["d8"] = type(values.right["d8"])(0.9, 0.5)
    odds = values.unlooked_odds("d8", np.array([0.9] + [0.1 / 7] * 7) * 0.6)  # the reader's: sure of a 1
    assert np.isclose(odds.sum(), 1.0) and np.argmax(odds) == 0 and odds[0] < 0.8
