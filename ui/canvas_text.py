"""Text painted straight on a canvas (a drawing's names, numbers and dice values), and a record of where each piece
went, so that the tests can check that a drawing's text is large enough, fits and overlaps nothing."""
from __future__ import annotations

from dataclasses import dataclass

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture

from . import theme

Box = tuple[float, float, float, float]  # left, bottom, width, height
ELLIPSIS = "…"

_TEXTURES: dict[tuple[str, int, bool], Texture] = {}  # a drawing redrawn paints the same words again


@dataclass(frozen=True)
class DrawnText:
    text: str
    font_size: int
    box: Box


def texture(text: str, font_size: int, bold: bool = False) -> Texture:
    """White text on a clear texture, tinted by the Color before it."""
    key = (text, font_size, bold)
    if key not in _TEXTURES:
        label = CoreLabel(text=text, font_size=font_size, bold=bold)
        label.refresh()
        _TEXTURES[key] = label.texture
    return _TEXTURES[key]


def text_width(text: str, font_size: int = theme.FONT_SMALL, bold: bool = False) -> float:
    return float(texture(text, font_size, bold).width)


def fitted(text: str, width: float, font_size: int = theme.FONT_SMALL, bold: bool = False) -> str:
    """``text``, or as much of it as fits ``width`` with an ellipsis (empty when not even a letter fits)."""
    if text_width(text, font_size, bold) <= width:
        return text
    for end in range(len(text) - 1, 0, -1):
        cut = text[:end].rstrip() + ELLIPSIS
        if text_width(cut, font_size, bold) <= width:
            return cut
    return ""


def paint_text(text: str, rgba: theme.RGBA, x: float, y: float, font_size: int = theme.FONT_SMALL,
               bold: bool = False, anchor: str = "centre") -> DrawnText:
    """``text`` with its middle at height ``y``; centred on ``x``, or starting (``anchor="left"``) or ending
    (``"right"``) there."""
    painted = texture(text, font_size, bold)
    width, height = painted.size
    left = {"left": x, "right": x - width}.get(anchor, x - width / 2)
    Color(*rgba)
    Rectangle(texture=painted, pos=(left, y - height / 2), size=painted.size)
    return DrawnText(text, font_size, (left, y - height / 2, width, height))
