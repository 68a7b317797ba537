"""The guided calibration step shared by the ``calibrate`` command and the app's Calibrate screen:
one frame of the table -> the zones from the markers -> each player's colours -> a new profile.

Nothing here opens a camera or writes a file: the caller takes the frame and saves the profile,
so the same step runs from a photo, a camera, or a synthetic table in the tests.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Sequence

import numpy as np

from calibration.camera_settings import CameraSettings
from calibration.colour import (CalibrationError, ColourCalibration, calibrate_from_samples, samples_from_frame,
                                table_colour)
from calibration.layout import ZoneLayout
from calibration.profile import CalibrationProfile
from companion.invocation import program
from vision.zones import ZoneFinder

if TYPE_CHECKING:
    from hardware.camera.base import CameraSource

LEGIBLE_DIE_PX = 60.0  # a D4 narrower than this in the frame shows numerals only a few pixels tall


def connect_camera() -> str:
    """The app's hint when the camera gives no picture."""
    return f"Connect the camera (`{program()} devices` checks it) and try again."


def die_size_line(die_px: float) -> str:
    """How large the dice are in the frame, with a warning where their numerals are too small to read well
    (docs/setup.md, "How well it follows a table": what the die's size in pixels changes)."""
    line = f"Dice are about {die_px:.0f} px across in this frame."
    if die_px < LEGIBLE_DIE_PX:
        line += (f"\nWARNING: under {LEGIBLE_DIE_PX:.0f} px a D4's numerals are only a few pixels tall: "
                 "more rolls are left for a person to confirm, and a D4 turned where it lies can go unnoticed. "
                 "Raise camera.main_resolution (docs/config.md) or bring the camera lower, then calibrate again.")
    return line


@dataclass(frozen=True)
class TableCalibration:
    """The profile to save and what to tell the person about it."""

    profile: CalibrationProfile
    result: ColourCalibration
    die_px: float  # the dice's width in the calibration frame, from the markers

    def size_line(self) -> str:
        return die_size_line(self.die_px)

    @property
    def dice_seen(self) -> dict[str, int]:
        return {player: len(samples) for player, samples in self.result.samples.items()}

    def dice_line(self) -> str:
        return "Dice seen: " + ", ".join(f"{p} {n}" for p, n in self.dice_seen.items())


def frame_from_camera(open_source: Callable[[], CameraSource], no_camera_hint: str
                      ) -> tuple[np.ndarray, Optional[Mapping[str, Any]]]:
    """One full-resolution frame from the camera ``open_source`` starts, and what its automatic
    exposure and white balance settled on for it (None where the camera cannot tell);
    CalibrationError says why there is no frame (``no_camera_hint`` tells the person what to do instead)."""
    from hardware.camera.base import CameraUnavailable

    try:
        camera = open_source()
    except CameraUnavailable as exc:
        raise CalibrationError(f"No camera: {exc}. {no_camera_hint}") from None
    try:
        frame = camera.read_main()
        settled = camera.settled_controls() if frame is not None else None
    finally:
        camera.stop()
    if frame is None:
        raise CalibrationError(f"The camera gave no picture ({camera.last_error}). Check it and try again.")
    return frame, settled


def check_players(players: Sequence[str], known: Sequence[str] = ()) -> tuple[str, ...]:
    """The seat colours in seat order: 1 to 4 different names, each one of ``known`` where it is given."""
    names = tuple(p.strip() for p in players if p.strip())
    if not 1 <= len(names) <= 4 or len(set(names)) != len(names):
        raise CalibrationError("name 1 to 4 different player colours, in seat order")
    unknown = [name for name in names if known and name not in known]
    if unknown:
        raise CalibrationError(f"'{unknown[0]}' is not a seat colour: choose from {', '.join(known)}")
    return names


def calibrate_table(frame: np.ndarray, players: Sequence[str], previous: CalibrationProfile,
                    layout: Optional[ZoneLayout] = None, reader: Optional[Callable] = None,
                    exposure_us: Optional[int] = None,
                    colour_gains: Optional[tuple[float, float]] = None,
                    settled: Optional[Mapping[str, Any]] = None,
                    zone_names: Optional[Sequence[str]] = None) -> TableCalibration:
    """Learn the players' colours from ``frame`` (each seat's dice in its Available zone, or each player's
    in its zone of ``zone_names``, as a game's Automas' in their supplies).

    The camera settings are locked at what the camera settled on for the frame (``settled``,
    picamera2 metadata), else kept from ``previous``, at the frame's resolution;
    ``exposure_us`` and ``colour_gains`` take their place when given.
    Raises :class:`CalibrationError` saying what to change: no marker in view, a seat's
    marker not seen, too few dice.
    """
    players = check_players(players)
    layout = layout or previous.layout
    zones = ZoneFinder(layout).find(frame)
    die_size = zones.die_size()
    if not zones.seen_markers or die_size is None:
        raise CalibrationError("no marker is in view: check that the markers are on the table, "
                               "uncovered, and that the camera sees the whole play area")
    result = calibrate_from_samples(samples_from_frame(frame, zones, players, reader, zone_names),
                                    table=table_colour(frame, zones, players, zone_names))
    resolution = (frame.shape[1], frame.shape[0])
    camera = CameraSettings.from_picamera2_metadata(settled, resolution) if settled else previous.camera
    gains = colour_gains if colour_gains is not None else camera.colour_gains
    if gains is not None and len(gains) != 2:
        raise CalibrationError("colour gains are two numbers: red,blue")
    settings = CameraSettings(resolution, exposure_us or camera.exposure_us,
                              camera.analogue_gain, None if gains is None else (gains[0], gains[1]))
    return TableCalibration(CalibrationProfile(result.profile, layout, settings, result.check.text()), result,
                            die_size)
