"""One drawing of a die wherever the app shows one: the roll dialog and the game's events draw each die as the Table
does, its type's shape in its seat's colour with its value."""
from __future__ import annotations

from companion.session.table import SeatSpec
from sim.app_driver import open_popups, pump, walk

SHAPE = {"d4": "triangle", "d6": "square", "d8": "diamond"}


def strips(root) -> list:
    from ui.die_drawing import DiceStrip

    return [w for w in walk(root) if isinstance(w, DiceStrip)]


def test_the_roll_dialog_draws_the_roll_the_die_asked_for_outlined(app):
    from ui.dialogs import RollEntry

    entry = RollEntry("R Ann", ["d6", "d4", "d8"], lambda values: None, known={1: 3}, colour="red")
    entry.start()
    [strip] = [s for popup in open_popups() for s in strips(popup)]
    drawn = [(d.die_type, d.value, d.colour, d.shape) for d in strip.drawn]
    assert drawn == [("d6", "?", "red", "square"), ("d4", 3, "red", "triangle"), ("d8", None, "red", "diamond")]
    assert strip.ringed == 0
    next(b for popup in open_popups() for b in walk(popup) if getattr(b, "text", "") == "5").trigger_action(0)
    pump(1)
    [strip] = [s for popup in open_popups() for s in strips(popup)]
    assert [d.value for d in strip.drawn] == [5, 3, "?"] and strip.ringed == 2


def test_each_die_of_an_event_is_drawn_in_its_seats_colour(app):
    session = app.controller.new_game([SeatSpec("red", "person", "Ann"), SeatSpec("blue", "person", "Ben")], seed=3)
    while len(session.game.actions) < 6:
        assert session.submit(session.legal()[0]).ok
    app.show_next()
    app.go("history")
    pump(2)
    shown = strips(app.manager.get_screen("history"))
    wanted = []
    for action in reversed(session.game.actions):
        words = str(action).split()
        colour = next((w for w in words if w in ("red", "blue")), None)
        dice = [w.split(":") for w in words if w[:3] in ("d4:", "d6:", "d8:")]
        if colour:
            wanted += [(t, int(v), colour) for t, v in dice]
    assert sorted((d.die_type, d.value, d.colour) for strip in shown for d in strip.drawn) == sorted(wanted)
    assert any(len(strip.drawn) > 1 for strip in shown)  # a roll's line
    for strip in shown:
        assert all(d.shape == SHAPE[d.die_type] for d in strip.drawn)


def test_the_table_the_roll_dialog_and_the_events_paint_a_die_alike():
    """The same die drawn by the Table's sheet and by a strip of dice: the same shape, size and corners."""
    from kivy.uix.widget import Widget

    from ui.die_drawing import DiceStrip
    from ui.sheet import Sheet

    on_table = Widget()
    with on_table.canvas:
        table_die = Sheet().die("d8", 7, "green", 0, 0)
    strip = DiceStrip(dice=[("d8", 7, "green")])
    assert strip.drawn == [table_die]
    assert strip.canvas.length() == on_table.canvas.length()


def test_a_d6_shows_its_pips_and_a_d4_or_d8_its_value_in_18_px_text(monkeypatch):
    from kivy.graphics import Ellipse, Quad, Triangle
    from kivy.uix.widget import Widget

    import ui.die_drawing as die_drawing

    painted: list[tuple[str, int]] = []
    real = die_drawing.paint_text
    monkeypatch.setattr(die_drawing, "paint_text", lambda text, rgba, x, y, size, bold=False, anchor="centre":
                        painted.append((text, size)) or real(text, rgba, x, y, size, bold, anchor))
    for die_type, faces, shape in (("d4", 4, Triangle), ("d6", 6, Quad), ("d8", 8, Quad)):
        for value in range(1, faces + 1):
            painted.clear()
            widget = Widget()
            with widget.canvas:
                die_drawing.paint_die(die_type, value, "blue", 0, 0)
            drawn = widget.canvas.children
            assert sum(isinstance(i, shape) for i in drawn) == 1, (die_type, value)
            if die_type == "d6":
                assert sum(isinstance(i, Ellipse) for i in drawn) == value and not painted
            else:
                assert painted == [(str(value), 18)], (die_type, value)
