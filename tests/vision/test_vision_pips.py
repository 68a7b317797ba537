"""Counting pips by their layout: right on D6s seen straight or at a slant, silent on numerals."""
import cv2
import numpy as np
import pytest

from vision.classifier import CLASSES
from vision.pips import count_likelihood, count_pips
from vision.synth import DieSpec, SceneStyle, make_background, render_scene

STYLE = SceneStyle(shadow=0.3, side_view=0.15, noise_sigma=2.0)


def _die(die_type, value, colour="red", rotation=20.0, pips=True, size=70.0, slant=None):
    """A frame with one die in the middle, its centre and its size in the frame."""
    rng = np.random.default_rng(value)
    background = make_background(rng, 320, 240)
    frame, labels = render_scene([DieSpec(die_type, value, colour, (160, 120), rotation, size, pips)],
                                 background, STYLE, rng)
    if slant is not None:  # squash one way, as a camera at an angle sees a face
        m = np.float32([[1.0, slant, -slant * 120], [0.0, 0.7, 36]])
        frame = cv2.warpAffine(frame, m, (320, 240), borderMode=cv2.BORDER_REFLECT)
        x0, y0, x1, y1 = labels[0]["bbox"]
        return frame, (160.0, 120.0), max(x1 - x0, (y1 - y0) * 0.7)
    x0, y0, x1, y1 = labels[0]["bbox"]
    return frame, ((x0 + x1) / 2, (y0 + y1) / 2), max(x1 - x0, y1 - y0)


@pytest.mark.parametrize("value", range(1, 7))
@pytest.mark.parametrize("colour", ["red", "white", "blue"])
def test_counts_the_top_face_seen_from_above(value, colour):
    frame, centre, size = _die("d6", value, colour)
    assert count_pips(frame, centre, size) == value


@pytest.mark.parametrize("value", range(1, 7))
def test_counts_a_face_seen_at_a_slant(value):
    frame, centre, size = _die("d6", value, "white", rotation=10.0, slant=0.3)
    assert count_pips(frame, centre, size) == value


@pytest.mark.parametrize("die_type,faces", [("d4", 4), ("d8", 8), ("d6", 6)])
def test_numerals_are_not_a_face_of_three_pips_or_more(die_type, faces):
    counts = [count_pips(*_die(die_type, v, "green", pips=False)) for v in range(1, faces + 1)]
    assert all(c < 3 for c in counts), counts


def test_an_empty_patch_has_no_pips():
    frame = np.full((200, 200, 3), 120, np.uint8)
    assert count_pips(frame, (100, 100), 60) == 0
    assert count_pips(frame, (1, 1), 3) == 0  # too small to look at


def test_likelihood_favours_the_counted_value_and_the_d6():
    like = count_likelihood(4, CLASSES[1:])
    d6 = {v: like[CLASSES.index(("d6", v)) - 1] for v in range(1, 7)}
    assert max(d6, key=d6.get) == 4
    assert like[CLASSES.index(("d8", 4)) - 1] < d6[4] / 10
    twos = count_likelihood(2, CLASSES[1:])  # two spots may be a numeral's loops: they say little of the type
    assert twos[CLASSES.index(("d8", 3)) - 1] >= twos[CLASSES.index(("d6", 3)) - 1]


def _probs(**shares):
    """A row of reader probabilities: "none", then each (type, value) given as d6_5=0.3 and so on."""
    p = np.zeros(len(CLASSES))
    for key, share in shares.items():
        die_type, _, value = key.partition("_")
        p[CLASSES.index((die_type, int(value)) if value else ("none", 0))] = share
    return p / p.sum()


def test_a_face_of_pips_turns_an_unsure_reading_to_the_counted_d6():
    from vision.reader import _count_pips, _weigh_pips

    frame, centre, size = _die("d6", 5, "white")
    probs = np.array([_probs(none=0.1, d8_5=0.45, d6_3=0.25, d6_5=0.2)])
    pips = _count_pips(frame, [(0.9, centre, size)], probs)
    assert pips == [5]
    weighed = _weigh_pips(probs, pips)[0]
    assert CLASSES[int(weighed.argmax())] == ("d6", 5)
    assert weighed[0] == pytest.approx(probs[0, 0]) and weighed.sum() == pytest.approx(1.0)


def test_a_sure_reading_or_no_die_is_not_counted():
    from vision.reader import _count_pips

    frame, centre, size = _die("d6", 5, "white")
    sure = np.array([_probs(none=0.001, d6_5=0.999), _probs(none=0.9, d6_5=0.1)])
    assert _count_pips(frame, [(0.9, centre, size)] * 2, sure) == [None, None]


def test_no_face_of_pips_leaves_the_reading_as_it_was():
    from vision.reader import NO_PIP_FACE, _count_pips, _weigh_pips

    frame = np.full((200, 200, 3), 120, np.uint8)
    probs = np.array([_probs(none=0.05, d8_7=0.6, d6_3=0.35)])
    pips = _count_pips(frame, [(0.9, (100, 100), 60)], probs)
    assert pips == [NO_PIP_FACE]
    assert np.allclose(_weigh_pips(probs, pips), probs)
