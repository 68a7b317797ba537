"""The Score screen's colours: categories in colours no seat wears, every seat on its own colour."""
from __future__ import annotations

import colorsys

import pytest

from companion.session.table import SeatSpec
from sim.app_driver import pump, walk
from ui import theme

from .seeded_play import moments


def lab(rgba):
    """CIE L*a*b* (D65) of an sRGB colour."""
    def linear(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgba[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def apart(a, b) -> float:
    """CIE76 colour difference: about 2.3 is just noticeable, over 30 a different colour."""
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


def hue_and_saturation(rgba):
    hue, saturation, _ = colorsys.rgb_to_hsv(*rgba[:3])
    return hue * 360, saturation


@pytest.mark.parametrize("category", sorted(theme.CATEGORY_RGBA))
def test_no_category_looks_like_a_seat(category):
    colour = theme.CATEGORY_RGBA[category]
    hue, saturation = hue_and_saturation(colour)
    for seat, seat_colour in theme.SEAT_RGBA.items():
        assert apart(colour, seat_colour) > 30, (category, seat)
        seat_hue, seat_saturation = hue_and_saturation(seat_colour)
        if saturation > 0.25 and seat_saturation > 0.25:  # two colours, not greys: another hue
            assert min(abs(hue - seat_hue), 360 - abs(hue - seat_hue)) >= 25, (category, seat)


def test_the_categories_look_unlike_each_other():
    names = sorted(theme.CATEGORY_RGBA)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert apart(theme.CATEGORY_RGBA[a], theme.CATEGORY_RGBA[b]) > 25, (a, b)


def test_every_seat_on_the_score_screen_stands_on_its_colour_white_too(app):
    from ui.widgets import SeatBadge

    session = app.controller.new_game([SeatSpec("red", "person", "Ann"), SeatSpec("white", "person", "Dee"),
                                       SeatSpec("blue", "automa", "Bot", 2)], seed=9)
    for _ in moments(session, 9):
        pass
    app.show_next()
    pump(2)
    screen = app.manager.get_screen("score")
    assert app.manager.current == "score"
    badges = [w for w in walk(screen) if isinstance(w, SeatBadge)]
    for colour, name in (("red", "Ann"), ("white", "Dee"), ("blue", "Bot")):
        letter = theme.seat_letter(colour)
        on_colour = [b for b in badges if b.colour == colour]
        assert any(b.text.strip() == letter for b in on_colour), f"{colour} has no badge in the table header"
        assert any(name in b.text for b in on_colour), f"{colour} has no badge beside its bar"
    white = next(b for b in badges if b.colour == "white")
    assert white.color[:3] != theme.TEXT[:3]  # dark letters on the white badge, not plain white text
