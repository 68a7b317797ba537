"""The one interface every camera source offers, and the watch that notices a lost camera.

Frames are numpy arrays in OpenCV's layout: ``uint8``, height x width x 3, BGR. A source has
two streams: *preview* (low resolution, read often, to tell when the table is still) and
*main* (full resolution, read once the table has settled, to read the dice).

A read never raises because the camera failed: it returns None and records why in
:attr:`CameraSource.last_error`. :meth:`CameraSource.last_frame_age` and :class:`CameraWatch`
let the session notice that frames have stopped, and notice when they come back.
"""
from __future__ import annotations

import logging
import time
from abc import ABC, abstractmethod
from typing import Any, Callable, Literal, Optional

import numpy as np

log = logging.getLogger(__name__)

Frame = np.ndarray
Size = tuple[int, int]  # (width, height)


class CameraUnavailable(RuntimeError):
    """A camera source cannot be started; the message says why and what to check."""


def check_frame(frame: object) -> Optional[str]:
    """What is wrong with a frame, or None when it is a usable image."""
    if not isinstance(frame, np.ndarray):
        return f"expected an image array, got {type(frame).__name__}"
    if frame.dtype != np.uint8 or frame.ndim != 3 or frame.shape[2] != 3 or frame.size == 0:
        return f"expected a height x width x 3 uint8 image, got shape {frame.shape} of {frame.dtype}"
    return None


def downscale(frame: Frame, size: Size) -> Frame:
    """The frame at ``size`` (width, height), averaged down (no aliasing on dice edges)."""
    import cv2

    if (frame.shape[1], frame.shape[0]) == tuple(size):
        return frame
    return cv2.resize(frame, tuple(size), interpolation=cv2.INTER_AREA)


class CameraSource(ABC):
    """A camera: ``start()``, then ``read_preview()`` / ``read_main()``, then ``stop()``."""

    name: str = "camera"
    finished: bool = False  # no frame will come any more (a replay at its end); a live camera never finishes

    def __init__(self, preview_size: Size, clock: Callable[[], float] = time.monotonic):
        self.preview_size = preview_size
        self.last_error: Optional[str] = None
        self._clock = clock
        self._started_at: Optional[float] = None
        self._last_frame_at: Optional[float] = None

    # --- what an adapter provides ----------------------------------------------------------

    @abstractmethod
    def _open(self) -> None:
        """Acquire the device; raise CameraUnavailable with the reason when it cannot."""

    @abstractmethod
    def _grab_preview(self) -> Optional[Frame]:
        """A low-resolution frame, or None (may raise)."""

    @abstractmethod
    def _grab_main(self) -> Optional[Frame]:
        """A full-resolution frame, or None (may raise)."""

    def _close(self) -> None:
        """Release the device."""

    # --- the interface --------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self._started_at is not None

    def start(self) -> None:
        if not self.started:
            self._open()
            self._started_at = self._clock()

    def stop(self) -> None:
        if self.started:
            self._started_at = None
            self._close()

    def lock(self, settings: Any) -> bool:
        """Apply settings locked at calibration (``calibration.CameraSettings``): exposure,
        gain and white balance. False where this source has nothing to set (replay, synthetic)."""
        return False

    def settled_controls(self) -> Optional[dict[str, Any]]:
        """What the camera's automatic exposure and white balance settled on, in picamera2's
        metadata names (``ExposureTime``, ``AnalogueGain``, ``ColourGains``); None where the
        source cannot tell (OpenCV cameras, replay, synthetic)."""
        return None

    def read_preview(self) -> Optional[Frame]:
        """A low-resolution BGR frame, or None when the camera delivers nothing."""
        return self._deliver(self._grab_preview)

    def read_main(self) -> Optional[Frame]:
        """A full-resolution BGR frame, or None when the camera delivers nothing."""
        return self._deliver(self._grab_main)

    def last_frame_age(self) -> Optional[float]:
        """Seconds since the last good frame (since ``start()`` when none came yet);
        None when the source is not started."""
        if self._started_at is None:
            return None
        return self._clock() - (self._last_frame_at or self._started_at)

    def _deliver(self, grab: Callable[[], Optional[Frame]]) -> Optional[Frame]:
        if not self.started:
            raise RuntimeError(f"camera {self.name}: call start() before reading frames")
        try:
            frame = grab()
            problem = "no frame" if frame is None else check_frame(frame)
        except Exception as exc:  # a failing driver must not take the session down
            frame, problem = None, f"{type(exc).__name__}: {exc}"
        if problem is not None:
            if self.last_error is None:
                log.warning("camera %s: %s", self.name, problem)
            self.last_error = problem
            return None
        if self.last_error is not None:
            log.info("camera %s: frames again", self.name)
        self.last_error = None
        self._last_frame_at = self._clock()
        return frame

    def __enter__(self) -> "CameraSource":
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


class CameraWatch:
    """Turns a source's frame age into two moments the session cares about: the camera was
    lost (no frame for ``lost_after_s``) and the camera is back (a frame arrived)."""

    def __init__(self, source: CameraSource, lost_after_s: float):
        self.source = source
        self.lost_after_s = lost_after_s
        self.lost = False

    def update(self) -> Optional[Literal["lost", "back"]]:
        """Call after reading; returns "lost" or "back" when that changed, else None."""
        age = self.source.last_frame_age()
        lost = age is None or age > self.lost_after_s
        if lost == self.lost:
            return None
        self.lost = lost
        return "lost" if lost else "back"

    @property
    def message(self) -> str:
        """A sentence for the screen about the camera's state."""
        if not self.lost:
            return f"Camera {self.source.name} is delivering frames."
        age = self.source.last_frame_age()
        since = f"no frame for {age:.1f} s" if age is not None else "not started"
        reason = f" ({self.source.last_error})" if self.source.last_error else ""
        return (f"Camera {self.source.name} lost: {since}{reason}. Enter the dice values by hand; "
                f"reading resumes when frames come back.")
