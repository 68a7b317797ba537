"""Frames drawn by a function, e.g. a rendered table scene for tests and demos."""
from __future__ import annotations

from typing import Any, Callable, Optional

from .base import CameraSource, Frame, Size, downscale


class SyntheticSource(CameraSource):
    """Every read calls ``render()`` for a fresh full-resolution frame; the preview is that
    frame scaled down. Any ``Callable[[], np.ndarray]`` will do."""

    name = "synthetic"

    def __init__(self, render: Callable[[], Frame], preview_size: Size, **kwargs: Any):
        super().__init__(preview_size, **kwargs)
        self.render = render

    def _open(self) -> None:
        """Nothing to acquire."""

    def _grab_main(self) -> Optional[Frame]:
        return self.render()

    def _grab_preview(self) -> Optional[Frame]:
        frame = self.render()
        return None if frame is None else downscale(frame, self.preview_size)
