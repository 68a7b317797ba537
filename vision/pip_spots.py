"""The pip network's spots: a learnt search for a die's pips, read by the same face search as ``vision.pips``.

The network (``pips.onnx``) maps a crop around a die to a heat map of where its top-face pips lie and how
large each is; its peaks are the spots, and the largest point-symmetric set of them laid out as a face's
pips is the count.
"""
from __future__ import annotations

import pathlib
from typing import List, Optional, Sequence, Tuple

import cv2
import numpy as np

from vision.pips import SIDE, Spot, _distance_from_body, _face

STRIDE = 2          # the heat map has a cell every STRIDE pixels of the crop
CROP = 64           # pixels across a crop
WINDOW = 1.1        # a crop spans this many die sizes
MIN_HEAT = 0.35     # a peak this hot is a spot
MODEL = pathlib.Path(__file__).resolve().parent / "models" / "pips.onnx"


def crop_channels(crop_bgr: np.ndarray) -> np.ndarray:
    """The network's two input channels: grey, and each pixel's colour distance from the die's body, both
    stretched to 0..1 (so light, contrast and colour do not change what it sees)."""
    grey = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2GRAY).astype(np.float32)
    other = _distance_from_body(crop_bgr)
    out = []
    for channel in (grey, other):
        low, high = float(channel.min()), float(channel.max())
        out.append((channel - low) / max(high - low, 1e-3))
    return np.stack(out).astype(np.float32)


def die_crop(frame: np.ndarray, centre: Sequence[float], size: float) -> np.ndarray:
    """A CROP-pixel square around the die, WINDOW sizes across, edges repeated."""
    scale = CROP / (WINDOW * size)
    matrix = np.array([[scale, 0, CROP / 2 - scale * centre[0]], [0, scale, CROP / 2 - scale * centre[1]]])
    return cv2.warpAffine(frame, matrix, (CROP, CROP), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)


class PipNet:
    def __init__(self, path: Optional[pathlib.Path] = None):
        path = pathlib.Path(path or MODEL)
        if not path.exists():
            raise FileNotFoundError(f"{path} is missing: train it with python -m vision.training.pip_net")
        self.net = cv2.dnn.readNetFromONNX(str(path))

    def count(self, frame_bgr: np.ndarray, dice: Sequence[Tuple[Sequence[float], float]]) -> List[int]:
        """The pips on the top face of each die (centre, size) of the frame; 0 where no face of pips is seen."""
        return [len(_face(s)) for s in self.spots([die_crop(frame_bgr, c, size) for c, size in dice])]

    def spots(self, crops_bgr: Sequence[np.ndarray]) -> List[List[Spot]]:
        """Each crop's spots, in the coordinates ``vision.pips`` uses (its box scaled to SIDE pixels)."""
        if not len(crops_bgr):
            return []
        self.net.setInput(np.stack([crop_channels(c) for c in crops_bgr]))
        out = self.net.forward()
        heat = 1 / (1 + np.exp(-out[:, 0]))
        peaks = (heat >= MIN_HEAT) & (heat == np.stack([cv2.dilate(h, np.ones((3, 3), np.float32)) for h in heat]))
        to_side = SIDE * WINDOW / CROP
        result = []
        for k in range(len(crops_bgr)):
            ys, xs = np.nonzero(peaks[k])
            sizes = np.exp(out[k, 1, ys, xs])
            # The face search's coordinates span the same window as the crop (WINDOW sizes), scaled.
            result.append([((x * STRIDE + STRIDE / 2) * to_side, (y * STRIDE + STRIDE / 2) * to_side, d * to_side)
                           for x, y, d in zip(xs, ys, sizes)])
        return result

    def counts(self, crops_bgr: Sequence[np.ndarray], batch: int = 256) -> np.ndarray:
        out = []
        for at in range(0, len(crops_bgr), batch):
            out.extend(len(_face(s)) for s in self.spots(crops_bgr[at:at + batch]))
        return np.array(out)
