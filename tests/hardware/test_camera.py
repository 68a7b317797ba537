"""Camera sources: replay, a camera that vanishes and comes back, and source selection."""
from __future__ import annotations

import logging
import re
import sys
import types

import cv2
import numpy as np
import pytest

from calibration.camera_settings import CameraSettings

from hardware.camera import (
    CameraUnavailable,
    CameraWatch,
    OpenCVSource,
    Picamera2Source,
    ReplaySource,
    SyntheticSource,
    open_camera,
)

PREVIEW = (16, 12)
SHADES = [10, 60, 110, 160, 210]


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def solid(shade: int, size=(64, 48)) -> np.ndarray:
    return np.full((size[1], size[0], 3), shade, np.uint8)


@pytest.fixture
def frames_dir(tmp_path):
    folder = tmp_path / "frames"
    folder.mkdir()
    for i, shade in enumerate(SHADES):
        assert cv2.imwrite(str(folder / f"frame{i:03d}.png"), solid(shade))
    (folder / "notes.txt").write_text("not a frame")
    return folder


def shade_of(frame) -> int:
    return int(frame[0, 0, 0])


def test_replay_plays_a_folder_in_name_order_then_stops(frames_dir):
    with ReplaySource(frames_dir, PREVIEW) as replay:
        mains = [replay.read_main() for _ in SHADES]
        assert [shade_of(f) for f in mains] == SHADES
        assert mains[0].shape == (48, 64, 3)
        assert replay.read_main() is None and replay.finished
        assert replay.last_error == "no frame"


def test_replay_holds_each_frame_for_the_settle_gate_and_scales_the_preview(frames_dir):
    with ReplaySource(frames_dir, PREVIEW, hold=3, loop=True) as replay:
        reads = [replay.read_preview(), replay.read_preview(), replay.read_main(),
                 replay.read_preview()]
        assert reads[0].shape == (12, 16, 3)
        assert reads[2].shape == (48, 64, 3)
        assert [shade_of(f) for f in reads] == [10, 10, 10, 60]
        for _ in range(3 * (len(SHADES) - 1) - 1):
            replay.read_main()
        assert shade_of(replay.read_main()) == 10  # looped back to the first frame


def test_replay_skips_an_unreadable_image_with_a_warning(frames_dir, caplog):
    (frames_dir / "frame001.png").write_bytes(b"\x89PNG broken")
    with caplog.at_level(logging.WARNING), ReplaySource(frames_dir, PREVIEW) as replay:
        shades = [shade_of(replay.read_main()) for _ in range(len(SHADES) - 1)]
    assert shades == [10, 110, 160, 210]
    assert "cannot read" in caplog.text and "frame001.png" in caplog.text


def test_replay_of_a_video_file(tmp_path):
    path = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 5, (64, 48))
    if not writer.isOpened():
        pytest.skip("this OpenCV build cannot write MJPG video")
    for shade in SHADES:
        writer.write(solid(shade))
    writer.release()
    with ReplaySource(path, PREVIEW) as replay:
        shades = [shade_of(replay.read_main()) for _ in SHADES]
        assert replay.read_main() is None
    assert all(abs(got - want) <= 3 for got, want in zip(shades, SHADES))  # JPEG rounding
    with OpenCVSource(str(path), (64, 48), PREVIEW) as capture:  # the webcam adapter's read path
        assert capture.read_preview().shape == (12, 16, 3)
        assert capture.read_main().shape == (48, 64, 3)


@pytest.mark.parametrize("where, message", [
    ("missing", "does not exist (camera.replay_path)"),
    ("empty", "no images"),
])
def test_replay_without_frames_is_unavailable_with_a_reason(tmp_path, where, message):
    path = tmp_path / where
    if where == "empty":
        path.mkdir()
    with pytest.raises(CameraUnavailable, match=re.escape(message)):
        ReplaySource(path, PREVIEW).start()


class Vanishing:
    """A renderer that works, then fails (None or an exception), then works again."""

    def __init__(self) -> None:
        self.mode = "ok"
        self.count = 0

    def __call__(self):
        self.count += 1
        if self.mode == "none":
            return None
        if self.mode == "raise":
            raise OSError("camera disconnected")
        return solid(self.count % 256)


@pytest.mark.parametrize("failure, reason", [("none", "no frame"), ("raise", "OSError: camera disconnected")])
def test_a_camera_that_vanishes_is_noticed_and_its_return_too(failure, reason, caplog):
    clock = FakeClock()
    render = Vanishing()
    camera = SyntheticSource(render, PREVIEW, clock=clock)
    watch = CameraWatch(camera, lost_after_s=2.0)
    camera.start()
    assert camera.read_preview().shape == (12, 16, 3)
    assert watch.update() is None and camera.last_frame_age() == 0.0

    render.mode = failure
    with caplog.at_level(logging.WARNING):
        for _ in range(30):  # 3 s of failed reads, 10 per second
            clock.now += 0.1
            assert camera.read_main() is None  # never raises
            if watch.update() == "lost":
                break
    assert watch.lost and 2.0 < camera.last_frame_age() <= 2.2
    assert camera.last_error == reason
    assert watch.message == (f"Camera synthetic lost: no frame for {camera.last_frame_age():.1f} s "
                             f"({reason}). Enter the dice values by hand; reading resumes when "
                             f"frames come back.")
    assert caplog.text.count(reason) == 1  # reported once, not once per read

    render.mode = "ok"
    clock.now += 0.1
    frame = camera.read_main()
    assert frame is not None and camera.last_error is None
    assert watch.update() == "back" and not watch.lost
    assert watch.update() is None


def test_a_frame_of_the_wrong_shape_is_refused_with_a_reason():
    camera = SyntheticSource(lambda: np.zeros((48, 64), np.uint8), PREVIEW)
    camera.start()
    assert camera.read_main() is None
    assert "expected a height x width x 3 uint8 image, got shape (48, 64)" in camera.last_error


@pytest.fixture
def no_picamera2(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)  # import picamera2 -> ImportError


SETTINGS = dict(device=99, main_resolution=(64, 48), preview_resolution=PREVIEW, replay_path=None, replay_hold=1,
                replay_loop=False)


def test_auto_falls_back_to_synthetic_and_says_why(no_picamera2, caplog):
    with caplog.at_level(logging.INFO, logger="hardware.camera"):
        camera = open_camera("auto", **SETTINGS, render=lambda: solid(5))
    assert isinstance(camera, SyntheticSource) and camera.started
    assert camera.read_main() is not None
    line = caplog.records[-1].getMessage()
    assert line.startswith("camera: using synthetic (picamera2 is not installed")
    assert "sudo apt install python3-picamera2" in line
    assert "opencv: no camera at /dev/video99" in line


def test_auto_with_nothing_available_lists_every_reason(no_picamera2):
    with pytest.raises(CameraUnavailable) as info:
        open_camera("auto", **SETTINGS)
    message = str(info.value)
    assert message.startswith("no camera source could be started: picamera2 is not installed")
    assert "opencv: no camera at /dev/video99" in message
    assert "synthetic" not in message  # with nothing to draw frames, synthetic is not a candidate


def test_a_named_source_that_is_missing_is_an_error_unless_fallback_is_allowed(no_picamera2, caplog):
    with pytest.raises(CameraUnavailable, match="camera source 'picamera2' was asked for but is not "
                                                "available: picamera2 is not installed"):
        open_camera("picamera2", **SETTINGS, render=lambda: solid(5))
    with caplog.at_level(logging.WARNING, logger="hardware.camera"):
        camera = open_camera("picamera2", **SETTINGS, render=lambda: solid(5), fallback=True)
    assert camera.name == "synthetic"
    assert "'picamera2' was asked for but is not available; falling back to synthetic" in caplog.text


def test_replay_plays_the_recording_it_is_given(frames_dir):
    camera = open_camera("replay", **dict(SETTINGS, replay_path=frames_dir, replay_hold=2, replay_loop=True))
    assert isinstance(camera, ReplaySource)
    shades = [shade_of(camera.read_main()) for _ in range(2 * len(SHADES) + 2)]
    assert shades == [s for s in SHADES for _ in range(2)] + [10, 10]
    camera.stop()


def test_picamera2_adapter_uses_lores_for_preview_and_main_for_reading(monkeypatch):
    """Against a stand-in module with picamera2's interface (no Pi needed)."""
    calls = {}

    class FakePicamera2:
        @staticmethod
        def global_camera_info():
            return [{"Model": "imx708"}]

        def __init__(self, index):
            calls["index"] = index

        def create_video_configuration(self, main, lores, buffer_count=6):
            return {"main": main, "lores": lores, "buffer_count": buffer_count}

        def configure(self, config):
            calls["config"] = config

        def start(self):
            calls["started"] = True

        def set_controls(self, controls):
            calls["controls"] = controls

        def capture_array(self, stream):
            if stream == "main":
                return solid(200, (64, 48))
            yuv = np.full((12 * 3 // 2, 16), 128, np.uint8)  # I420 grey
            return yuv

        def stop(self):
            calls["stopped"] = True

        def close(self):
            calls["closed"] = True

    monkeypatch.setitem(sys.modules, "picamera2", types.SimpleNamespace(Picamera2=FakePicamera2))
    camera = Picamera2Source((64, 48), PREVIEW)
    camera.start()
    assert calls["config"] == {"main": {"size": (64, 48), "format": "RGB888"},
                               "lores": {"size": PREVIEW, "format": "YUV420"}, "buffer_count": 2}
    preview = camera.read_preview()
    assert preview.shape == (12, 16, 3) and abs(int(preview[0, 0, 0]) - 128) <= 2
    assert camera.read_main().shape == (48, 64, 3)
    assert camera.lock(CameraSettings((64, 48), exposure_us=8000, colour_gains=(1.8, 1.5)))
    assert calls["controls"] == {"AeEnable": False, "ExposureTime": 8000, "AwbEnable": False,
                                 "ColourGains": (1.8, 1.5)}
    camera.stop()
    assert calls["stopped"] and calls["closed"]
