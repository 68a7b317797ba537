"""Reading the TOML config: defaults, search order, and errors that name the bad key."""
from __future__ import annotations

import dataclasses
import logging
import re
from pathlib import Path

import pytest

from companion.config import (
    CameraConfig,
    Config,
    ConfigError,
    PanelConfig,
    config_keys,
    config_search_paths,
    load_config,
    parse_config,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "config.md"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def env_for(tmp_path: Path) -> dict[str, str]:
    return {"XDG_CONFIG_HOME": str(tmp_path / "xdg")}


def test_missing_config_gives_defaults_and_says_so(tmp_path, caplog, monkeypatch):
    monkeypatch.setattr("companion.config.SYSTEM_CONFIG_PATH", tmp_path / "etc" / "config.toml")
    with caplog.at_level(logging.INFO, logger="companion.config"):
        config = load_config(env=env_for(tmp_path))
    assert config.panel == PanelConfig()
    assert config.camera == CameraConfig()
    assert config.source_path is None
    assert "no config file" in caplog.text
    assert str(tmp_path / "xdg" / "automata-companion" / "config.toml") in caplog.text


def test_user_file_wins_over_system_file(tmp_path, monkeypatch):
    system = write(tmp_path / "etc" / "config.toml", "[vision]\nsettle_frames = 9\n")
    monkeypatch.setattr("companion.config.SYSTEM_CONFIG_PATH", system)
    assert load_config(env=env_for(tmp_path)).vision.settle_frames == 9
    user = write(tmp_path / "xdg" / "automata-companion" / "config.toml", "[vision]\nsettle_frames = 3\n")
    config = load_config(env=env_for(tmp_path))
    assert config.vision.settle_frames == 3
    assert config.source_path == user


def test_search_falls_back_to_home_config_without_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    paths = config_search_paths({})
    assert paths[0] == tmp_path / ".config" / "automata-companion" / "config.toml"
    assert paths[-1] == Path("/etc/automata-companion/config.toml")


def test_full_file_is_read_into_frozen_dataclasses(tmp_path):
    path = write(tmp_path / "c.toml", """
[panel]
seat_buttons = [5, 6]
seat_leds = [17, 27]
confirm_button = 26
undo_button = 16
automa_led = 24
bounce_ms = 30
backend = "keyboard"

[camera]
source = "replay"
replay_path = "frames"
main_resolution = [1280, 720]
preview_resolution = [320, 180]

[storage]
db_path = "~/games.sqlite3"
backup_every = 5

[vision]
confidence_threshold = 0.9
settle_frames = 4

[ui]
fullscreen = true
window_size = [1024, 600]
""")
    config = load_config(path)
    assert config.panel.seat_buttons == (5, 6) and config.panel.seats == 2
    assert config.panel.backend == "keyboard"
    assert config.camera.replay_path == tmp_path / "frames"  # relative to the file
    assert config.camera.main_resolution == (1280, 720)
    assert config.storage.db_path == Path("~/games.sqlite3").expanduser()
    assert config.vision.confidence_threshold == 0.9
    assert config.ui.fullscreen is True and config.ui.window_size == (1024, 600)
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.ui.fullscreen = False  # type: ignore[misc]


@pytest.mark.parametrize("toml, message", [
    ('[panel]\nseat_buttons = "abc"\n',
     "panel.seat_buttons: expected a list of 1 to 4 GPIO pin numbers, got 'abc'"),
    ("[panel]\nseat_buttons = [1, 2, 3, 4, 5]\n",
     "panel.seat_buttons: expected a list of 1 to 4 GPIO pin numbers, got [1, 2, 3, 4, 5]"),
    ("[panel]\nconfirm_button = 40\n", "panel.confirm_button: expected a GPIO pin number (BCM 0 to 27), got 40"),
    ("[panel]\nbounce_ms = true\n", "panel.bounce_ms: expected a whole number of milliseconds"),
    ('[camera]\nsource = "webcam"\n',
     "camera.source: expected one of 'auto', 'picamera2', 'opencv', 'replay', 'synthetic', got 'webcam'"),
    ("[camera]\nmain_resolution = [1920]\n", "camera.main_resolution: expected [width, height]"),
    ("[vision]\nconfidence_threshold = 1.5\n", "vision.confidence_threshold: expected a number from 0 to 1, got 1.5"),
    ('[ui]\nfullscreen = "yes"\n', "ui.fullscreen: expected true or false, got 'yes'"),
    ("[ui]\nfulscreen = true\n", "ui.fulscreen: unknown key; known keys in [ui]: fullscreen, window_size"),
    ("[gui]\nfullscreen = true\n", "unknown section [gui]"),
    ("[panel]\nseat_buttons = [5, 6]\n", "panel.seat_leds: expected one LED per seat button"),
    ("[panel]\nundo_button = 5\n", "panel.undo_button: GPIO 5 is already used by panel.seat_buttons[0]"),
    ('[camera]\nsource = "replay"\n', "camera.replay_path: expected a folder of images or a video file"),
    ("[camera]\npreview_resolution = [4000, 3000]\n", "camera.preview_resolution: expected a size no larger"),
])
def test_wrong_values_name_the_key_and_the_expected_value(tmp_path, toml, message):
    path = write(tmp_path / "config.toml", toml)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert message in str(info.value)
    assert str(path) in str(info.value)


def test_invalid_toml_and_missing_explicit_file_are_clear(tmp_path):
    bad = write(tmp_path / "config.toml", "[panel\nseat_buttons = [1]\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(bad)
    with pytest.raises(ConfigError, match="nowhere.toml: no such file"):
        load_config(tmp_path / "nowhere.toml")


def test_every_dataclass_field_has_a_check_and_defaults_pass_their_own_checks():
    sections = {"panel": Config().panel, "camera": Config().camera, "storage": Config().storage,
                "vision": Config().vision, "ui": Config().ui}
    for name, section in sections.items():
        assert list(config_keys()[name]) == [f.name for f in dataclasses.fields(section)]
    # Re-reading the defaults as a file gives the same settings (the documented defaults are valid).
    panel = Config().panel
    data = {"panel": {"seat_buttons": list(panel.seat_buttons), "seat_leds": list(panel.seat_leds),
                      "confirm_button": panel.confirm_button, "undo_button": panel.undo_button,
                      "automa_led": panel.automa_led}}
    assert parse_config(data).panel == panel


def test_docs_list_every_key():
    text = DOCS.read_text(encoding="utf-8")
    missing = [f"{section}.{key}" for section, keys in config_keys().items() for key in keys
               if not re.search(rf"\b{section}\.{key}\b", text)]
    assert not missing, f"docs/config.md does not describe: {missing}"


@pytest.mark.parametrize("settings,opener,chooser", [
    (PanelConfig(), "hardware.panel:open_panel", "backend"),
    (CameraConfig(), "hardware.camera:open_camera", "source"),
])
def test_the_hardware_arguments_are_every_setting_the_device_takes(settings, opener, chooser):
    """The devices take plain values; each config section hands over all of them, named as the device names them."""
    import importlib
    import inspect

    module, name = opener.split(":")
    parameters = inspect.signature(getattr(importlib.import_module(module), name)).parameters
    settings_taken = {p for p, spec in parameters.items() if spec.default is inspect.Parameter.empty and p != chooser}
    assert set(settings.hardware_arguments()) == settings_taken
    assert {f.name for f in dataclasses.fields(settings)} >= settings_taken | {chooser}


def test_speech_is_off_unless_the_file_turns_it_on():
    assert parse_config({}).ui.speak is False
    assert parse_config({"ui": {"speak": True}}).ui.speak is True
    with pytest.raises(ConfigError, match="speak"):
        parse_config({"ui": {"speak": "yes"}})
