"""Following a calibrated camera table: the feed's worker thread tells when the table settles
and groups that frame's dice by zone; the app's main thread hands them to ``TableSync``, which
plays a placement or a roll seen on the table, or raises an alert for a mismatch.

Only :meth:`TableFollower.settled`, :meth:`TableFollower.reader_hints` and
:meth:`TableFollower.readings_by_zone` run on the worker thread (they touch nothing but the zone finder
and the settle detector); :meth:`TableFollower.observe` changes the game, so it runs on Kivy's main thread.
"""
from __future__ import annotations

from typing import Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from calibration.profile import CalibrationProfile
from companion.sync import SyncStep, TableSync
from vision.readings import CONFIDENCE_THRESHOLD
from vision.settle import SETTLED, SettleDetector
from vision.zones import FoundZones, ZoneFinder

STILL_READS = 2  # main frames (READ_EVERY_S apart) without motion that make a settle


def settle_detector() -> SettleDetector:
    """A detector for main frames half a second apart: fine enough that one die moved between two
    reads (a hand quicker than the reads) counts as motion, so that settle is not missed."""
    return SettleDetector(still_frames=STILL_READS, width=192, area=0.0002)


class TableFollower:
    def __init__(self, session, profile: CalibrationProfile, panel=None,
                 settle: Optional[SettleDetector] = None, min_confidence: float = CONFIDENCE_THRESHOLD) -> None:
        """``min_confidence``: a die's value read with less is unsure (the engine's value stands, a roll waits
        for a person)."""
        self.profile = profile
        self.finder = ZoneFinder(profile.layout)
        self.sync = TableSync(session, panel=panel, min_confidence=min_confidence)
        self.settle = settle or settle_detector()
        self._handled = False
        self._zones: Optional[Tuple[np.ndarray, FoundZones]] = None  # the last frame looked at, its zones

    # -- the worker thread ------------------------------------------------------------------

    def settled(self, frame: np.ndarray) -> bool:
        """True once for each time the table comes to rest."""
        if self.settle.update(frame) != SETTLED:
            self._handled = False
            return False
        if self._handled:
            return False
        self._handled = True
        return True

    def zones(self, frame: np.ndarray) -> FoundZones:
        """The zones in ``frame``, found once per frame."""
        if self._zones is None or self._zones[0] is not frame:
            self._zones = (frame, self.finder.find(frame))
        return self._zones[1]

    def reader_hints(self, frame: np.ndarray) -> Dict[str, object]:
        """What the markers in ``frame`` tell the dice reader (``FoundZones.reader_hints``)."""
        return self.zones(frame).reader_hints()

    def readings_by_zone(self, frame: np.ndarray, readings: Sequence[object]) -> Dict[str, List[object]]:
        return self.zones(frame).placed(readings)

    # -- the main thread --------------------------------------------------------------------

    def observe(self, readings_by_zone: Mapping[str, List[object]]) -> SyncStep:
        return self.sync.observe(readings_by_zone)

    def recheck(self) -> Optional[SyncStep]:
        """After a move entered by tap: compare the last settled table again, but only while an
        alert or a choice is waiting (it may be resolved now). Otherwise the next settle tells,
        so a move tapped before the die is moved raises no alert."""
        if self.sync.alert is None and self.sync.pending_choice is None:
            return None
        return self.sync.recheck()
