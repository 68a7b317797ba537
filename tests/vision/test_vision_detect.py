"""Candidate blobs: the scale search."""
import cv2
import numpy as np
import pytest

from vision import detect
from vision.detect import find_candidates

PLACES = [(300, 300), (1100, 360), (700, 700)]


def _squares(side: int) -> np.ndarray:
    """A grey 1600 x 1000 table with a bright square die of side ``side`` at each of ``PLACES``."""
    frame = np.full((1000, 1600, 3), 90, np.uint8)
    half = side / 2
    for x, y in PLACES:
        cv2.rectangle(frame, (int(x - half), int(y - half)), (int(x + half), int(y + half)), (230, 230, 230), -1)
    return frame


def _distance(a, b) -> float:
    return float(np.hypot(a[0] - b[0], a[1] - b[1]))


@pytest.mark.parametrize("side", [20, 40, 90, 140])
@pytest.mark.parametrize("packed", [False, True])
def test_each_die_gives_a_candidate_at_its_place(side, packed):
    found = find_candidates(_squares(side), side / 1.5, side * 1.5, packed=packed)
    for place in PLACES:
        assert min(_distance(c.centre, place) for c in found) < 0.15 * side


@pytest.mark.parametrize("side", [90, 140])
def test_the_packed_search_from_a_halved_image_finds_the_same_blobs(side, monkeypatch):
    """Die-sized blobs are looked for from a halved image (twice for the largest here): the same strongest
    blobs, one per die, placed a little more coarsely, as from the full one. (The packed search also keeps
    weaker blobs inside each die; those are for the finder to reject.)"""
    frame = _squares(side)
    halved = find_candidates(frame, side / 1.5, side * 1.5, packed=True)[:len(PLACES)]
    monkeypatch.setattr(detect, "FIRST_OCTAVE_SIGMA", float("inf"))
    full = find_candidates(frame, side / 1.5, side * 1.5, packed=True)[:len(PLACES)]
    for place in PLACES:
        twin = min(halved, key=lambda h: _distance(h.centre, place))
        reference = min(full, key=lambda c: _distance(c.centre, place))
        assert _distance(reference.centre, place) < 0.05 * side
        assert _distance(twin.centre, place) < 0.1 * side
        assert twin.size == pytest.approx(reference.size, rel=0.05)
