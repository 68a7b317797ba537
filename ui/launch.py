"""What the app settles before Kivy is imported: a display to show it on, and Kivy's log in
its file rather than on the console."""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Mapping, Optional

from companion.invocation import program

DEVICES = Path("/dev")
DRIVERS_WITHOUT_DESKTOP = ("offscreen", "kmsdrm")  # SDL video drivers that need no X11 or Wayland


def no_display() -> str:
    return (f"no display (DISPLAY and WAYLAND_DISPLAY are unset, and no screen console): run "
            f"`{program()} app --demo` from a desktop or over `ssh -X`, or play headless with "
            f"`{program()} session --db games.sqlite3 --new --seats red,blue`")


def display_problem(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> Optional[str]:
    """Why the app would run with no window to see, or None.

    On Linux a window needs X11 or Wayland, a KMS or framebuffer console, or an SDL driver that
    draws without them (offscreen for tests and screenshots). Elsewhere a desktop is taken as there.
    """
    if not platform.startswith("linux"):
        return None
    if environ.get("SDL_VIDEODRIVER") in DRIVERS_WITHOUT_DESKTOP or environ.get("DISPLAY") \
            or environ.get("WAYLAND_DISPLAY"):
        return None
    if any(DEVICES.glob("dri/card*")) or (DEVICES / "fb0").exists():
        return None
    return no_display()


def quiet_console() -> None:
    """Kivy logs (the app's own log with it) to its file only. Call before Kivy is imported."""
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")


def log_path() -> Optional[str]:
    """The file Kivy logs to, or None when its file log is turned off."""
    from kivy.logger import FileHandler

    return FileHandler.filename if FileHandler.fd not in (None, False) else None
