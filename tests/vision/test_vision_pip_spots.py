"""The pip network's count: learnt from real photos only, it counts rendered dice it never saw."""
import numpy as np
import pytest

from tests.vision.test_vision_pips import _die
from vision.pip_spots import CROP, WINDOW, PipNet, die_crop


@pytest.fixture(scope="module")
def pip_net():
    return PipNet()


@pytest.mark.parametrize("colour", ["red", "white", "blue"])
def test_counts_rendered_faces_seen_from_above(pip_net, colour):
    dice = [_die("d6", value, colour) for value in range(1, 7)]
    counts = [pip_net.count(frame, [(centre, size)])[0] for frame, centre, size in dice]
    assert counts == [1, 2, 3, 4, 5, 6]


def test_counts_faces_seen_at_a_slant(pip_net):
    counts = [pip_net.count(*_slanted(value))[0] for value in range(1, 7)]
    assert sum(c == v for c, v in zip(counts, range(1, 7))) >= 5, counts


def _slanted(value):
    frame, centre, size = _die("d6", value, "white", rotation=10.0, slant=0.3)
    return frame, [(centre, size)]


@pytest.mark.parametrize("die_type,faces", [("d4", 4), ("d8", 8)])
def test_numerals_are_not_a_face_of_three_pips_or_more(pip_net, die_type, faces):
    counts = [pip_net.count(frame, [(centre, size)])[0]
              for frame, centre, size in (_die(die_type, v, "green", pips=False) for v in range(1, faces + 1))]
    assert all(c < 3 for c in counts), counts


def test_an_empty_patch_and_no_dice(pip_net):
    frame = np.full((200, 200, 3), 120, np.uint8)
    assert pip_net.count(frame, [((100, 100), 60)]) == [0]
    assert pip_net.count(frame, []) == []


def test_the_crop_spans_the_window_around_the_die():
    frame = np.zeros((300, 400, 3), np.uint8)
    frame[100:160, 200:260] = 255  # a 60-pixel die centred at (230, 130)
    crop = die_crop(frame, (230, 130), 60)
    side = CROP / WINDOW  # the die's side in the crop
    lit = np.flatnonzero(crop[CROP // 2, :, 0] > 127)
    assert crop.shape == (CROP, CROP, 3)
    assert abs(len(lit) - side) <= 2 and abs((lit[0] + lit[-1]) / 2 - (CROP - 1) / 2) <= 1


def test_a_missing_model_names_the_command_that_trains_it(tmp_path):
    with pytest.raises(FileNotFoundError, match="vision.training.pip_net"):
        PipNet(tmp_path / "pips.onnx")
