"""The companion's settings: one TOML file, checked key by key, read into frozen dataclasses.

Where the file is looked for (the first one that exists wins; an explicit path overrides):

1. ``$XDG_CONFIG_HOME/automata-companion/config.toml`` (when ``XDG_CONFIG_HOME`` is set),
   otherwise ``~/.config/automata-companion/config.toml``;
2. ``/etc/automata-companion/config.toml``.

No file at all means the documented defaults (docs/config.md). A file with a wrong key or a
wrong value is refused with a :class:`ConfigError` that names the key and what was expected,
because running a table with half-understood settings is worse than not starting.
"""
from __future__ import annotations

import logging
import os
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Mapping, Optional

from vision.readings import CONFIDENCE_THRESHOLD

from .games.automata.rules import CompanionError
from .user_files import UnusableFile, read_text

log = logging.getLogger(__name__)

APP_DIR_NAME = "automata-companion"
SYSTEM_CONFIG_PATH = Path("/etc") / APP_DIR_NAME / "config.toml"

CAMERA_SOURCES = ("auto", "picamera2", "opencv", "replay", "synthetic")
PANEL_BACKENDS = ("auto", "gpio", "keyboard")
MAX_SEATS = 4
# BCM numbers of the GPIO lines on the 40-pin header.
GPIO_PINS = range(0, 28)


class ConfigError(CompanionError, ValueError):
    """A config file that cannot be used; the message names the file, the key and the fix."""


def default_data_dir(env: Mapping[str, str] = os.environ) -> Path:
    """``$XDG_DATA_HOME/automata-companion``, else ``~/.local/share/automata-companion``."""
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_DIR_NAME


def config_search_paths(env: Mapping[str, str] = os.environ) -> list[Path]:
    """The places a config file is looked for, in order."""
    base = env.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return [Path(base) / APP_DIR_NAME / "config.toml", SYSTEM_CONFIG_PATH]


@dataclass(frozen=True)
class PanelConfig:
    """Buttons and LEDs on the table edge (BCM GPIO numbers). Seat *i* uses the *i*-th entry."""

    seat_buttons: tuple[int, ...] = (5, 6, 13, 19)
    seat_leds: tuple[int, ...] = (17, 27, 22, 23)
    confirm_button: int = 26
    undo_button: int = 16
    automa_led: int = 24
    bounce_ms: int = 50
    blink_ms: int = 400
    backend: str = "auto"

    @property
    def seats(self) -> int:
        return len(self.seat_buttons)

    def hardware_arguments(self) -> dict[str, Any]:
        """The pins and timings as the plain keyword arguments of ``hardware.panel.open_panel``
        (which takes the backend on its own)."""
        return {"seat_buttons": self.seat_buttons, "seat_leds": self.seat_leds,
                "confirm_button": self.confirm_button, "undo_button": self.undo_button,
                "automa_led": self.automa_led, "bounce_ms": self.bounce_ms, "blink_ms": self.blink_ms}


@dataclass(frozen=True)
class CameraConfig:
    source: str = "auto"
    device: int = 0
    replay_path: Optional[Path] = None
    replay_hold: int = 1
    replay_loop: bool = False
    main_resolution: tuple[int, int] = (1920, 1080)
    preview_resolution: tuple[int, int] = (480, 270)
    lost_after_s: float = 2.0

    def hardware_arguments(self) -> dict[str, Any]:
        """The settings as the plain keyword arguments of ``hardware.camera.open_camera`` (which
        takes the source on its own)."""
        return {"device": self.device, "main_resolution": self.main_resolution,
                "preview_resolution": self.preview_resolution, "replay_path": self.replay_path,
                "replay_hold": self.replay_hold, "replay_loop": self.replay_loop}


@dataclass(frozen=True)
class StorageConfig:
    db_path: Path = field(default_factory=lambda: default_data_dir() / "games.sqlite3")
    backup_every: int = 20


@dataclass(frozen=True)
class VisionConfig:
    confidence_threshold: float = CONFIDENCE_THRESHOLD
    settle_frames: int = 2  # as companion.session.follower.STILL_READS


@dataclass(frozen=True)
class UIConfig:
    fullscreen: bool = False
    window_size: tuple[int, int] = (800, 480)
    speak: bool = False  # the Automas' moves spoken aloud (hardware.speech)


@dataclass(frozen=True)
class Config:
    panel: PanelConfig = field(default_factory=PanelConfig)
    camera: CameraConfig = field(default_factory=CameraConfig)
    storage: StorageConfig = field(default_factory=StorageConfig)
    vision: VisionConfig = field(default_factory=VisionConfig)
    ui: UIConfig = field(default_factory=UIConfig)
    # The file these settings came from; None when they are the defaults.
    source_path: Optional[Path] = None


# --- value checks -------------------------------------------------------------------------
# Each check takes the raw TOML value and returns the converted value, or raises _Bad with
# what was expected; the loader adds the key and the file.


class _Bad(Exception):
    def __init__(self, expected: str):
        self.expected = expected


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_in(low: int, high: Optional[int], what: str) -> Callable[[Any], int]:
    def check(value: Any) -> int:
        if not _is_int(value) or value < low or (high is not None and value > high):
            raise _Bad(what)
        return value
    return check


def _float_in(low: float, high: float, what: str) -> Callable[[Any], float]:
    def check(value: Any) -> float:
        if not (_is_int(value) or isinstance(value, float)) or not low <= value <= high:
            raise _Bad(what)
        return float(value)
    return check


def _choice(options: tuple[str, ...]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if value not in options:
            raise _Bad("one of " + ", ".join(repr(o) for o in options))
        return value
    return check


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Bad("true or false")
    return value


def _pin(value: Any) -> int:
    return _int_in(GPIO_PINS.start, GPIO_PINS.stop - 1, "a GPIO pin number (BCM 0 to 27)")(value)


def _pin_list(value: Any) -> tuple[int, ...]:
    what = f"a list of 1 to {MAX_SEATS} GPIO pin numbers"
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SEATS:
        raise _Bad(what)
    if not all(_is_int(p) and p in GPIO_PINS for p in value):
        raise _Bad(what)
    return tuple(value)


def _size(value: Any) -> tuple[int, int]:
    what = "[width, height] in pixels, two whole numbers from 16 to 8192"
    if not isinstance(value, list) or len(value) != 2:
        raise _Bad(what)
    if not all(_is_int(v) and 16 <= v <= 8192 for v in value):
        raise _Bad(what)
    return (value[0], value[1])


def _path(value: Any) -> Path:
    if not isinstance(value, str) or not value.strip():
        raise _Bad("a file or folder path (a non-empty string)")
    return Path(value).expanduser()


_CHECKS: dict[str, dict[str, Callable[[Any], Any]]] = {
    "panel": {
        "seat_buttons": _pin_list,
        "seat_leds": _pin_list,
        "confirm_button": _pin,
        "undo_button": _pin,
        "automa_led": _pin,
        "bounce_ms": _int_in(1, 1000, "a whole number of milliseconds from 1 to 1000"),
        "blink_ms": _int_in(50, 5000, "a whole number of milliseconds from 50 to 5000"),
        "backend": _choice(PANEL_BACKENDS),
    },
    "camera": {
        "source": _choice(CAMERA_SOURCES),
        "device": _int_in(0, None, "a camera index (a whole number, 0 or more)"),
        "replay_path": _path,
        "replay_hold": _int_in(1, 10000, "a whole number of reads, 1 or more"),
        "replay_loop": _boolean,
        "main_resolution": _size,
        "preview_resolution": _size,
        "lost_after_s": _float_in(0.1, 600.0, "a number of seconds from 0.1 to 600"),
    },
    "storage": {
        "db_path": _path,
        "backup_every": _int_in(1, 100000, "a whole number of events, 1 or more"),
    },
    "vision": {
        "confidence_threshold": _float_in(0.0, 1.0, "a number from 0 to 1"),
        "settle_frames": _int_in(1, 1000, "a whole number of frames from 1 to 1000"),
    },
    "ui": {
        "fullscreen": _boolean,
        "window_size": _size,
        "speak": _boolean,
    },
}

_SECTION_TYPES = {
    "panel": PanelConfig,
    "camera": CameraConfig,
    "storage": StorageConfig,
    "vision": VisionConfig,
    "ui": UIConfig,
}

# Paths in the file are taken relative to the file's folder.
_PATH_KEYS = {("camera", "replay_path"), ("storage", "db_path")}


def parse_config(data: Mapping[str, Any], origin: str = "config",
                 base_dir: Optional[Path] = None) -> Config:
    """Check a parsed TOML table and build the :class:`Config`.

    ``origin`` names the file in error messages; relative paths are resolved against
    ``base_dir`` (the config file's folder).
    """
    sections: dict[str, Any] = {}
    for section_name, table in data.items():
        if section_name not in _CHECKS:
            known = ", ".join(f"[{s}]" for s in _CHECKS)
            raise ConfigError(f"{origin}: unknown section [{section_name}]; known sections: {known}")
        if not isinstance(table, dict):
            raise ConfigError(f"{origin}: {section_name}: expected a [{section_name}] table, "
                              f"got {table!r}")
        values: dict[str, Any] = {}
        for key, raw in table.items():
            check = _CHECKS[section_name].get(key)
            if check is None:
                known = ", ".join(_CHECKS[section_name])
                raise ConfigError(f"{origin}: {section_name}.{key}: unknown key; "
                                  f"known keys in [{section_name}]: {known}")
            try:
                value = check(raw)
            except _Bad as bad:
                raise ConfigError(f"{origin}: {section_name}.{key}: expected {bad.expected}, "
                                  f"got {raw!r}") from None
            if (section_name, key) in _PATH_KEYS and base_dir is not None and not value.is_absolute():
                value = base_dir / value
            values[key] = value
        sections[section_name] = _SECTION_TYPES[section_name](**values)

    config = Config(**sections)
    _check_panel(config.panel, origin)
    _check_camera(config.camera, origin)
    return config


def _check_panel(panel: PanelConfig, origin: str) -> None:
    if len(panel.seat_leds) != len(panel.seat_buttons):
        raise ConfigError(
            f"{origin}: panel.seat_leds: expected one LED per seat button "
            f"({len(panel.seat_buttons)} pins, like panel.seat_buttons), got {list(panel.seat_leds)!r}")
    used: dict[int, str] = {}
    roles = [(f"panel.seat_buttons[{i}]", p) for i, p in enumerate(panel.seat_buttons)]
    roles += [(f"panel.seat_leds[{i}]", p) for i, p in enumerate(panel.seat_leds)]
    roles += [("panel.confirm_button", panel.confirm_button), ("panel.undo_button", panel.undo_button),
              ("panel.automa_led", panel.automa_led)]
    for role, pin in roles:
        if pin in used:
            raise ConfigError(f"{origin}: {role}: GPIO {pin} is already used by {used[pin]}; "
                              f"expected a different pin for every button and LED")
        used[pin] = role


def _check_camera(camera: CameraConfig, origin: str) -> None:
    if camera.source == "replay" and camera.replay_path is None:
        raise ConfigError(f"{origin}: camera.replay_path: expected a folder of images or a video "
                          f"file when camera.source is 'replay', got nothing")
    (main_w, main_h), (pre_w, pre_h) = camera.main_resolution, camera.preview_resolution
    if pre_w > main_w or pre_h > main_h:
        raise ConfigError(f"{origin}: camera.preview_resolution: expected a size no larger than "
                          f"camera.main_resolution {list(camera.main_resolution)}, "
                          f"got {list(camera.preview_resolution)}")


def find_config_file(env: Mapping[str, str] = os.environ) -> Optional[Path]:
    """The first existing file among :func:`config_search_paths`, or None."""
    for candidate in config_search_paths(env):
        if candidate.is_file():
            return candidate
    return None


def load_config(path: Optional[Path] = None, env: Mapping[str, str] = os.environ) -> Config:
    """Read the settings.

    With ``path`` that file must exist. Without it the usual places are searched, and when
    none holds a file the defaults are used (and a log line says where it looked).
    """
    if path is None:
        path = find_config_file(env)
        if path is None:
            looked = ", ".join(str(p) for p in config_search_paths(env))
            log.info("config: no config file (looked in %s); using the defaults", looked)
            return Config()
    path = Path(path).expanduser()
    try:
        text = read_text(path, "config file")
    except UnusableFile as exc:
        raise ConfigError(str(exc)) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    config = parse_config(data, origin=str(path), base_dir=path.parent)
    log.info("config: read %s", path)
    return replace(config, source_path=path)


def config_keys() -> dict[str, list[str]]:
    """Every section and its keys, in file order (used to keep docs/config.md complete)."""
    return {section: list(checks) for section, checks in _CHECKS.items()}
