"""Starting the app from a console: Kivy's log in a file with its path in one line, and a clear
line (exit status 2) where there is no display to show the app on."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
START_S = 120  # a generous limit for the app to come up on a busy machine


def app_env(tmp_path: Path, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "KIVY_NO_CONSOLELOG")}
    env.update(KIVY_HOME=str(tmp_path / "kivy"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), **extra)
    return env


@pytest.mark.parametrize("environ,platform,devices,shown", [
    ({}, "linux", [], False),
    ({"SDL_VIDEODRIVER": "x11"}, "linux", [], False),
    ({"DISPLAY": ":0"}, "linux", [], True),
    ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", [], True),
    ({"SDL_VIDEODRIVER": "offscreen"}, "linux", [], True),
    ({"SDL_VIDEODRIVER": "kmsdrm"}, "linux", [], True),
    ({}, "linux", ["dri/card0"], True),
    ({}, "linux", ["fb0"], True),
    ({}, "darwin", [], True),
])
def test_a_display_is_found_where_a_window_can_be_shown(tmp_path, monkeypatch, environ, platform, devices, shown):
    from ui import launch

    for name in devices:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).touch()
    monkeypatch.setattr(launch, "DEVICES", tmp_path)
    problem = launch.display_problem(environ, platform)
    assert (problem is None) == shown
    if problem is not None:
        assert "automata-companion session" in problem and "\n" not in problem


@pytest.mark.slow
def test_without_a_display_the_app_says_so_in_one_line_and_exits_2(tmp_path):
    script = ("import sys, pathlib; import ui.launch as launch; launch.DEVICES = pathlib.Path(sys.argv[1]); "
              "from companion.cli import main; sys.exit(main(['app']))")
    (tmp_path / "dev").mkdir()
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "dev")], cwd=ROOT, env=app_env(tmp_path),
                          capture_output=True, text=True, timeout=START_S)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("no display")
    assert "automata-companion session --db" in done.stderr and "app --demo" in done.stderr


@pytest.mark.slow
def test_the_app_console_shows_only_where_its_log_is(tmp_path):
    env = app_env(tmp_path, SDL_VIDEODRIVER="offscreen")
    app = subprocess.Popen([sys.executable, "-m", "companion.cli", "app", "--db", str(tmp_path / "games.sqlite3")],
                           cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    logs = tmp_path / "kivy" / "logs"
    try:
        deadline = time.monotonic() + START_S
        while not any("home screen shown" in p.read_text() for p in logs.glob("*.txt")):
            assert app.poll() is None, "the app ended before its Home screen was shown"
            assert time.monotonic() < deadline, "the app did not show its Home screen"
            time.sleep(0.2)
    finally:
        app.terminate()
        console = app.communicate(timeout=30)[0]
    log = next(logs.glob("*.txt"))
    assert console.splitlines() == [f"Log: {log}"]
