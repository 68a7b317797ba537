"""Whether this is a Raspberry Pi, and whether this Python sees the libraries of its camera and pins.

Both come from the Pi's apt (python3-picamera2, python3-lgpio), not from pip: a venv sees them only when
it was made with ``--system-site-packages``. Without them the app falls back to the demo's simulated table
and the keyboard, which on a Pi is never what was meant.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

MODEL = Path("/proc/device-tree/model")
LIBRARIES = {"picamera2": "camera", "lgpio": "buttons and LEDs"}  # module: what it drives


def is_raspberry_pi() -> bool:
    try:
        return "Raspberry Pi" in MODEL.read_text(errors="replace")
    except OSError:
        return False


def missing_libraries() -> list[str]:
    """The Pi's libraries this Python cannot import."""
    return [name for name in LIBRARIES if importlib.util.find_spec(name) is None]
