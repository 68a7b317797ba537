"""The camera feed: demo frames of the game, readings off the main thread, a failing reader."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
import pytest

from companion.config import CameraConfig
from companion.session.follower import CameraFollower
from companion.session.table import SeatSpec, TableSession
from companion.store import GameStore
from hardware.camera import SyntheticSource
from ui.camera_feed import MAIN_SIZE, CameraFeed, DemoTable


@dataclass
class FakeDieReading:
    """Shaped like vision's DieReading: what the feed reads from a reader's results."""

    die_type: str
    value: int
    colour: str
    centre: tuple[float, float]
    outline: list[tuple[float, float]] = field(default_factory=list)
    confidence: float = 0.5
    bbox: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)


@pytest.fixture()
def session(tmp_path):
    store = GameStore(tmp_path / "games.sqlite3")
    yield TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=4)
    store.close()


def wait_for(condition, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


@pytest.mark.slow
def test_demo_table_draws_the_dice_of_the_game_and_follows_it(session):
    demo = DemoTable(lambda: session)
    dice = demo.dice()
    state = session.upcoming_state()
    assert sorted((t, v, c) for t, v, c, _ in dice) == sorted(
        (t, v, s.colour) for s in state.seats for t, v in s.available)
    frame = demo.render()
    assert frame.shape == (MAIN_SIZE[1], MAIN_SIZE[0], 3) and frame.dtype == np.uint8
    assert demo.render() is frame  # cached while the game stands still
    assert session.submit(session.legal()[0]).ok
    assert demo.render() is not frame


def test_feed_runs_the_reader_off_the_main_thread_and_keeps_crops(session):
    frame = np.full((MAIN_SIZE[1], MAIN_SIZE[0], 3), 90, np.uint8)
    calls = []

    def reader(image):
        calls.append(image.shape)
        return [FakeDieReading("d8", 7, "blue", (200.0, 200.0), [(180.0, 180.0), (220.0, 180.0), (220.0, 220.0),
                                                                 (180.0, 220.0)])]

    camera = SyntheticSource(lambda: frame, (640, 360))
    camera.start()
    feed = CameraFeed(camera, CameraFollower(camera, reader), "")
    feed.start()
    try:
        assert wait_for(lambda: feed.readings() and feed.latest()[0] > 3)
        reading = feed.readings()[0]
        assert (reading.die_type, reading.value, reading.colour) == ("d8", 7, "blue")
        assert reading.crop is not None and reading.crop.shape == (56, 56, 3)
        number, preview = feed.latest()
        assert preview.shape == (360, 640, 3)
        assert calls[0] == (MAIN_SIZE[1], MAIN_SIZE[0], 3)
        assert feed.status() == "Synthetic camera, reading dice"
    finally:
        feed.stop()


@pytest.mark.slow
def test_a_failing_reader_leaves_the_preview_running(session):
    def reader(image):
        raise FileNotFoundError("dice model not found")

    feed = CameraFeed.open(CameraConfig(), demo=True, table=lambda: session)
    feed.reading, feed.reader_status = CameraFollower(feed.camera, reader), ""
    feed.start()
    try:
        assert wait_for(lambda: feed.reading is None)
        first = feed.latest()[0]
        assert wait_for(lambda: feed.latest()[0] > first + 2)
        assert feed.status() == "Synthetic camera, dice reader failed"
        assert feed.latest()[1].shape == (360, 640, 3)
    finally:
        feed.stop()


def test_the_camera_counts_as_lost_only_after_lost_after_s_without_a_frame():
    """``camera.lost_after_s``: a missed frame is not a lost camera; a frame again and it is back."""
    now = [0.0]
    shown = [np.zeros((40, 64, 3), np.uint8)]
    camera = SyntheticSource(lambda: shown[0], (64, 40), clock=lambda: now[0])
    camera.start()
    feed = CameraFeed(camera, None, "no dice reader", lost_after_s=2.0)
    camera.read_preview()
    frame, shown[0] = shown[0], None
    now[0] = 1.5
    camera.read_preview()
    assert not feed.lost and feed.status() == "Synthetic camera, no dice reader"
    now[0] = 2.5
    assert feed.lost and feed.status() == "Camera lost"
    shown[0] = frame
    camera.read_preview()
    assert not feed.lost
