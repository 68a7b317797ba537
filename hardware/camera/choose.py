"""Choosing the camera source: by name, or the first that works of picamera2, OpenCV,
synthetic."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Callable, Optional

from .base import CameraSource, CameraUnavailable, Frame
from .opencv_source import OpenCVSource
from .picamera2_source import Picamera2Source
from .replay import ReplaySource
from .synthetic import SyntheticSource

log = logging.getLogger(__name__)

AUTO_ORDER = ("picamera2", "opencv", "synthetic")
Render = Callable[[], Frame]
Size = tuple[int, int]


def build_source(name: str, *, device: int, main_resolution: Size, preview_resolution: Size,
                 replay_path: Optional[Path], replay_hold: int, replay_loop: bool,
                 render: Optional[Render] = None) -> CameraSource:
    """The (not yet started) source called ``name``; CameraUnavailable when it cannot be made.

    ``device``: the OpenCV device number; ``replay_path``, ``replay_hold``, ``replay_loop``: the
    recording a replay source plays, how many reads each frame lasts, and whether it starts over.
    """
    if name == "picamera2":
        return Picamera2Source(main_resolution, preview_resolution)
    if name == "opencv":
        return OpenCVSource(device, main_resolution, preview_resolution)
    if name == "replay":
        if replay_path is None:
            raise CameraUnavailable("replay: no recording given (set camera.replay_path)")
        return ReplaySource(replay_path, preview_resolution, hold=replay_hold, loop=replay_loop)
    if name == "synthetic":
        if render is None:
            raise CameraUnavailable("synthetic: no frame renderer was given")
        return SyntheticSource(render, preview_resolution)
    raise ValueError(f"unknown camera source {name!r}")


def open_camera(source: str, *, device: int, main_resolution: Size, preview_resolution: Size,
                replay_path: Optional[Path], replay_hold: int, replay_loop: bool,
                render: Optional[Render] = None, fallback: bool = False) -> CameraSource:
    """Start a camera source and return it; the settings are those of :func:`build_source`.

    ``source`` names one, or is ``"auto"``: picamera2, then OpenCV, then synthetic frames from
    ``render`` when one is given. A named source that cannot start raises
    :class:`CameraUnavailable` saying why, unless ``fallback`` is set: then the sources after it
    in the automatic order are tried. Logs which source is in use and why the ones before it
    were passed over.
    """
    def build(name: str) -> CameraSource:
        return build_source(name, device=device, main_resolution=main_resolution, preview_resolution=preview_resolution,
                            replay_path=replay_path, replay_hold=replay_hold, replay_loop=replay_loop, render=render)

    if source == "auto":
        candidates = [name for name in AUTO_ORDER if name != "synthetic" or render is not None]
    else:
        candidates = [source]
        if fallback:
            candidates += [name for name in AUTO_ORDER if name != source]
    reasons: list[str] = []
    for name in candidates:
        try:
            camera = build(name)
            camera.start()
        except CameraUnavailable as exc:
            if name == source and not fallback:
                raise CameraUnavailable(f"camera source {source!r} was asked for but is not "
                                        f"available: {exc}") from None
            reasons.append(str(exc))
            continue
        if not reasons:
            log.info("camera: using %s", camera.name)
        elif source == "auto":
            log.warning("camera: using %s (%s)", camera.name, "; ".join(reasons))
        else:
            log.warning("camera: %r was asked for but is not available; falling back to %s (%s)",
                        source, camera.name, "; ".join(reasons))
        return camera
    raise CameraUnavailable("no camera source could be started: " + "; ".join(reasons))
