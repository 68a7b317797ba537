"""Camera settings locked after calibration, so the light the colours were learnt under stays put.

Auto exposure and auto white balance drift as hands and dice move under the camera, which
shifts every die's colour. After calibration the values the camera settled on are locked
and saved in the profile; the camera adapters apply them when they open the device.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Mapping, Optional

from companion.games.automata.rules import CompanionError


class SettingsError(CompanionError, ValueError):
    """Camera settings that cannot be used; the message names the field."""


@dataclass(frozen=True)
class CameraSettings:
    resolution: tuple[int, int] = (1920, 1080)
    exposure_us: Optional[int] = None        # None: automatic exposure (not locked)
    analogue_gain: Optional[float] = None    # None: automatic gain
    colour_gains: Optional[tuple[float, float]] = None  # (red, blue) white balance gains; None: automatic

    def __post_init__(self) -> None:
        w, h = self.resolution
        if not (16 <= w <= 8192 and 16 <= h <= 8192):
            raise SettingsError(f"resolution {w}x{h} is not between 16 and 8192 pixels a side")
        if self.exposure_us is not None and not 10 <= self.exposure_us <= 1_000_000:
            raise SettingsError(f"exposure_us {self.exposure_us} is not between 10 and 1000000 microseconds")
        if self.analogue_gain is not None and not 1.0 <= self.analogue_gain <= 64.0:
            raise SettingsError(f"analogue_gain {self.analogue_gain} is not between 1 and 64")
        if self.colour_gains is not None and not all(0.1 <= g <= 16.0 for g in self.colour_gains):
            raise SettingsError(f"colour_gains {self.colour_gains} must be two gains between 0.1 and 16")

    @property
    def locked(self) -> bool:
        return self.exposure_us is not None and self.colour_gains is not None

    @classmethod
    def from_picamera2_metadata(cls, metadata: Mapping[str, Any], resolution: tuple[int, int]) -> "CameraSettings":
        """Lock what the camera's automatic controls settled on (``Picamera2.capture_metadata()``)."""
        gains = metadata.get("ColourGains")
        width, height = resolution
        return cls((width, height), int(metadata["ExposureTime"]) if "ExposureTime" in metadata else None,
                   float(metadata["AnalogueGain"]) if "AnalogueGain" in metadata else None,
                   (float(gains[0]), float(gains[1])) if gains else None)

    def picamera2_controls(self) -> dict[str, Any]:
        """Controls for ``Picamera2.set_controls``: automatic ones switched off where a value is locked."""
        controls: dict[str, Any] = {}
        if self.exposure_us is not None:
            controls.update(AeEnable=False, ExposureTime=self.exposure_us)
            if self.analogue_gain is not None:
                controls["AnalogueGain"] = self.analogue_gain
        if self.colour_gains is not None:
            controls.update(AwbEnable=False, ColourGains=tuple(self.colour_gains))
        return controls

    def opencv_properties(self) -> dict[int, float]:
        """``VideoCapture.set`` properties (V4L2 conventions: auto exposure 1 = manual, 3 = automatic).

        OpenCV cannot set white balance gains, only switch automatic white balance off;
        a USB camera then keeps the balance it had when it was switched off.
        """
        import cv2

        props: dict[int, float] = {cv2.CAP_PROP_FRAME_WIDTH: float(self.resolution[0]),
                                   cv2.CAP_PROP_FRAME_HEIGHT: float(self.resolution[1])}
        if self.exposure_us is not None:
            props[cv2.CAP_PROP_AUTO_EXPOSURE] = 1.0
            props[cv2.CAP_PROP_EXPOSURE] = float(self.exposure_us) / 100.0  # V4L2 counts 100 us units
        if self.colour_gains is not None:
            props[cv2.CAP_PROP_AUTO_WB] = 0.0
        return props

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["resolution"] = list(self.resolution)
        data["colour_gains"] = None if self.colour_gains is None else list(self.colour_gains)
        return data

    @classmethod
    def from_json(cls, data: Any) -> "CameraSettings":
        if not isinstance(data, dict):
            raise SettingsError("camera settings must be an object")
        unknown = set(data) - {"resolution", "exposure_us", "analogue_gain", "colour_gains"}
        if unknown:
            raise SettingsError(f"unknown camera setting(s): {', '.join(sorted(unknown))}")
        try:
            gains = data.get("colour_gains")
            width, height = (int(v) for v in data.get("resolution", (1920, 1080)))
            return cls((width, height),
                       None if data.get("exposure_us") is None else int(data["exposure_us"]),
                       None if data.get("analogue_gain") is None else float(data["analogue_gain"]),
                       None if gains is None else (float(gains[0]), float(gains[1])))
        except (TypeError, ValueError, IndexError) as exc:
            if isinstance(exc, SettingsError):
                raise
            raise SettingsError(f"camera settings have a wrong value ({exc})") from None
