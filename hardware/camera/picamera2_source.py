"""Raspberry Pi camera through picamera2 (imported here only, when the camera starts)."""
from __future__ import annotations

from typing import Any, Optional

from .base import CameraSource, CameraUnavailable, Frame, Size

INSTALL_HINT = ("on Raspberry Pi OS install it with `sudo apt install python3-picamera2` and create "
                "the venv with --system-site-packages (see docs/raspberry-pi.md)")
MAIN_BUFFERS = 2


class Picamera2Source(CameraSource):
    """The main stream (RGB888, which picamera2 lays out as BGR) for reading, and the
    ``lores`` stream (YUV420, the format every Pi supports for it) for the settle gate."""

    name = "picamera2"

    def __init__(self, main_size: Size, preview_size: Size, camera_index: int = 0, **kwargs: Any):
        super().__init__(preview_size, **kwargs)
        self.main_size = main_size
        self.camera_index = camera_index
        self._camera: Any = None

    def _open(self) -> None:
        try:
            from picamera2 import Picamera2
        except ImportError as exc:
            raise CameraUnavailable(f"picamera2 is not installed ({exc}); {INSTALL_HINT}") from None
        if not Picamera2.global_camera_info():
            raise CameraUnavailable("picamera2: no camera is connected (check the ribbon cable, "
                                    "then `rpicam-hello --list-cameras`)")
        try:
            camera = Picamera2(self.camera_index)
            # Two buffers, not the video default of six: at the full 4608 x 2592 that dice need to be about
            # 60 px across (docs/setup.md), six RGB frames are over 200 MB, which a Pi's camera memory (CMA)
            # often cannot hold ("Cannot allocate memory"). Main frames are read twice a second, so frames
            # dropped in between cost nothing.
            camera.configure(camera.create_video_configuration(
                main={"size": tuple(self.main_size), "format": "RGB888"},
                lores={"size": tuple(self.preview_size), "format": "YUV420"}, buffer_count=MAIN_BUFFERS))
            camera.start()
        except Exception as exc:
            raise CameraUnavailable(f"picamera2: the camera could not be started: {exc}") from None
        self._camera = camera

    def lock(self, settings: Any) -> bool:
        self._camera.set_controls(settings.picamera2_controls())
        return True

    def settled_controls(self) -> Optional[dict[str, Any]]:
        if self._camera is None:
            return None
        metadata = self._camera.capture_metadata()
        return {k: metadata[k] for k in ("ExposureTime", "AnalogueGain", "ColourGains") if k in metadata}

    def _grab_preview(self) -> Optional[Frame]:
        import cv2

        width, height = self.preview_size
        yuv = self._camera.capture_array("lores")  # I420: (height * 3 / 2) x stride
        if yuv.shape[1] == width:
            return cv2.cvtColor(yuv, cv2.COLOR_YUV2BGR_I420)
        # Padded rows: the chroma planes are interleaved with padding; luma is enough to
        # tell whether the table is still.
        return cv2.cvtColor(yuv[:height, :width], cv2.COLOR_GRAY2BGR)

    def _grab_main(self) -> Optional[Frame]:
        return self._camera.capture_array("main")

    def _close(self) -> None:
        camera, self._camera = self._camera, None
        if camera is not None:
            camera.stop()
            camera.close()
