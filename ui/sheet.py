"""What a drawing painted on its canvas, kept as it paints: each text, die and card with its box, so that what a
person sees can be checked (the tests do) without measuring the drawing again."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from kivy.graphics import Color, Line, Rectangle, RoundedRectangle

from . import theme
from .canvas_text import Box, DrawnText, fitted, paint_text
from .die_drawing import SIZE, DrawnDie, Face, paint_die

CARD_FACE: theme.RGBA = (0.96, 0.94, 0.88, 1)
CARD_INK: theme.RGBA = (0.08, 0.08, 0.08, 1)
# Automata's card types by the letter of their short labels (R18): Heads yellow, the Parts in hues apart.
CARD_BANDS: dict[str, theme.RGBA] = {
    "H": (0.95, 0.80, 0.20, 1), "A": (0.90, 0.45, 0.20, 1), "L": (0.20, 0.65, 0.60, 1),
    "T": (0.60, 0.45, 0.85, 1), "M": (0.45, 0.45, 0.48, 1),
}


@dataclass(frozen=True)
class DrawnCard:
    card_id: str
    box: Box


@dataclass
class Sheet:
    texts: list[DrawnText] = field(default_factory=list)
    dice: list[DrawnDie] = field(default_factory=list)
    cards: list[DrawnCard] = field(default_factory=list)

    def text(self, text: str, rgba: theme.RGBA, x: float, y: float, bold: bool = False, anchor: str = "centre",
             width: Optional[float] = None) -> DrawnText:
        """18 px text, shortened with an ellipsis to ``width`` when given."""
        shown = fitted(text, width, bold=bold) if width is not None else text
        drawn = paint_text(shown, rgba, x, y, theme.FONT_SMALL, bold, anchor)
        self.texts.append(drawn)
        return drawn

    def die(self, die_type: str, face: Face, colour: str, x: float, y: float, size: float = SIZE,
            ring: Optional[theme.RGBA] = None) -> DrawnDie:
        drawn = paint_die(die_type, face, colour, x, y, size, ring)
        self.dice.append(drawn)
        return drawn

    def card(self, card_id: str, x: float, y: float, width: float, height: float, pile: bool = False) -> DrawnCard:
        """A small card: its type's colour on a band at the top, its short label below; ``pile`` draws the edges
        of the cards under it."""
        if pile:
            Color(*theme.MUTED)
            Line(rounded_rectangle=(x + 3, y - 3, width, height, 4), width=1)
        Color(*CARD_FACE)
        RoundedRectangle(pos=(x, y), size=(width, height), radius=[4])
        Color(*CARD_BANDS.get(card_id[:1], theme.MUTED))
        Rectangle(pos=(x + 2, y + height - 9), size=(width - 4, 6))
        self.texts.append(paint_text(card_id, CARD_INK, x + width / 2, y + (height - 9) / 2, theme.FONT_SMALL, True))
        drawn = DrawnCard(card_id, (x, y, width, height))
        self.cards.append(drawn)
        return drawn

