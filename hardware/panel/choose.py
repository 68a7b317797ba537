"""Choosing the panel backend: GPIO when a real pin driver is there, else the keyboard."""
from __future__ import annotations

import logging
import warnings
from typing import Any, Sequence

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


def open_panel(backend: str, *, seat_buttons: Sequence[int], seat_leds: Sequence[int], confirm_button: int,
               undo_button: int, automa_led: int, bounce_ms: int, blink_ms: int, pin_factory: Any = None) -> Panel:
    """Open the panel. ``backend``: ``"gpio"``, ``"keyboard"`` or ``"auto"`` (GPIO when a pin
    driver is available, otherwise the keyboard); the pins and timings are those of
    :class:`GpioPanel`, and the keyboard stands in for as many seats as there are seat buttons.
    Logs one line saying which backend is in use. A ``"gpio"`` panel that cannot be had raises
    :class:`PanelUnavailable`."""
    from .gpio import GpioPanel

    if backend not in ("auto", "gpio", "keyboard"):
        raise ValueError(f"unknown panel backend {backend!r}; expected auto, gpio or keyboard")
    if backend != "keyboard":
        try:
            panel = GpioPanel(seat_buttons=seat_buttons, seat_leds=seat_leds, confirm_button=confirm_button,
                              undo_button=undo_button, automa_led=automa_led, bounce_ms=bounce_ms, blink_ms=blink_ms,
                              pin_factory=pin_factory if pin_factory is not None else default_pin_factory())
        except PanelUnavailable as exc:
            if backend == "gpio":
                raise
            log.info("panel: using the keyboard (%s); GPIO not available: %s", KEYBOARD_HELP, exc)
            return KeyboardPanel(len(seat_buttons))
        log.info("panel: using GPIO buttons and LEDs (%s, %d seats)", panel.pin_factory_name, panel.seats)
        return panel
    log.info("panel: using the keyboard (%s), as asked for", KEYBOARD_HELP)
    return KeyboardPanel(len(seat_buttons))
