"""Camera sources behind one interface: Pi camera, USB webcam, recordings, rendered frames."""
from .base import CameraSource, CameraUnavailable, CameraWatch, Frame, check_frame
from .choose import AUTO_ORDER, build_source, open_camera
from .opencv_source import OpenCVSource
from .picamera2_source import Picamera2Source
from .replay import ReplaySource
from .synthetic import SyntheticSource

__all__ = ["AUTO_ORDER", "CameraSource", "CameraUnavailable", "CameraWatch", "Frame",
           "OpenCVSource", "Picamera2Source", "ReplaySource", "SyntheticSource", "build_source",
           "check_frame", "open_camera"]
