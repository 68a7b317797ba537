"""Whether the drawn Table screen holds a seeded four-seat game at the person's turns: every die the game has drawn
(type, value, seat colour), all of them between the top bar and the camera line, no two on one another. The test
checks a sample of the turns, ``benchmarks/table_fit.py`` every turn of as many games as it is given."""
from __future__ import annotations

from collections import Counter

from companion.session.table import SeatSpec
from sim.app_driver import pump

from .seeded_play import moments

SEATS = [SeatSpec("red", "person", "Ann"), SeatSpec("blue", "person", "Ben"),
         SeatSpec("green", "automa", "Cogsworth", 4), SeatSpec("white", "person", "Dee")]


def expected_dice(state) -> Counter:
    """Every die on the table the drawing shows (type, value, seat colour): the Available pools, the staging
    areas, and the action spaces (no value there, R13)."""
    dice: Counter = Counter()
    for seat in state.seats:
        dice.update((t, v, seat.colour) for t, v in seat.available)
    for placed in state.staging.values():
        dice.update((t, v, state.seats[s].colour) for s, (t, v) in placed)
    slots = [slot for slots in state.spaces.values() for slot in slots] + list(state.market.values())
    for slot in slots:
        if slot is not None:
            dice.update((t, None, state.seats[slot[0]].colour) for t in slot[1])
    return dice


def drawn_dice(drawing) -> Counter:
    return Counter((d.die_type, d.value, d.colour) for d in drawing.sheet.dice)


def window_box(widget):
    x, y = widget.to_window(widget.x, widget.y)
    return x, y, x + widget.width, y + widget.height


def apart(a, b) -> bool:
    """Boxes (left, bottom, right, top) that do not overlap (touching is apart)."""
    return a[2] <= b[0] + 0.5 or b[2] <= a[0] + 0.5 or a[3] <= b[1] + 0.5 or b[3] <= a[1] + 0.5


def corners(box):
    left, bottom, width, height = box
    return left, bottom, left + width, bottom + height


def misfits(app, seed: int, every: int = 1) -> tuple[int, list[str]]:
    """The game of ``seed`` played to its end, the Table screen shown at every ``every``-th person's turn: how many
    turns were shown, and each that was not drawn whole (after how many actions, and what was wrong)."""
    session = app.controller.new_game(SEATS, seed=seed)
    table = app.manager.get_screen("table")
    top, bottom = 480 - table.ids.bar.height, window_box(table.camera_line)[3]
    turns, shown, found = 0, 0, []
    for state in moments(session, seed):
        if state.is_chance_node:
            continue
        turns += 1
        if turns % every:
            continue
        app.show_next()
        pump(1)
        shown += 1
        actions = len(session.game.actions)
        drawing = table.drawing()
        if drawn_dice(drawing) != expected_dice(app.controller.state):
            found.append(f"after {actions} actions the dice drawn are not the game's")
        dice = [corners(d.box) for d in drawing.sheet.dice]
        for i, a in enumerate(dice):
            if not (bottom <= a[1] and a[3] <= top):
                found.append(f"after {actions} actions a die lies outside the table at {a}")
            if not all(apart(a, b) for b in dice[i + 1:]):
                found.append(f"after {actions} actions a die lies on another at {a}")
    return shown, found
