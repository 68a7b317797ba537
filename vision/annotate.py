"""Draw readings on a frame, for people checking what the reader saw."""
from __future__ import annotations

from typing import Sequence

import cv2
import numpy as np

from vision.readings import DieReading

_OK = (60, 200, 60)
_CHECK = (0, 160, 255)


def draw_readings(frame_bgr: np.ndarray, readings: Sequence[DieReading], threshold: float) -> np.ndarray:
    """A copy of the frame with each die's outline and ``type value colour confidence``; doubtful ones in orange."""
    out = frame_bgr.copy()
    scale = max(0.4, min(out.shape[:2]) / 900)
    for r in readings:
        colour = _OK if r.confidence >= threshold else _CHECK
        pts = np.round(np.array(r.outline)).astype(np.int32)
        cv2.polylines(out, [pts], True, colour, max(1, int(2 * scale)), cv2.LINE_AA)
        text = f"{r.die_type}:{r.value} {r.colour} {r.confidence:.2f}"
        org = (int(min(p[0] for p in r.outline)), int(min(p[1] for p in r.outline)) - 4)
        cv2.putText(out, text, org, cv2.FONT_HERSHEY_SIMPLEX, 0.45 * scale, (0, 0, 0), int(3 * scale) + 1, cv2.LINE_AA)
        cv2.putText(out, text, org, cv2.FONT_HERSHEY_SIMPLEX, 0.45 * scale, colour, max(1, int(scale)), cv2.LINE_AA)
    return out
