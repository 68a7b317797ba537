"""The die classifier: a small CNN that looks at one square crop and says what is in it.

Input: a grey crop of ``CROP`` x ``CROP`` pixels, normalised per crop (so lighting and die
colour do not matter). Output: a softmax over ``CLASSES`` (background, then every
type/value pair) and a box correction (centre offset and log size, relative to the crop).
Training (``vision.training``) and inference share ``crop_batch`` so both see identical crops.
"""
from __future__ import annotations

import math
import pathlib
from typing import List, Optional, Sequence, Tuple

import cv2
import numpy as np

from vision.readings import DIE_TYPES, FACES

CROP = 40
CLASSES: Tuple[Tuple[str, int], ...] = (("none", 0),) + tuple(
    (t, v) for t in DIE_TYPES for v in range(1, FACES[t] + 1))
TYPE_SLICES = {}
_start = 1
for _t in DIE_TYPES:
    TYPE_SLICES[_t] = slice(_start, _start + FACES[_t])
    _start += FACES[_t]
DEFAULT_MODEL = pathlib.Path(__file__).with_name("models") / "dice_net.onnx"


def class_index(die_type: str, value: int) -> int:
    return TYPE_SLICES[die_type].start + value - 1


class GreyPyramid:
    """A grey frame and its halvings, so each crop is taken from a level near its final scale."""

    def __init__(self, frame_bgr: np.ndarray, levels: int = 4):
        grey = frame_bgr if frame_bgr.ndim == 2 else cv2.cvtColor(frame_bgr, cv2.COLOR_BGR2GRAY)
        self.levels = [grey]
        for _ in range(levels - 1):
            if min(self.levels[-1].shape[:2]) < 2 * CROP:
                break
            self.levels.append(cv2.pyrDown(self.levels[-1]))

    def crop(self, centre: Tuple[float, float], window: float, angle_deg: float = 0.0) -> np.ndarray:
        """A ``CROP``-pixel square of side ``window`` (frame pixels) around ``centre``, rotated by ``angle_deg``."""
        level = int(np.clip(math.floor(math.log2(max(window / (CROP * 1.5), 1.0))), 0, len(self.levels) - 1))
        image = self.levels[level]
        f = 2.0 ** level
        scale = CROP / (window / f)
        cx, cy = (centre[0] + 0.5) / f - 0.5, (centre[1] + 0.5) / f - 0.5
        m = cv2.getRotationMatrix2D((cx, cy), angle_deg, scale)
        m[:, 2] += (CROP / 2 - 0.5) - np.array([cx, cy])
        return cv2.warpAffine(image, m, (CROP, CROP), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def normalise(crops: np.ndarray) -> np.ndarray:
    """(N, CROP, CROP) uint8 -> (N, 1, CROP, CROP) float32 with zero mean and unit spread per crop."""
    x = crops.astype(np.float32)
    mean = x.mean(axis=(1, 2), keepdims=True)
    std = x.std(axis=(1, 2), keepdims=True)
    return ((x - mean) / np.maximum(std, 8.0))[:, None]


def crop_batch(pyramid: GreyPyramid, centres: Sequence[Tuple[float, float]], windows: Sequence[float]) -> np.ndarray:
    if not len(centres):
        return np.zeros((0, 1, CROP, CROP), np.float32)
    return normalise(np.stack([pyramid.crop(c, w) for c, w in zip(centres, windows)]))


def softmax(logits: np.ndarray) -> np.ndarray:
    z = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


class DiceClassifier:
    """Runs the ONNX model with OpenCV's DNN module (no other runtime needed)."""

    def __init__(self, model_path: Optional[pathlib.Path] = None):
        path = pathlib.Path(model_path or DEFAULT_MODEL)
        if not path.exists():
            raise FileNotFoundError(
                f"dice model not found at {path}; train one with `python -m vision.training.train`")
        self.net = cv2.dnn.readNetFromONNX(str(path))
        self.outputs = self.net.getUnconnectedOutLayersNames()

    def predict(self, batch: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        """Class probabilities (N, len(CLASSES)) and box corrections (N, 3)."""
        if len(batch) == 0:
            return np.zeros((0, len(CLASSES)), np.float32), np.zeros((0, 3), np.float32)
        self.net.setInput(batch)
        outs = self.net.forward(self.outputs)
        by_width = {o.shape[1]: o for o in outs}
        return softmax(by_width[len(CLASSES)]), by_width[3]


def decode_box(centre: Tuple[float, float], window: float, box: np.ndarray) -> Tuple[Tuple[float, float], float]:
    """Die centre and size in frame pixels from a crop's box correction (dx, dy, log size/window)."""
    dx, dy, ds = (float(v) for v in box)
    return (centre[0] + dx * window, centre[1] + dy * window), window * math.exp(ds)


def type_and_value(probs: np.ndarray) -> List[Tuple[str, float, int, float]]:
    """Per row: (type, type probability, value, value probability given the type)."""
    result = []
    for p in probs:
        type_p = {t: float(p[s].sum()) for t, s in TYPE_SLICES.items()}
        best_type = max(type_p, key=type_p.get)
        within = p[TYPE_SLICES[best_type]]
        total = max(float(within.sum()), 1e-9)
        value = int(np.argmax(within)) + 1
        result.append((best_type, type_p[best_type] / max(1e-9, sum(type_p.values())), value,
                       float(within[value - 1]) / total))
    return result
