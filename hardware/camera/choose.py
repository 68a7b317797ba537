"""Choosing the camera source: by name, or the first that works of picamera2, OpenCV,
synthetic."""
from __future__ import annotations

import logging
from typing import Callable, Optional

from companion.config import CameraConfig

from .base import CameraSource, CameraUnavailable, Frame
from .opencv_source import OpenCVSource
from .picamera2_source import Picamera2Source
from .replay import ReplaySource
from .synthetic import SyntheticSource

log = logging.getLogger(__name__)

AUTO_ORDER = ("picamera2", "opencv", "synthetic")
Render = Callable[[], Frame]


def build_source(name: str, config: CameraConfig, render: Optional[Render] = None) -> CameraSource:
    """The (not yet started) source called ``name``; CameraUnavailable when it cannot be made."""
    if name == "picamera2":
        return Picamera2Source(config.main_resolution, config.preview_resolution)
    if name == "opencv":
        return OpenCVSource(config.device, config.main_resolution, config.preview_resolution)
    if name == "replay":
        if config.replay_path is None:
            raise CameraUnavailable("replay: no recording given (set camera.replay_path)")
        return ReplaySource(config.replay_path, config.preview_resolution, hold=config.replay_hold,
                            loop=config.replay_loop)
    if name == "synthetic":
        if render is None:
            raise CameraUnavailable("synthetic: no frame renderer was given")
        return SyntheticSource(render, config.preview_resolution)
    raise ValueError(f"unknown camera source {name!r}")


def open_camera(config: CameraConfig, source: Optional[str] = None, render: Optional[Render] = None,
                fallback: bool = False) -> CameraSource:
    """Start a camera source and return it.

    ``source`` (default ``config.source``) names one, or is ``"auto"``: picamera2, then
    OpenCV, then synthetic frames from ``render`` when one is given. A named source that cannot
    start raises :class:`CameraUnavailable` saying why, unless ``fallback`` is set: then
    the sources after it in the automatic order are tried. Logs which source is in use and
    why the ones before it were passed over.
    """
    asked = source or config.source
    if asked == "auto":
        candidates = [name for name in AUTO_ORDER if name != "synthetic" or render is not None]
    else:
        candidates = [asked]
        if fallback:
            candidates += [name for name in AUTO_ORDER if name != asked]
    reasons: list[str] = []
    for name in candidates:
        try:
            camera = build_source(name, config, render)
            camera.start()
        except CameraUnavailable as exc:
            if name == asked and not fallback:
                raise CameraUnavailable(f"camera source {asked!r} was asked for but is not "
                                        f"available: {exc}") from None
            reasons.append(str(exc))
            continue
        if not reasons:
            log.info("camera: using %s", camera.name)
        elif asked == "auto":
            log.warning("camera: using %s (%s)", camera.name, "; ".join(reasons))
        else:
            log.warning("camera: %r was asked for but is not available; falling back to %s (%s)",
                        asked, camera.name, "; ".join(reasons))
        return camera
    raise CameraUnavailable("no camera source could be started: " + "; ".join(reasons))
