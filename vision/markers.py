"""ArUco markers: drawing them for the printed sheet and finding them in a camera frame."""
from __future__ import annotations

from typing import Optional

import cv2
import numpy as np

DEFAULT_DICTIONARY = "DICT_4X4_50"
Corners = np.ndarray  # 4 x 2 float32: top-left, top-right, bottom-right, bottom-left of the printed marker


def dictionary(name: str = DEFAULT_DICTIONARY):
    code = getattr(cv2.aruco, name, None)
    if not isinstance(code, int):
        raise ValueError(f"'{name}' is not an OpenCV ArUco dictionary (e.g. {DEFAULT_DICTIONARY})")
    return cv2.aruco.getPredefinedDictionary(code)


def marker_image(marker_id: int, side_px: int, name: str = DEFAULT_DICTIONARY) -> np.ndarray:
    """The marker as a grey image (black on white, no quiet zone) of ``side_px`` square."""
    return cv2.aruco.generateImageMarker(dictionary(name), marker_id, side_px)


class MarkerDetector:
    """Finds the markers of one dictionary; build once, call ``detect`` per frame."""

    def __init__(self, name: str = DEFAULT_DICTIONARY, markers: Optional[int] = None):
        """``markers``: only ids below this are looked for. Fewer codes to choose from means a
        marker blurred by a bit or two is still read as itself, not as an id the table lacks."""
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        codes = dictionary(name)
        if markers is not None and markers < len(codes.bytesList):
            codes = cv2.aruco.Dictionary(codes.bytesList[:max(markers, 1)].copy(), codes.markerSize,
                                         codes.maxCorrectionBits)
        self._detector = cv2.aruco.ArucoDetector(codes, params)

    def detect(self, frame_bgr: np.ndarray) -> dict[int, Corners]:
        """Marker id -> its four corners in frame pixels. A marker seen twice keeps its larger copy."""
        if not isinstance(frame_bgr, np.ndarray) or frame_bgr.size == 0:
            raise ValueError("frame must be a non-empty numpy image (H x W x 3, BGR)")
        grey = frame_bgr if frame_bgr.ndim == 2 else cv2.cvtColor(frame_bgr, cv2.COLOR_BGR2GRAY)
        corners, ids, _ = self._detector.detectMarkers(grey)
        found: dict[int, Corners] = {}
        if ids is None:
            return found
        for quad, marker_id in zip(corners, ids.reshape(-1)):
            quad = quad.reshape(4, 2).astype(np.float32)
            key = int(marker_id)
            if key not in found or cv2.contourArea(quad) > cv2.contourArea(found[key]):
                found[key] = quad
        return found
