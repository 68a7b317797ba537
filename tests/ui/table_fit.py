"""Whether the Table screen fits the 800x480 window at the person's turns of a seeded four-seat game: the grid, the
turn order and the cards on offer lie between the top bar and the camera line. The test checks a sample of the
turns, ``benchmarks/table_fit.py`` every turn of as many games as it is given."""
from __future__ import annotations

from companion.session.table import SeatSpec
from sim.app_driver import pump

from .seeded_play import moments

SEATS = [SeatSpec("red", "person", "Ann"), SeatSpec("blue", "person", "Ben"),
         SeatSpec("green", "automa", "Cogsworth", 4), SeatSpec("white", "person", "Dee")]


def window_box(widget):
    x, y = widget.to_window(widget.x, widget.y)
    return x, y, x + widget.width, y + widget.height


def misfits(app, seed: int, every: int = 1) -> tuple[int, list[str]]:
    """The game of ``seed`` played to its end, the Table screen shown at every ``every``-th person's turn: how many
    turns were shown, and each that did not fit (after how many actions, and what stuck out)."""
    session = app.controller.new_game(SEATS, seed=seed)
    table = app.manager.get_screen("table")
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
        grid_top = window_box(table.ids.grid)[3]
        offer_bottom = window_box(table.ids.offer)[1]
        actions = len(session.game.actions)
        if grid_top > 480 - table.ids.bar.height:
            found.append(f"after {actions} actions the grid's top is at {grid_top}")
        if offer_bottom < window_box(table.camera_line)[3]:
            found.append(f"after {actions} actions the offer's bottom is at {offer_bottom}")
    return shown, found
