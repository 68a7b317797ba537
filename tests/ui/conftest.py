"""Kivy without a display: an offscreen SDL window of 800x480, set up before Kivy is imported."""
from __future__ import annotations

import os
import tempfile

os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ["SDL_VIDEODRIVER"] = "offscreen"
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))

import pytest  # noqa: E402


TAPPED_GAMES_SEED = 0  # e.g. a Euphoria deal where her first roll has dice: with some seeds she retrieves none


@pytest.fixture()
def app(tmp_path, monkeypatch):
    """The app built on an empty games database, its root on the window; stopped afterwards.

    A game started by a tap deals from a fresh random seed; here from a fixed one, so a test taps
    through the same turns on every run."""
    import secrets

    from sim.app_driver import build_app

    monkeypatch.setattr(secrets, "randbelow", lambda _bound: TAPPED_GAMES_SEED)

    companion_app = build_app(tmp_path / "games.sqlite3")
    yield companion_app
    companion_app.teardown()
