"""Colours, sizes and seat labels shared by every screen.

Sizes are pixels at the 800x480 touchscreen: touch targets are at least ``TOUCH`` high and
text is never smaller than ``FONT_SMALL``. Every seat colour is shown with its letter and name
too, so players who cannot tell the colours apart still can tell the seats apart.
"""
from __future__ import annotations


RGBA = tuple[float, float, float, float]

TOUCH = 52          # minimum height of anything to tap (>= 48 px)
TOUCH_BIG = 64      # the main action on a screen
FONT_SMALL = 18     # dense information
FONT = 20           # ordinary text and buttons
FONT_LARGE = 26     # titles and the one line that matters most
BAR = 52            # height of a screen's top bar
SYMBOL_FONT = "DejaVuSans"  # ships with Kivy; has the arrows the Automa's instructions use

BACKGROUND: RGBA = (0.11, 0.12, 0.14, 1)
PANEL: RGBA = (0.17, 0.18, 0.21, 1)
TEXT: RGBA = (0.95, 0.95, 0.95, 1)
MUTED: RGBA = (0.72, 0.74, 0.78, 1)
ACCENT: RGBA = (0.98, 0.72, 0.20, 1)
ALERT: RGBA = (0.85, 0.25, 0.22, 1)

SEAT_RGBA: dict[str, RGBA] = {
    "red": (0.90, 0.30, 0.28, 1),
    "blue": (0.36, 0.56, 1.00, 1),
    "green": (0.32, 0.76, 0.36, 1),
    "white": (0.93, 0.93, 0.93, 1),
}
# Score categories in hues no seat wears (orange, gold, teal, violet, pink) and greys, so that a
# bar's segments never read as a seat's colour.
CATEGORY_RGBA: dict[str, RGBA] = {
    "Sets": (0.68, 0.42, 0.94, 1),
    "Coins": (0.95, 0.80, 0.25, 1),
    "Dice": (0.16, 0.72, 0.68, 1),
    "Gears": (0.56, 0.56, 0.58, 1),
    "Card points": (0.98, 0.60, 0.16, 1),
    "Board": (0.66, 0.48, 0.30, 1),
    "Reserved": (0.93, 0.40, 0.76, 1),
}


def seat_rgba(colour: str) -> RGBA:
    return SEAT_RGBA.get(colour, MUTED)


def ink_on(colour: str) -> RGBA:
    """Text colour that reads well on a seat-coloured background."""
    return (0.08, 0.08, 0.08, 1) if colour in ("white", "green") else (1, 1, 1, 1)


def seat_letter(colour: str) -> str:
    return colour[:1].upper()


def hex_of(rgba: RGBA) -> str:
    return "".join(f"{round(c * 255):02x}" for c in rgba[:3])


def seat_markup(colour: str, name: str = "") -> str:
    """``[R] Ann`` in the seat's colour, as Kivy markup (letter always shown)."""
    shown = f"{seat_letter(colour)} {name}" if name else seat_letter(colour)
    return f"[b][color={hex_of(seat_rgba(colour))}]{escape(shown)}[/color][/b]"


def escape(text: str) -> str:
    """Text that Kivy markup shows as written."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")
