import numpy as np
import pytest

from vision.settle import MOVING, SETTLED, SettleDetector


def _table(brightness: float = 1.0, die_at=None):
    frame = np.full((240, 320, 3), 110, np.float32)
    frame[::16] = 125  # some texture
    if die_at is not None:
        x, y = die_at
        frame[y:y + 24, x:x + 24] = 240
    return np.clip(frame * brightness, 0, 255).astype(np.uint8)


def test_still_view_settles_after_the_configured_number_of_frames():
    detector = SettleDetector(still_frames=3)
    states = [detector.update(_table(die_at=(100, 100))) for _ in range(5)]
    assert states == [MOVING, MOVING, MOVING, SETTLED, SETTLED]


def test_rolling_die_keeps_it_moving_and_resets_the_count():
    detector = SettleDetector(still_frames=2)
    for _ in range(4):
        detector.update(_table(die_at=(100, 100)))
    assert detector.state == SETTLED
    assert detector.update(_table(die_at=(140, 110))) == MOVING
    for x in range(150, 250, 20):
        assert detector.update(_table(die_at=(x, 110))) == MOVING


def test_slow_light_change_is_not_movement():
    detector = SettleDetector(still_frames=2)
    states = [detector.update(_table(brightness=1.0 + 0.01 * i, die_at=(60, 60))) for i in range(30)]
    assert states[-1] == SETTLED and states.count(MOVING) == 2


def test_bad_frames_are_refused():
    with pytest.raises(ValueError):
        SettleDetector().update(np.zeros((0, 0), np.uint8))
    with pytest.raises(ValueError):
        SettleDetector(still_frames=0)
