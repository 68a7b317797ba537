"""The owner colour of a die: its body colour matched against a colour profile."""
from __future__ import annotations

import math

import cv2
import numpy as np

from vision.readings import ColourProfile

# Lightness varies with light and shade more than the chroma axes do.
_LAB_WEIGHTS = np.array([0.5, 1.0, 1.0], np.float32)
COLOUR_SAMPLES_ACROSS = 20


def body_colour(frame_bgr: np.ndarray, centre: tuple[float, float], size: float) -> np.ndarray:
    """Median Lab of the die's body inside its central region, pips and numerals left out."""
    h, w = frame_bgr.shape[:2]
    half = max(2.0, size * 0.3)
    x0, x1 = int(max(0, centre[0] - half)), int(min(w, centre[0] + half + 1))
    y0, y1 = int(max(0, centre[1] - half)), int(min(h, centre[1] + half + 1))
    # About 20 x 20 pixels tell the median as well as every pixel of a large die, at a tenth of the cost.
    step = max(1, (x1 - x0) // COLOUR_SAMPLES_ACROSS)
    patch = frame_bgr[y0:y1:step, x0:x1:step]
    if patch.size == 0:
        return np.array([128.0, 128.0, 128.0], np.float32)
    if patch.ndim == 2:
        patch = cv2.cvtColor(patch, cv2.COLOR_GRAY2BGR)
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    median = np.median(lab, axis=0)
    # Pips and numerals contrast with the body; the body is the majority close to the median.
    close = np.abs(lab[:, 0] - median[0]) < 35
    if close.sum() >= 4:
        median = np.median(lab[close], axis=0)
    return median


def match_colour(lab: np.ndarray, profile: ColourProfile) -> tuple[str, float]:
    """Nearest player colour and a confidence from its distance and its margin over the runner-up."""
    distances = []
    for name, references in profile.players.items():
        d = min(float(np.linalg.norm((np.asarray(ref, np.float32) - lab) * _LAB_WEIGHTS)) for ref in references)
        distances.append((d, name))
    distances.sort()
    if not distances:
        return "unknown", 0.0
    best, name = distances[0]
    closeness = math.exp(-(best / profile.max_distance) ** 2)
    if len(distances) == 1:
        return name, closeness
    runner_up = distances[1][0]
    margin = min(1.0, (runner_up - best) / max(0.5 * runner_up, 1e-6))
    return name, float(closeness * margin)
