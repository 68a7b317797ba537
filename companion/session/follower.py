"""Following the table through a camera: main frames in, the dice by zone out each time the table rests.

A frame goes through ``ZoneReader`` (the zones found from their markers by ``vision.zones``, the dice
read by a reader such as ``vision.reader.read_dice``, told where the markers' paper lies and how large
the dice are) and ``SettleGate`` (``vision.settle``: once each time the table comes to rest).
``CameraFollower`` does this on its own thread for a ``hardware.camera`` source, and ``follow_camera`` builds
one for a table, the same way for the app (``ui.camera_feed``) and the headless ``session --camera``. Nothing
here touches the game: each settled table is handed, with the frame it was read in, to whoever owns it
(``TableRuntime.table_settled``), on that owner's thread.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Callable, Optional, Sequence

import cv2
import numpy as np

from hardware.camera import CameraSource
from vision.readings import DieReading, ReadingsByZone
from vision.settle import SETTLED, SettleDetector
from vision.zones import FoundZones, MarkerLayout, ZoneFinder

if TYPE_CHECKING:
    from calibration.profile import CalibrationProfile

    from .dice_learning import TableDiceLearner

log = logging.getLogger(__name__)

READ_EVERY_S = 0.5  # a live camera's main frames are read this far apart
STILL_READS = 2  # main frames without motion that make a settle

Read = Callable[..., Sequence[DieReading]]  # read(frame, ignore=..., die_size=...) -> dice readings


def dice_reader(table_dice: Optional["TableDiceLearner"] = None) -> tuple[Optional[Read], str]:
    """A dice reader (``vision.reader``), or None and why not. With ``table_dice``, a reader of its own,
    taught the table's examples (and every one added later)."""
    try:
        from vision.reader import DiceReader, read_dice
    except ImportError as exc:
        log.info("vision: no dice reader (%s)", exc)
        return None, "no dice reader installed"
    if table_dice is None:
        return read_dice, ""
    reader = DiceReader()
    table_dice.teach(reader)
    return reader.read, ""


def settle_detector(still_reads: int = STILL_READS) -> SettleDetector:
    """A detector for main frames half a second apart, ``still_reads`` of them without motion making a
    settle (``vision.settle_frames`` of the settings): fine enough that one die moved between two reads
    (a hand quicker than the reads) counts as motion, so that a settle is not missed."""
    return SettleDetector(still_frames=still_reads, width=192, area=0.0002)


class ZoneReader:
    """One frame: its zones found from the markers, its dice read where no marker lies, grouped by zone."""

    def __init__(self, finder: ZoneFinder, read: Read) -> None:
        self.finder = finder  # kept across frames: it covers a marker hidden by a hand
        self.read = read

    def __call__(self, frame: np.ndarray) -> ReadingsByZone:
        """The dice inside a zone, grouped by zone (each with its spot there)."""
        readings, found = self.find_and_read(frame)
        return found.placed(readings)

    def find_and_read(self, frame: np.ndarray) -> tuple[list[DieReading], FoundZones]:
        """Every die read in ``frame``, and the zones found there."""
        found = self.finder.find(frame)
        return list(self.read(frame, **found.reader_hints())), found


class SettleGate:
    """True once for each time the table comes to rest."""

    def __init__(self, detector: Optional[SettleDetector] = None) -> None:
        self.detector = detector or settle_detector()
        self._handled = False

    def __call__(self, frame: np.ndarray) -> bool:
        if self.detector.update(frame) != SETTLED:
            self._handled = False
            return False
        if self._handled:
            return False
        self._handled = True
        return True


@dataclass(frozen=True)
class Sight:
    """One main frame looked at: the dice read in it, and the dice by zone when the table has just come
    to rest in it (None otherwise)."""

    frame: np.ndarray
    readings: Sequence[DieReading]
    settled: Optional[ReadingsByZone] = None


class CameraFollower:
    """Reads ``camera``'s main frames, every ``every_s`` seconds, on a thread of its own.

    With a ``layout`` (a calibrated table) each frame's dice are read where no marker lies, and each
    time the table comes to rest they are handed over by zone; without one the dice are only read.
    A reader that fails stops the reading (``failure`` says why); the camera goes on.
    """

    def __init__(self, camera: CameraSource, read: Read, layout: Optional[MarkerLayout] = None,
                 every_s: float = READ_EVERY_S, gate: Optional[SettleGate] = None,
                 table_dice: Optional["TableDiceLearner"] = None) -> None:
        """``table_dice``: the table's dice examples ``read`` was taught, which the dice a person confirms
        are to teach in turn (``TableRuntime.table_dice``)."""
        self.camera = camera
        self.read = read
        self.table_dice = table_dice
        self.zones = ZoneReader(ZoneFinder(layout), read) if layout is not None else None
        self.gate = gate or SettleGate()
        self.every_s = every_s
        self.failure = ""
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None

    def look(self) -> Optional[Sight]:
        """Read one main frame; None when the camera gave none (lost, or a replay at its end)."""
        frame = self.camera.read_main()
        if frame is None:
            return None
        if self.zones is None:
            return Sight(frame, list(self.read(frame)))
        readings, found = self.zones.find_and_read(frame)
        if not self.gate(frame):
            return Sight(frame, readings)
        try:
            return Sight(frame, readings, found.placed(readings))
        except (ValueError, cv2.error) as exc:  # an unusable frame: the next settle tries again
            log.warning("table sync: frame not usable (%s)", exc)
            return Sight(frame, readings)

    @property
    def finished(self) -> bool:
        """The camera has no more frames to give (a replay at its end; a live camera never finishes)."""
        return self.camera.finished

    # -- the reading thread -----------------------------------------------------------------

    def start(self, on_sight: Callable[[Sight], None], on_end: Callable[[], None] = lambda: None) -> None:
        """Hand every frame looked at to ``on_sight`` (on the reading thread), and call ``on_end`` once the
        reading stops: stopped, the reader failed, or the camera finished."""
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, args=(on_sight, on_end), name="dice-reading",
                                        daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)
        self._thread = None

    def _run(self, on_sight: Callable[[Sight], None], on_end: Callable[[], None]) -> None:
        try:
            while not self._stop.is_set() and not self.finished:
                try:
                    sight = self.look()
                except Exception as exc:  # a missing model or a broken reader must not stop the camera
                    self.failure = "dice reader failed"
                    log.warning("vision: dice reader failed (%s: %s); no more readings", type(exc).__name__, exc)
                    return
                if sight is not None:
                    on_sight(sight)
                self._stop.wait(self.every_s)
        finally:
            on_end()


def follow_camera(camera: CameraSource, profile: Optional["CalibrationProfile"] = None,
                  table_dice: Optional["TableDiceLearner"] = None, settle_reads: int = STILL_READS,
                  every_s: float = READ_EVERY_S) -> tuple[Optional[CameraFollower], str]:
    """The camera pipeline of a table, built once for the app and the headless session: ``camera`` (started)
    locked to the ``profile``'s settings, its dice read by a reader taught ``table_dice`` with the profile's
    colours, and, where the profile has those colours (a calibrated table), each rest handed over by the zones
    of its layout. None and why, without a dice reader."""
    if profile is not None and camera.lock(profile.camera):
        log.info("camera: locked the settings of the calibration profile")
    read, why = dice_reader(table_dice)
    if read is None:
        return None, why
    layout = None
    if profile is not None and profile.colours is not None:  # a calibrated table
        read = partial(read, profile=profile.colours)
        layout = profile.layout
    return CameraFollower(camera, read, layout, every_s, SettleGate(settle_detector(settle_reads)), table_dice), ""
