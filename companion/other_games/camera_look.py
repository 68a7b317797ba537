"""A look at the table for a game of Euphoria: the camera opened, the table let settle, one
full-resolution frame read over the Euphoria zones, the camera closed again.

The camera is opened only for the look, as for calibration, so it is never held while another
screen needs it; a look takes a second or two on the table's camera.
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence

import numpy as np

from calibration.profile import CalibrationProfile
from hardware.camera import CameraSource, CameraUnavailable
from vision.readings import DieReading
from vision.settle import SETTLED, SettleDetector
from vision.zones import ZoneFinder

from .euphoria_camera import ReadingsByZone

Reader = Callable[..., Sequence[DieReading]]  # as vision.reader.read_dice
STILL_FRAMES = 3
MOST_FRAMES = 60  # preview frames watched for a still table before the look gives up


class TableLook:
    """Called: the dice of a settled frame by zone, or None (no camera, no frame, a table never still)."""

    def __init__(self, open_source: Callable[[], CameraSource], profile: CalibrationProfile,
                 reader: Optional[Reader] = None) -> None:
        """``open_source``: a started camera; ``profile``: the Euphoria zones and the Automas' colours."""
        self.open_source = open_source
        self.profile = profile
        self.reader = reader
        self.finder = ZoneFinder(profile.layout)

    def __call__(self) -> Optional[ReadingsByZone]:
        frame = self._settled_frame()
        if frame is None:
            return None
        if self.reader is None:
            from vision.reader import read_dice

            self.reader = read_dice
        found = self.finder.find(frame)
        return found.placed(self.reader(frame, self.profile.colours, **found.reader_hints()))

    def _settled_frame(self) -> Optional[np.ndarray]:
        try:
            camera = self.open_source()
        except CameraUnavailable:
            return None
        try:
            settle = SettleDetector(STILL_FRAMES)
            for _ in range(MOST_FRAMES):
                preview = camera.read_preview()
                if preview is None:
                    return None
                if settle.update(preview) == SETTLED:
                    return camera.read_main()
            return None
        finally:
            camera.stop()
