"""When to read: ``SettleDetector`` watches a small video stream and says when the dice lie still.

Each frame is shrunk to a thumbnail and divided by its own mean brightness, so a slow
change of light (a cloud, a lamp warming up) changes nothing, while a rolling die or a
hand changes a patch of the thumbnail by far more than the noise.
"""
from __future__ import annotations

from typing import Optional

import cv2
import numpy as np

MOVING = "moving"
SETTLED = "settled"


class SettleDetector:
    """Feed frames with ``update``; it returns ``"moving"`` or ``"settled"``.

    ``still_frames``: how many consecutive still frames make the view settled.
    ``pixel_change``: relative brightness change of a thumbnail pixel that counts as motion.
    ``area``: share of thumbnail pixels that must change for the frame to count as moving.
    """

    def __init__(self, still_frames: int = 5, width: int = 64, pixel_change: float = 0.12, area: float = 0.002):
        if still_frames < 1:
            raise ValueError("still_frames must be at least 1")
        self.still_frames = still_frames
        self.width = width
        self.pixel_change = pixel_change
        self.area = area
        self._previous: Optional[np.ndarray] = None
        self._still = 0

    @property
    def state(self) -> str:
        return SETTLED if self._still >= self.still_frames else MOVING

    def reset(self) -> None:
        self._previous = None
        self._still = 0

    def update(self, frame: np.ndarray) -> str:
        thumb = self._thumbnail(frame)
        if self._previous is not None and self._previous.shape == thumb.shape:
            changed = np.abs(thumb - self._previous) > self.pixel_change
            moving = changed.mean() > self.area
            self._still = 0 if moving else self._still + 1
        else:
            self._still = 0
        self._previous = thumb
        return self.state

    def _thumbnail(self, frame: np.ndarray) -> np.ndarray:
        if not isinstance(frame, np.ndarray) or frame.size == 0:
            raise ValueError("frame must be a non-empty numpy image")
        grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        h, w = grey.shape[:2]
        height = max(1, round(h * self.width / w))
        thumb: np.ndarray = cv2.resize(grey, (self.width, height), interpolation=cv2.INTER_AREA).astype(np.float32)
        thumb = cv2.GaussianBlur(thumb, (3, 3), 0)
        return thumb / max(float(thumb.mean()), 1.0)
