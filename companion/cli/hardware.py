"""``automata-companion devices``: check the config, the camera, the panel and the game store.

Meant for setting up a table (docs/raspberry-pi.md): it says, one line per device, what is
in use and what is wrong, and lets you press the panel's buttons to see them arrive.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Callable

from companion.config import CAMERA_SOURCES, PANEL_BACKENDS, CameraConfig


def register(subparsers: "argparse._SubParsersAction") -> None:
    parser = subparsers.add_parser("devices", help="check the config, camera, panel and game store",
                                   description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, help="config file (default: the usual places)")
    parser.add_argument("--camera", choices=CAMERA_SOURCES, help="camera source (default: config)")
    parser.add_argument("--panel", choices=PANEL_BACKENDS, help="panel backend (default: config)")
    parser.add_argument("--listen", type=float, default=0.0, metavar="SECONDS",
                        help="print button presses for this long (LEDs light in turn)")
    parser.set_defaults(handler=check_devices)


def check_devices(args: argparse.Namespace, say: Callable[[str], None] = print) -> int:
    """Returns 0 when every device works, 1 when one does not, 2 for a bad config (said on stderr)."""
    from companion.config import ConfigError, load_config
    from companion.store import GameStore, StoreError
    from hardware.panel import PanelUnavailable, open_panel

    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"devices: {exc}", file=sys.stderr)
        return 2
    say(f"config: {config.source_path or 'defaults (no config file)'}")
    failures = _check_pi_libraries(say)

    failures += _check_camera(config.camera, args.camera or config.camera.source, say)

    try:
        panel = open_panel(args.panel or config.panel.backend, **config.panel.hardware_arguments())
    except PanelUnavailable as exc:
        say(f"panel: unavailable: {exc}")
        failures += 1
    else:
        say(f"panel: {panel.name}, {panel.seats} seat(s)")
        with panel:
            _listen(panel, args.listen, say)

    try:
        with GameStore(config.storage.db_path, config.storage.backup_every) as store:
            if store.recovery is not None:
                say(f"store: {store.recovery.message}")
            say(f"store: {store.path}, {len(store.games())} game(s)")
    except StoreError as exc:
        say(f"store: {exc}")
        failures += 1
    return 1 if failures else 0


def _check_pi_libraries(say: Callable[[str], None]) -> int:
    """Say loudly, on a Raspberry Pi, which of its libraries this Python cannot import; 1 when one is missing."""
    from hardware.pi import LIBRARIES, is_raspberry_pi, missing_libraries

    missing = missing_libraries() if is_raspberry_pi() else []
    if not missing:
        return 0
    say(f"WARNING: this Raspberry Pi's {' and '.join(LIBRARIES[m] for m in missing)} cannot be used: "
        f"{' and '.join(missing)} cannot be imported by {sys.executable}, so the app shows the demo and takes "
        f"the keyboard. Install python3-picamera2 and python3-lgpio with apt, then make the venv again so that "
        f"it sees them: make clean && make install (docs/raspberry-pi.md, section 2)")
    return 1


def _check_camera(config: CameraConfig, source: str, say: Callable[[str], None]) -> int:
    """Say what the camera gives; 1 when the camera asked for is missing or delivers nothing.

    The app shows the demo's simulated table when no camera is found under ``auto`` or when
    ``synthetic`` is asked for: that is what it is meant to do, so it is not a failure.
    """
    from hardware.camera import CameraUnavailable, open_camera

    if source == "synthetic":
        say("camera: none used; the app shows the demo's simulated table (camera.source = synthetic)")
        return 0
    try:
        camera = open_camera(source, **config.hardware_arguments())
    except CameraUnavailable as exc:
        if source == "auto":
            say(f"camera: none found; the app shows the demo's simulated table ({exc})")
            return 0
        say(f"camera: unavailable: {exc}")
        return 1
    try:
        preview, main = camera.read_preview(), camera.read_main()
        if preview is None or main is None:
            say(f"camera: {camera.name} started but delivers no frames ({camera.last_error})")
            return 1
        say(f"camera: {camera.name}, preview {preview.shape[1]}x{preview.shape[0]}, "
            f"main {main.shape[1]}x{main.shape[0]}")
        return 0
    finally:
        camera.stop()


def _listen(panel, seconds: float, say: Callable[[str], None]) -> None:
    """Print presses for ``seconds`` while the seat LEDs light one after another."""
    deadline = time.monotonic() + seconds
    step = 0
    while time.monotonic() < deadline:
        panel.show(turn_seat=step % panel.seats + 1, automa_turn=step % 2 == 1)
        step += 1
        stop_step = time.monotonic() + 0.5
        while (left := min(stop_step, deadline) - time.monotonic()) > 0:
            event = panel.poll(timeout=left)
            if event is not None:
                say(f"panel: {event.kind}" + (f" {event.seat}" if event.seat is not None else ""))
    panel.show(turn_seat=None)
