"""The table-edge panel: a button and an LED per seat, Confirm, Undo and the Automa LED."""
from .base import AUTOMA_LED, Debouncer, LedMode, Panel, PanelEvent, PanelUnavailable
from .gpio import GpioPanel
from .keyboard import KeyboardPanel
from .choose import open_panel

__all__ = ["AUTOMA_LED", "Debouncer", "GpioPanel", "KeyboardPanel", "LedMode", "Panel",
           "PanelEvent", "PanelUnavailable", "open_panel"]
