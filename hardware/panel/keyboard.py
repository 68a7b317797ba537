"""The panel on a keyboard, for a desktop without GPIO: the app feeds key presses in."""
from __future__ import annotations

from .base import LedMode, Panel, PanelEvent

CONFIRM_KEYS = {" ", "space", "spacebar"}
UNDO_KEYS = {"u"}


class KeyboardPanel(Panel):
    """Keys 1–4 are the seat buttons, Space is Confirm, U is Undo.

    The LEDs exist only as modes (:meth:`led_modes`) for the UI to draw.
    """

    name = "keyboard"

    def key(self, name: str) -> bool:
        """Feed one key press (a character or a key name such as ``"spacebar"``).

        Returns whether the key means something on the panel.
        """
        key = name.lower()
        if key in CONFIRM_KEYS:
            self._emit(PanelEvent("confirm"))
        elif key in UNDO_KEYS:
            self._emit(PanelEvent("undo"))
        elif key.isdigit() and 1 <= int(key) <= self.seats:
            self._emit(PanelEvent("seat", int(key)))
        else:
            return False
        return True

    def _set_led(self, led: str, mode: LedMode) -> None:
        """Nothing to drive: the mode recorded by :meth:`show` is what the UI draws."""
