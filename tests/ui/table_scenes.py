"""Synthetic camera tables for the app's tests: rendered frames with the zone markers, served
by a synthetic camera source, and dice readings taken from the render's labels."""
from __future__ import annotations

from typing import Callable, Optional

import numpy as np

from calibration.layout import default_layout
from hardware.camera.synthetic import SyntheticSource
from sim.table_scene import RenderedTable, TableScene

PREVIEW = (640, 360)


def two_seat_scene() -> TableScene:
    return TableScene.arranged(default_layout(2))


class LockableSource(SyntheticSource):
    """A synthetic camera that keeps the settings it was locked with, as a real camera applies them."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.locked_with = None

    def lock(self, settings) -> bool:
        self.locked_with = settings
        return True


class ShownTable:
    """What the camera sees now: one rendered table, swapped by the test as it moves dice."""

    def __init__(self, rendered: Optional[RenderedTable] = None) -> None:
        self.rendered = rendered
        self.cameras: list[LockableSource] = []  # every camera opened on this table
        self.colours_asked = None  # the colour profile the last reading was asked with
        self.ignored: list = []  # the regions the last reading was told to skip (the markers)
        self.die_size = None  # the die size the last reading was told

    def show(self, rendered: RenderedTable) -> None:
        self.rendered = rendered

    def frame(self) -> np.ndarray:
        return self.rendered.frame

    def read_dice(self, frame, profile=None, ignore=(), die_size=None):
        """Exact readings of the table shown (the labels of its render), as a dice reader answers."""
        self.colours_asked = profile
        self.ignored = list(ignore)
        self.die_size = die_size
        return self.rendered.readings()

    def source(self) -> Callable[[], LockableSource]:
        """A camera factory, as ``TableCamera.source`` takes it."""
        def started() -> LockableSource:
            camera = LockableSource(self.frame, PREVIEW)
            camera.start()
            self.cameras.append(camera)
            return camera
        return started


class ReadingsFeed:
    """A camera feed as the Table screen takes it, handing over ``read()`` (``ui.camera_feed.Reading`` list)."""

    threshold = 0.8
    lost = False

    def __init__(self, read: Callable[[], list]) -> None:
        self.readings = read

    def latest(self):
        return 0, None

    def status(self) -> str:
        return "test readings"

    def stop(self) -> None:
        pass
