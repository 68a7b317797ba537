"""Recorded frames played back as a camera: a folder of images or a video file."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Optional

from .base import CameraSource, CameraUnavailable, Frame, Size, downscale

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")


class ReplaySource(CameraSource):
    """Plays recorded frames in order (images by file name).

    Each recorded frame is shown for ``hold`` reads (preview and main reads both count), so
    that a settle gate sees a still table before the main read; ``hold`` = settle frames + 1
    gives one reading per recorded frame. At the end the replay starts over when ``loop`` is
    set; otherwise it delivers nothing more, as a camera that has gone away.
    """

    name = "replay"

    def __init__(self, path: Path | str, preview_size: Size, hold: int = 1, loop: bool = False,
                 **kwargs: Any):
        super().__init__(preview_size, **kwargs)
        if hold < 1:
            raise ValueError(f"hold must be 1 or more, got {hold}")
        self.path = Path(path)
        self.hold = hold
        self.loop = loop
        self._images: list[Path] = []
        self._video: Any = None
        self._reads = 0
        self._slot: Optional[int] = None  # which recorded frame _current is (in hold slots)
        self._current: Optional[Frame] = None
        self._cursor = 0  # next image to load

    def _open(self) -> None:
        import cv2

        if self.path.is_dir():
            self._images = sorted(p for p in self.path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
            if not self._images:
                raise CameraUnavailable(f"replay: no images ({', '.join(IMAGE_SUFFIXES)}) in {self.path}")
        elif self.path.is_file():
            video = cv2.VideoCapture(str(self.path))
            if not video.isOpened():
                video.release()
                raise CameraUnavailable(f"replay: {self.path} is not a video OpenCV can read")
            self._video = video
        else:
            raise CameraUnavailable(f"replay: {self.path} does not exist (camera.replay_path)")
        self._reads, self._slot, self._current, self._cursor, self.finished = 0, None, None, 0, False

    def _close(self) -> None:
        if self._video is not None:
            self._video.release()
            self._video = None

    def _grab_main(self) -> Optional[Frame]:
        return self._tick()

    def _grab_preview(self) -> Optional[Frame]:
        frame = self._tick()
        return None if frame is None else downscale(frame, self.preview_size)

    def _tick(self) -> Optional[Frame]:
        slot = self._reads // self.hold
        self._reads += 1
        if slot != self._slot:
            self._slot = slot
            self._current = None if self.finished else self._next_frame()
            if self._current is None and not self.finished:
                self.finished = True
                log.info("replay: %s has no more frames", self.path)
        return self._current

    def _next_frame(self) -> Optional[Frame]:
        import cv2

        if self._video is not None:
            ok, frame = self._video.read()
            if not ok and self.loop:
                self._video.set(cv2.CAP_PROP_POS_FRAMES, 0)
                ok, frame = self._video.read()
            return frame if ok else None
        for _ in range(len(self._images)):  # skip unreadable files, but not forever
            if self._cursor == len(self._images):
                if not self.loop:
                    return None
                self._cursor = 0
            image_path = self._images[self._cursor]
            self._cursor += 1
            frame = cv2.imread(str(image_path), cv2.IMREAD_COLOR)
            if frame is not None:
                return frame
            log.warning("replay: cannot read %s as an image; skipped", image_path)
        return None
