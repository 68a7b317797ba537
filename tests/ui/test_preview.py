"""The camera preview at 800x480: no text drawn into the frame, outlines in the seat's colour,
and a tap on a die says what the camera read, in text as large as any on the screen."""
from __future__ import annotations

import numpy as np
import pytest

from companion.session.table import SeatSpec
from sim.app_driver import pump, tap, tap_at
from ui import theme
from ui.camera_feed import Reading, draw_readings

SQUARE = ((100.0, 100.0), (300.0, 100.0), (300.0, 300.0), (100.0, 300.0))


def bgr(colour: str):
    r, g, b, _ = theme.seat_rgba(colour)
    return tuple(round(c * 255) for c in (b, g, r))


def test_outlines_carry_the_seat_colour_and_nothing_is_written_beside_them():
    preview = np.zeros((360, 640, 3), np.uint8)
    draw_readings(preview, [Reading("d6", 5, "red", 0.95, (100, 100, 300, 300), SQUARE)], 0.5, threshold=0.8)
    assert tuple(preview[50, 100]) == bgr("red")  # the outline's top edge, scaled by a half
    drawn = np.argwhere(preview.any(axis=2))
    outline = np.array(SQUARE) * 0.5
    near = (np.abs(drawn[:, 1] - outline[:, 0].min()) <= 4) | (np.abs(drawn[:, 1] - outline[:, 0].max()) <= 4) \
        | (np.abs(drawn[:, 0] - outline[:, 1].min()) <= 4) | (np.abs(drawn[:, 0] - outline[:, 1].max()) <= 4)
    assert near.all(), "something other than the outline was drawn (a label)"


def test_a_reading_to_check_gets_a_halo_of_its_own():
    sure, unsure = (np.zeros((360, 640, 3), np.uint8) for _ in range(2))
    draw_readings(sure, [Reading("d6", 5, "blue", 0.95, (100, 100, 300, 300), SQUARE)], 0.5, threshold=0.8)
    draw_readings(unsure, [Reading("d6", 5, "blue", 0.4, (100, 100, 300, 300), SQUARE)], 0.5, threshold=0.8)
    assert tuple(unsure[50, 100]) == bgr("blue")
    halo = [tuple(p) for p in unsure[44:48, 100]]
    assert any(p != (0, 0, 0) and p != bgr("blue") for p in halo)
    assert (sure != unsure).any()


class StillFeed:
    """One preview frame and one die read on it, as the camera feed hands them over."""

    threshold = 0.8
    lost = False

    def __init__(self, colour: str) -> None:
        self.reading = Reading("d6", 5, colour, 0.4, (580, 300, 700, 420),
                               ((580.0, 300.0), (700.0, 300.0), (700.0, 420.0), (580.0, 420.0)))

    def latest(self):
        return 1, np.zeros((360, 640, 3), np.uint8)

    def readings(self):
        return [self.reading]

    def status(self):
        return "Test camera, reading dice"

    def stop(self):
        pass


@pytest.mark.slow
def test_a_tap_on_a_die_in_the_preview_shows_its_reading(app):
    app.controller.new_game([SeatSpec("red", "person", "Ann"), SeatSpec("blue", "person", "Bo")], seed=3)
    app.camera.feed = StillFeed("blue")
    app.show_next()
    table = app.manager.get_screen("table")
    tap("Camera")  # the preview in place of the table
    table.update_preview()
    pump(2)
    preview = table.preview
    assert preview.opacity == 1 and preview.width > 0
    width, height = preview.norm_image_size
    left, bottom = preview.center_x - width / 2, preview.center_y - height / 2
    x = left + 640 / 1280 * width   # the die's centre, (640, 360) in the 1280x720 main frame
    y = bottom + (1 - 360 / 720) * height
    tap_at(*preview.to_window(x, y))
    line = table.camera_line
    assert "D6 showing 5" in line.text and "Bo" in line.text and "not sure" in line.text
    assert line.font_size >= 18
    tap_at(*preview.to_window(left + 5, bottom + 5))  # no die there
    assert "D6 showing 5" not in line.text
    app.camera.feed = None
