"""Choosing the panel backend: GPIO when a real pin driver is there, else the keyboard."""
from __future__ import annotations

import logging
import warnings
from typing import Any, Optional

from companion.config import PanelConfig

from .base import Panel, PanelUnavailable
from .keyboard import KeyboardPanel

log = logging.getLogger(__name__)

KEYBOARD_HELP = "keys 1-4 = seat buttons, Space = Confirm, U = Undo"


def default_pin_factory() -> Any:
    """gpiozero's pin factory for this machine, or PanelUnavailable saying why there is none."""
    from gpiozero import Device
    from gpiozero.exc import BadPinFactory

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # one warning per driver tried; we say it once below
            Device.ensure_pin_factory()
    except (BadPinFactory, ImportError, OSError, RuntimeError) as exc:
        raise PanelUnavailable(
            f"no GPIO pin driver could be loaded ({exc}); on a Raspberry Pi install python3-lgpio "
            f"and create the venv with --system-site-packages") from None
    return Device.pin_factory


def open_panel(config: PanelConfig, backend: Optional[str] = None, pin_factory: Any = None) -> Panel:
    """Open the panel. ``backend`` (default ``config.backend``): ``"gpio"``, ``"keyboard"`` or
    ``"auto"`` (GPIO when a pin driver is available, otherwise the keyboard). Logs one line
    saying which backend is in use. A ``"gpio"`` panel that cannot be had raises
    :class:`PanelUnavailable`."""
    from .gpio import GpioPanel

    backend = backend or config.backend
    if backend not in ("auto", "gpio", "keyboard"):
        raise ValueError(f"unknown panel backend {backend!r}; expected auto, gpio or keyboard")
    if backend != "keyboard":
        try:
            panel = GpioPanel(config, pin_factory if pin_factory is not None else default_pin_factory())
        except PanelUnavailable as exc:
            if backend == "gpio":
                raise
            log.info("panel: using the keyboard (%s); GPIO not available: %s", KEYBOARD_HELP, exc)
            return KeyboardPanel(config.seats)
        log.info("panel: using GPIO buttons and LEDs (%s, %d seats)", panel.pin_factory_name, panel.seats)
        return panel
    log.info("panel: using the keyboard (%s), as asked for", KEYBOARD_HELP)
    return KeyboardPanel(config.seats)
