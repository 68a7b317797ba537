"""A whole-frame die detector: one small network that marks the centre and size of every die.

It is a heatmap detector in the CenterNet style: the frame, scaled so its long side is at most
``WORK_SIZE`` (or so the dice span ``WORK_DIE`` pixels where their size is known), goes through a
small convolutional network once; at every fourth pixel it says how likely a die's centre lies
there, how far the centre is from that pixel, and how large the die is. The peaks of that map
are the dice. It proposes where the blob search (``vision.detect``) finds nothing: dice on a
busy board, dice of the table's colour, dice packed together.
"""
from __future__ import annotations

import math
import pathlib
from typing import Optional

import cv2
import numpy as np

from vision.classifier import MODEL_DIR
from vision.detect import Candidate, shrink

MODEL_FILE = "detector.onnx"
WORK_SIZE = 512  # long side of the working image, where the dice's size is not known
WORK_DIE = 24.0  # where it is known, the working image is scaled so the dice span this many pixels
STRIDE = 4  # working-image pixels per cell of the network's maps
PAD_TO = 32  # the network halves its maps five times: the working image is padded to a multiple of this
# ...and to at least twice it: where its deepest map is one cell across, OpenCV's cv2.dnn reads memory it never
# wrote, so a small crop's heat changed from run to run.
LEAST_INPUT = 2 * PAD_TO
MIN_PEAK = 0.5  # the least heat of a peak that is proposed (chosen on rune55 PXL and baylor_d6, left out)
MAX_PEAKS = 96
LEAST_PEAK = 0.2  # where no peak reaches MIN_PEAK, the strongest over this is proposed
LARGEST_LOG_SIZE = math.log(WORK_SIZE / STRIDE)  # a die's side is never read as more than the working image
SAME_DIE = math.log(1.8)  # finds at two scales further apart in size than this are two dice


def working_scale(shape: tuple[int, ...], die_size: Optional[float] = None) -> float:
    """The scale from frame pixels to the working image's."""
    if die_size:
        return WORK_DIE / die_size
    return min(1.0, WORK_SIZE / max(shape[:2]))


def network_input(image_bgr: np.ndarray) -> np.ndarray:
    """The 1 x 3 x H x W float32 blob the network reads: the image padded with its edge to a multiple of
    ``PAD_TO``, at least ``LEAST_INPUT``, each channel scaled to zero mean and unit spread, so light and the
    camera's gain matter less."""
    h, w = image_bgr.shape[:2]
    padded = cv2.copyMakeBorder(image_bgr, 0, max(-h % PAD_TO, LEAST_INPUT - h), 0, max(-w % PAD_TO, LEAST_INPUT - w),
                                cv2.BORDER_REPLICATE)
    mean, spread = cv2.meanStdDev(padded)
    blob = cv2.dnn.blobFromImage(padded, ddepth=cv2.CV_32F)  # channels first, as float32
    for channel, m, scale in zip(blob[0], mean.reshape(3).astype(np.float32),
                                 (1.0 / (spread.reshape(3) + 8.0)).astype(np.float32)):
        channel -= m
        channel *= scale
    return blob


def peaks(heat: np.ndarray, min_peak: float = MIN_PEAK, limit: int = MAX_PEAKS) -> list[tuple[int, int, float]]:
    """(row, column, heat) of each local maximum of ``heat`` over ``min_peak``, the strongest first."""
    local_max = heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8))
    rows, cols = np.nonzero(local_max & (heat >= min_peak))
    order = np.argsort(-heat[rows, cols])[:limit]
    return [(int(rows[k]), int(cols[k]), float(heat[rows[k], cols[k]])) for k in order]


class DieDetector:
    """Loads ``detector.onnx`` once; ``find`` gives the dice in a frame as candidates."""

    def __init__(self, path: Optional[pathlib.Path] = None):
        path = pathlib.Path(path or MODEL_DIR / MODEL_FILE)
        if not path.exists():
            raise FileNotFoundError(f"{path} is missing: train it with `python -m vision.training.detector`")
        self.net = cv2.dnn.readNetFromONNX(str(path))
        self.outputs = self.net.getUnconnectedOutLayersNames()

    def maps(self, image_bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The heat (H x W, 0..1), the centre offsets (2 x H x W, in cells) and the log die sizes (H x W, in
        cells) of a working image."""
        self.net.setInput(network_input(image_bgr))
        out = dict(zip(self.outputs, self.net.forward(self.outputs)))
        return out["heat"][0, 0], out["offset"][0], out["size"][0, 0]

    def find(self, frame_bgr: np.ndarray, die_size: Optional[float] = None,
             min_peak: float = MIN_PEAK) -> list[Candidate]:
        """The dice in ``frame_bgr``, in frame pixels, ``strength`` their heat (0..1): every peak over
        ``min_peak``, and where there is none the strongest over ``LEAST_PEAK`` (a frame that is a close photo of
        one die shows it less surely than a table shows its dice). Without a known die size the frame is also
        looked at half as large, where a die filling much of it is seen whole."""
        scale = working_scale(frame_bgr.shape, die_size)
        found = self._find_at(frame_bgr, scale)
        if not die_size and max(frame_bgr.shape[:2]) * scale >= 2 * PAD_TO:
            found = _one_per_die(found + self._find_at(frame_bgr, scale / 2))
        sure = [c for c in found if c.strength >= min_peak]
        return sure or found[:1]

    def _find_at(self, frame_bgr: np.ndarray, scale: float) -> list[Candidate]:
        """Every peak over ``LEAST_PEAK`` of the maps of the frame at ``scale``, the strongest first."""
        size = (max(1, round(frame_bgr.shape[1] * scale)), max(1, round(frame_bgr.shape[0] * scale)))
        image = shrink(frame_bgr, size) if scale < 1 else cv2.resize(frame_bgr, size, interpolation=cv2.INTER_LINEAR)
        heat, offset, log_size = self.maps(image)
        found = []
        for row, col, strength in peaks(heat, LEAST_PEAK):
            x = (col + 0.5 + offset[0, row, col]) * STRIDE / scale
            y = (row + 0.5 + offset[1, row, col]) * STRIDE / scale
            side = math.exp(min(float(log_size[row, col]), LARGEST_LOG_SIZE)) * STRIDE / scale
            found.append(Candidate((float(x), float(y)), float(side), strength))
        return found


def _one_per_die(found: list[Candidate]) -> list[Candidate]:
    """The strongest of the finds of about one size whose centres lie within half a die of each other."""
    kept: list[Candidate] = []
    for c in sorted(found, key=lambda c: -c.strength):
        if all(math.dist(c.centre, k.centre) > 0.5 * max(c.size, k.size) or abs(math.log(c.size / k.size)) > SAME_DIE
               for k in kept):
            kept.append(c)
    return kept
