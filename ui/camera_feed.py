"""The camera preview and the dice readings, on worker threads.

``CameraFeed`` reads preview frames on one thread; the dice are read on a second,
``companion.session.follower.CameraFollower``, from the main stream at a slower pace (and, at a
calibrated table, handed over by zone each time the table comes to rest). The preview it hands
out already carries each reading's outline in its seat's colour. The Table screen only copies the
latest preview into a texture on Kivy's main thread, and finds the reading of a die tapped on it.

In the demo the camera is synthetic: frames show the dice of the game in progress, rendered
by ``vision.synth`` when that is installed, otherwise drawn plainly with OpenCV. Without a
dice reader (no ``vision``, or no trained model) the preview has no outlines and the status
line says why.
"""
from __future__ import annotations

import logging
import math
import random
import threading
import time
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Callable, Optional, Sequence

import cv2
import numpy as np

from companion.config import CameraConfig
from companion.games.automata.rules import DIE_TYPES, FACES
from companion.session import follower as following
from companion.session.dice_learning import ConfirmedDie, TableDiceLearner
from companion.session.table import TableSession
from hardware.camera import CameraSource, CameraUnavailable, CameraWatch, open_camera
from vision.known_types import with_types
from vision.readings import CONFIDENCE_THRESHOLD, DieReading, ReadingsByZone

from . import theme

log = logging.getLogger(__name__)

DEMO_PREVIEW = (640, 360)
MAIN_SIZE = (1280, 720)
SEAT_BGR = {"red": (40, 40, 200), "blue": (190, 90, 30), "green": (60, 150, 40), "white": (235, 235, 235)}


@dataclass(frozen=True)
class Reading:
    """What the screen needs of one die reading (plain values, whatever the reader returns)."""

    die_type: str
    value: int
    colour: str
    confidence: float
    bbox: tuple[int, int, int, int]   # in main-frame pixels
    outline: tuple[tuple[float, float], ...]
    crop: Optional[np.ndarray] = None  # RGB, for the confirm dialog
    # the frame and the die's place in it, with the type, value and colour read: what an example is cut from
    seen: Optional[ConfirmedDie] = field(default=None, compare=False)
    raw: Optional[DieReading] = field(default=None, compare=False)  # the reader's reading, with all its odds

    @classmethod
    def of(cls, raw, frame: np.ndarray) -> "Reading":
        xs = [p[0] for p in raw.outline] or [raw.centre[0]]
        ys = [p[1] for p in raw.outline] or [raw.centre[1]]
        x0, y0 = max(int(min(xs)) - 8, 0), max(int(min(ys)) - 8, 0)
        x1, y1 = min(int(max(xs)) + 8, frame.shape[1]), min(int(max(ys)) + 8, frame.shape[0])
        crop = cv2.cvtColor(frame[y0:y1, x0:x1], cv2.COLOR_BGR2RGB) if x1 > x0 and y1 > y0 else None
        return cls(raw.die_type, int(raw.value), str(raw.colour), float(raw.confidence), (x0, y0, x1, y1),
                   tuple((float(x), float(y)) for x, y in raw.outline), crop,
                   ConfirmedDie.of(frame, raw, raw.die_type, int(raw.value), str(raw.colour)), raw)

    def reread(self, raw: DieReading) -> "Reading":
        """This die as ``raw``: the reader's reading of it given the types rolled (``vision.known_types``)."""
        seen = None if self.seen is None else replace(self.seen, die_type=raw.die_type, value=int(raw.value))
        return replace(self, die_type=raw.die_type, value=int(raw.value), confidence=float(raw.confidence),
                       seen=seen, raw=raw)

    def confirmed(self, value: int) -> Optional[ConfirmedDie]:
        """The die, as a person says it is: showing ``value`` (None where the camera's view is not kept)."""
        return None if self.seen is None else replace(self.seen, value=int(value))


def with_rolled_types(readings: Sequence[Reading], rolled: Sequence[str]) -> Optional[list[Reading]]:
    """One seat's dice read, each as the type the game gives it among the types ``rolled``
    (``vision.known_types``); None where they are not the dice rolled (not as many, or of other types with no
    odds of the reader's to read them by)."""
    raws = [r.raw for r in readings if r.raw is not None]
    if len(raws) == len(readings):
        typed = with_types(raws, rolled)
        return None if typed is None else [r if t is r.raw else r.reread(t) for r, t in zip(readings, typed)]
    return list(readings) if sorted(r.die_type for r in readings) == sorted(rolled) else None


# -- the demo table ---------------------------------------------------------------------------

class DemoTable:
    """Synthetic frames of the game in progress: one band per seat with its dice.

    A band shows the seat's Available and staged dice, and the dice it is rolling when the table is to
    supply a roll (random values, the same for the same moment of the game). Frames are cached
    until the game changes: rendering a scene costs far more than a preview frame.
    """

    def __init__(self, table: Callable[[], Optional[TableSession]]) -> None:
        self.table = table
        self._key: object = None
        self._frame: Optional[np.ndarray] = None
        self._lock = threading.Lock()
        self._synth: Optional[ModuleType]
        try:
            from vision import synth
            self._synth = synth
            self._background = synth.make_background(np.random.default_rng(7), *MAIN_SIZE, kind="felt")
        except ImportError:
            self._synth = None
            self._background = np.zeros((MAIN_SIZE[1], MAIN_SIZE[0], 3), np.uint8)
            self._background[:] = (60, 95, 45)

    def dice(self) -> list[tuple[str, int, str, tuple[float, float]]]:
        """(type, value, colour, centre) of each die to draw."""
        session = self.table()
        if session is None:
            return []
        state = session.upcoming_state()
        rng = random.Random(len(session.game.actions))
        rows = max(len(state.seats), 1)
        band = MAIN_SIZE[1] / rows
        out = []
        for i, seat in enumerate(state.seats):
            shown = list(seat.available) + [die for area in sorted(state.staging) for die in state.staged_dice(i, area)]
            if i in state.pending_rolls:
                shown += [(t, rng.randint(1, FACES[t])) for t, n in zip(DIE_TYPES, seat.spent) for _ in range(n)]
            for k, (die_type, value) in enumerate(shown[:12]):
                centre = (70.0 + k * 104, band * i + band / 2 + (k % 2) * 12 - 6)
                out.append((die_type, int(value), seat.colour, centre))
        return out

    def render(self) -> np.ndarray:
        dice = self.dice()
        key = tuple(dice)
        with self._lock:
            if key != self._key or self._frame is None:
                self._frame = self._draw(dice)
                self._key = key
            return self._frame

    def _draw(self, dice) -> np.ndarray:
        if self._synth is not None:
            specs = [self._synth.DieSpec(t, v, c, centre, rotation=(17 * k) % 40 - 20, size=84)
                     for k, (t, v, c, centre) in enumerate(dice)]
            frame, _labels = self._synth.render_scene(specs, self._background, rng=np.random.default_rng(len(dice)))
            return frame
        frame = self._background.copy()
        for die_type, value, colour, (cx, cy) in dice:
            body = SEAT_BGR.get(colour, (128, 128, 128))
            ink = (20, 20, 20) if colour == "white" else (245, 245, 245)
            x, y, r = int(cx), int(cy), 40
            if die_type == "d4":
                pts = np.array([[x, y - r], [x + r, y + r - 6], [x - r, y + r - 6]], np.int32)
            elif die_type == "d8":
                pts = np.array([[x, y - r], [x + r, y], [x, y + r], [x - r, y]], np.int32)
            else:
                pts = np.array([[x - r, y - r], [x + r, y - r], [x + r, y + r], [x - r, y + r]], np.int32)
            cv2.fillPoly(frame, [pts], body)
            cv2.putText(frame, str(value), (x - 14, y + 16), cv2.FONT_HERSHEY_SIMPLEX, 1.4, ink, 3, cv2.LINE_AA)
        return frame


# -- the feed ---------------------------------------------------------------------------------

def _bgr(rgba: theme.RGBA) -> tuple[int, int, int]:
    red, green, blue = (round(c * 255) for c in rgba[:3])
    return blue, green, red


def draw_readings(preview: np.ndarray, readings: Sequence[Reading], scale: float, threshold: float) -> None:
    """Outline each reading on the preview (in place) in its seat's colour, over a dark edge that
    keeps it visible on any cloth; a reading to check gets a yellow halo. No text: at the
    preview's size it could not be read, so a tap on a die says what was read instead."""
    for r in readings:
        pts = (np.array(r.outline, np.float32) * scale).astype(np.int32)
        if len(pts) < 3:
            continue
        if r.confidence < threshold:
            cv2.polylines(preview, [pts], True, _bgr(theme.ACCENT), 8, cv2.LINE_AA)
        cv2.polylines(preview, [pts], True, (0, 0, 0), 4, cv2.LINE_AA)
        cv2.polylines(preview, [pts], True, _bgr(theme.seat_rgba(r.colour)), 2, cv2.LINE_AA)


def reading_at(readings: Sequence[Reading], point: tuple[float, float], reach: float) -> Optional[Reading]:
    """The reading whose box holds ``point`` (main-frame pixels) or comes within ``reach`` of it;
    of several, the one whose centre is nearest."""
    def gap(r: Reading) -> float:
        x0, y0, x1, y1 = r.bbox
        return math.hypot(max(x0 - point[0], 0, point[0] - x1), max(y0 - point[1], 0, point[1] - y1))

    def off_centre(r: Reading) -> float:
        x0, y0, x1, y1 = r.bbox
        return math.hypot((x0 + x1) / 2 - point[0], (y0 + y1) / 2 - point[1])

    near = [r for r in readings if gap(r) <= reach]
    return min(near, key=off_centre) if near else None


class CameraFeed:
    """The latest preview (RGB, flipped for an OpenGL texture) and the latest readings."""

    def __init__(self, camera: CameraSource, reading: Optional[following.CameraFollower], reader_status: str,
                 threshold: float = CONFIDENCE_THRESHOLD, lost_after_s: float = CameraConfig.lost_after_s) -> None:
        """``reading``: the dice read from ``camera`` (``companion.session.follower``), or None and why not."""
        self.camera = camera
        self.reading = reading
        self.reader_status = reader_status
        self.threshold = threshold
        self._watch = CameraWatch(camera, lost_after_s)
        self._lock = threading.Lock()
        self._preview: Optional[np.ndarray] = None
        self._frame_number = 0
        self._readings: list[Reading] = []
        self._stop = threading.Event()
        self._preview_thread: Optional[threading.Thread] = None
        self._produced: list[float] = []
        self.on_settled: Optional[Callable[[ReadingsByZone, np.ndarray], None]] = None

    @classmethod
    def open(cls, config: CameraConfig, demo: bool, table: Callable[[], Optional[TableSession]],
             threshold: float = CONFIDENCE_THRESHOLD, camera: Optional[CameraSource] = None, profile=None,
             settle_reads: int = following.STILL_READS,
             table_dice: Optional[TableDiceLearner] = None) -> "CameraFeed":
        """The feed of ``camera`` (started), else of the configured camera, else of the demo table.

        ``profile`` (a ``calibration.CalibrationProfile``), ``table_dice`` and ``settle_reads``: how the dice
        are read and the table followed (``companion.session.follower.follow_camera``).
        ``config.lost_after_s``: how long without a frame before the camera counts as lost.
        """
        if camera is None:
            demo_table = DemoTable(table)
            if demo:
                config = replace(config, source="synthetic", preview_resolution=DEMO_PREVIEW)
            try:
                camera = open_camera(config.source, **config.hardware_arguments(), render=demo_table.render,
                                     fallback=True)
            except CameraUnavailable as exc:
                log.warning("camera: %s", exc)
                camera = open_camera("synthetic", **config.hardware_arguments(), render=demo_table.render)
        reading, why = following.follow_camera(camera, profile, table_dice, settle_reads)
        return cls(camera, reading, why, threshold, config.lost_after_s)

    def follow(self, on_settled: Callable[[ReadingsByZone, np.ndarray], None]) -> None:
        """Before ``start``: after each settle of a calibrated table, hand the dice by zone, and the frame they
        were read in, to ``on_settled`` (called on the reading thread)."""
        self.on_settled = on_settled

    @property
    def source_name(self) -> str:
        return self.camera.name

    # -- threads --------------------------------------------------------------------------

    def start(self) -> None:
        self._stop.clear()
        self._preview_thread = threading.Thread(target=self._preview_loop, name="camera-preview", daemon=True)
        self._preview_thread.start()
        if self.reading is not None:
            self.reading.start(self._take_sight, on_end=self._reading_ended)

    def stop(self) -> None:
        self._stop.set()
        if self.reading is not None:
            self.reading.stop()
        if self._preview_thread is not None:
            self._preview_thread.join(timeout=2)
        self.camera.stop()

    def _preview_loop(self) -> None:
        period = 1 / 30
        while not self._stop.is_set():
            started = time.monotonic()
            frame = self.camera.read_preview()
            if frame is not None:
                preview = frame.copy()
                with self._lock:
                    readings = list(self._readings)
                if readings:
                    draw_readings(preview, readings, preview.shape[1] / MAIN_SIZE[0], self.threshold)
                rgb = cv2.cvtColor(cv2.flip(preview, 0), cv2.COLOR_BGR2RGB)
                with self._lock:
                    self._preview = rgb
                    self._frame_number += 1
                    self._produced.append(time.monotonic())
                    del self._produced[:-60]
            self._stop.wait(max(period - (time.monotonic() - started), 0.001 if frame is not None else 0.2))

    def _take_sight(self, sight: following.Sight) -> None:
        """A main frame read (on the reading thread): its readings for the preview, the settled table onward."""
        readings = [Reading.of(r, sight.frame) for r in sight.readings]
        with self._lock:
            self._readings = readings
        if sight.settled is not None and self.on_settled is not None:
            self.on_settled(sight.settled, sight.frame)

    def _reading_ended(self) -> None:
        reading = self.reading
        if reading is not None and reading.failure:
            self.reading, self.reader_status = None, reading.failure

    # -- what the screen takes ------------------------------------------------------------

    def latest(self) -> tuple[int, Optional[np.ndarray]]:
        """(frame number, RGB preview flipped upside down for a texture)."""
        with self._lock:
            return self._frame_number, self._preview

    def readings(self) -> list[Reading]:
        with self._lock:
            return list(self._readings)

    def rate(self) -> float:
        """Preview frames per second over the last ones produced."""
        with self._lock:
            times = list(self._produced)
        if len(times) < 2 or times[-1] == times[0]:
            return 0.0
        return (len(times) - 1) / (times[-1] - times[0])

    @property
    def lost(self) -> bool:
        """No frame for ``lost_after_s``: a frame or two missed do not count."""
        self._watch.update()
        return self._watch.lost

    def status(self) -> str:
        if self.lost:
            return "Camera lost"
        reading = "reading dice" if self.reading is not None else self.reader_status
        return f"{self.camera.name.title()} camera, {reading}"
