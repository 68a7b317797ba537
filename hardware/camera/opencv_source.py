"""A USB webcam (or any capture OpenCV can open) through ``cv2.VideoCapture``."""
from __future__ import annotations

from typing import Any, Optional, Union

from .base import CameraSource, CameraUnavailable, Frame, Size, downscale


class OpenCVSource(CameraSource):
    """One capture; the preview is the latest frame scaled down."""

    name = "opencv"

    def __init__(self, device: Union[int, str], main_size: Size, preview_size: Size, **kwargs: Any):
        super().__init__(preview_size, **kwargs)
        self.device = device
        self.main_size = main_size
        self._capture: Any = None

    def _open(self) -> None:
        import cv2

        capture = cv2.VideoCapture(self.device)
        if not capture.isOpened():
            capture.release()
            where = f"/dev/video{self.device}" if isinstance(self.device, int) else self.device
            raise CameraUnavailable(f"opencv: no camera at {where} (is the USB webcam plugged in? "
                                    f"camera.device picks another index)")
        width, height = self.main_size
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        self._capture = capture

    def lock(self, settings: Any) -> bool:
        for prop, value in settings.opencv_properties().items():
            self._capture.set(prop, value)
        return True

    def _grab_main(self) -> Optional[Frame]:
        ok, frame = self._capture.read()
        return frame if ok else None

    def _grab_preview(self) -> Optional[Frame]:
        frame = self._grab_main()
        return None if frame is None else downscale(frame, self.preview_size)

    def _close(self) -> None:
        capture, self._capture = self._capture, None
        if capture is not None:
            capture.release()
