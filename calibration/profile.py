"""The calibration profile: one plain JSON file with the players' colours, the zone layout and
the locked camera settings, so a person can read (and edit) what the companion uses.

::

    {"version": 1,
     "colours": {"max_distance": 60, "players": {"red": [[L, a, b], ...], ...},
                 "check": "...how well they separate, as printed at calibration..."},
     "camera": {"resolution": [1920, 1080], "exposure_us": 12000, "analogue_gain": 1.5,
                "colour_gains": [1.8, 1.6]},
     "zones": { ...the zone layout, see calibration.layout... }}
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence

from calibration.camera_settings import CameraSettings, SettingsError
from calibration.layout import LayoutError, ZoneLayout, default_layout, read_json_file, readable_json
from calibration.colour import Lab, as_lab
from companion.games.automata.rules import CompanionError
from vision.readings import ColourProfile

PROFILE_VERSION = 1
PROFILE_NAME = "calibration.json"


class ProfileError(CompanionError, ValueError):
    """A profile file that cannot be used; the message names the file and the part that is wrong."""


def default_profile_path(env: Mapping[str, str] = os.environ, name: str = PROFILE_NAME) -> Path:
    from companion.config import default_data_dir

    return default_data_dir(env) / name


@dataclass(frozen=True)
class CalibrationProfile:
    colours: Optional[ColourProfile] = None
    layout: ZoneLayout = field(default_factory=default_layout)
    camera: CameraSettings = field(default_factory=CameraSettings)
    colour_check: str = ""

    def to_json(self) -> dict:
        colours = None if self.colours is None else {
            "max_distance": self.colours.max_distance,
            "players": {p: [list(ref) for ref in refs] for p, refs in self.colours.players.items()},
            "check": self.colour_check,
        }
        return {"version": PROFILE_VERSION, "colours": colours, "camera": self.camera.to_json(),
                "zones": self.layout.to_json()}

    def save(self, path: Path) -> None:
        """Write atomically: a crash mid-write leaves the old profile, never half a file."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        scratch = path.with_suffix(path.suffix + ".tmp")
        scratch.write_text(readable_json(self.to_json()) + "\n")
        os.replace(scratch, path)

    @classmethod
    def load(cls, path: Path) -> "CalibrationProfile":
        path = Path(path)
        data = read_json_file(path, "calibration profile", ProfileError, "; calibrate again")
        if not isinstance(data, dict) or data.get("version") != PROFILE_VERSION:
            raise ProfileError(f"{path}: not a calibration profile of version {PROFILE_VERSION}")
        try:
            colours, check = _colours(data.get("colours"))
            layout = ZoneLayout.from_json(data["zones"], f"{path} zones") if "zones" in data else default_layout()
            camera = CameraSettings.from_json(data.get("camera", {}))
        except (LayoutError, SettingsError) as exc:
            raise ProfileError(f"{path}: {exc}") from None
        except ValueError as exc:
            raise ProfileError(f"{path}: colours: {exc}") from None
        return cls(colours, layout, camera, check)


def _colours(data: Any):
    if data is None:
        return None, ""
    if not isinstance(data, dict) or not isinstance(data.get("players"), dict):
        raise ValueError("expected an object with 'players'")
    players: dict[str, Sequence[Lab]] = {}
    for name, refs in data["players"].items():
        if not isinstance(refs, list) or not refs or not all(isinstance(r, list) and len(r) == 3 for r in refs):
            raise ValueError(f"'{name}' needs a list of [L, a, b] references")
        players[str(name)] = [as_lab(r) for r in refs]
    return ColourProfile(players, float(data.get("max_distance", 60.0))), str(data.get("check", ""))
