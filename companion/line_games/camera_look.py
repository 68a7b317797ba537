"""A look at the table for a game whose camera looks for something (``GameKind.camera``): the camera opened,
the table let settle, one full-resolution frame read over the game's zones, the camera closed again.

The camera is opened only for the look, as for calibration, so it is never held while another
screen needs it; a look takes a second or two on the table's camera, so the screen's looks run on a
thread of their own (``LooksInTurn``) and hand their readings on when they are done.
"""
from __future__ import annotations

import logging
import threading
from collections import deque
from functools import partial
from typing import Callable, Optional, Sequence

import numpy as np

from calibration.profile import CalibrationProfile
from hardware.camera import CameraSource, CameraUnavailable
from vision.readings import DieReading, ReadingsByZone
from vision.settle import SETTLED, SettleDetector
from vision.zones import ZoneFinder

Reader = Callable[..., Sequence[DieReading]]  # as vision.reader.read_dice
Look = Callable[[], Optional[ReadingsByZone]]  # a settled frame's dice by zone; None without one
Deliver = Callable[[Optional[ReadingsByZone]], None]
LookThen = Callable[[Deliver], None]  # a look whose readings are handed to ``Deliver``, at once or later
log = logging.getLogger(__name__)
STILL_FRAMES = 3
MOST_FRAMES = 60  # preview frames watched for a still table before the look gives up


class TableLook:
    """Called: the dice of a settled frame by zone, or None (no camera, no frame, a table never still)."""

    def __init__(self, open_source: Callable[[], CameraSource], profile: CalibrationProfile,
                 reader: Optional[Reader] = None) -> None:
        """``open_source``: a started camera; ``profile``: the game's zones and its dice colours."""
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


class LooksInTurn:
    """Looks taken one after another on a thread of their own, so that the screen answers while the
    camera settles and reads. Each look's readings go, with what to do with them, to ``post``, which runs
    that on the screen's thread. A look that fails hands on None, as a look without a picture does."""

    def __init__(self, look: Look, post: Callable[[Callable[[], None]], None]) -> None:
        self.look = look
        self.post = post
        self._asked: deque[Deliver] = deque()
        self._lock = threading.Lock()
        self._running = False  # a thread is taking the looks asked; it ends once none is left

    def __call__(self, deliver: Deliver) -> None:
        with self._lock:
            self._asked.append(deliver)
            if self._running:
                return
            self._running = True
        threading.Thread(target=self._take_looks, name="table-look", daemon=True).start()

    def _take_looks(self) -> None:
        while True:
            with self._lock:
                if not self._asked:
                    self._running = False
                    return
                deliver = self._asked.popleft()
            try:
                placed = self.look()
            except Exception:  # a camera or reader fault must not end the game: the dice are tapped
                log.exception("the look at the table failed")
                placed = None
            self.post(partial(deliver, placed))
