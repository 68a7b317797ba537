"""Back takes a tap back, Undo takes a turn back (issue 47): at the touchscreen (``OtherGameTable``), Undo takes
back her whole turn, from the tap that started it to the last answer, whether she has finished it or still asks;
a line of yours alone is a turn of its own."""
from __future__ import annotations

import pytest

from companion.games.aoi import Setup
from companion.line_games.table import OtherGameTable
from companion.store import GameStore
from tests.aoi import fixture_cards


@pytest.fixture
def table(tmp_path):
    with GameStore(tmp_path / "games.sqlite3") as store:
        yield OtherGameTable.new(store, "aoi", Setup("automa", 1, fixture_cards(), table_draws=True))


def tap(table: OtherGameTable, *texts: str) -> None:
    for text in texts:
        step = table.step()
        assert step is not None
        table.choose(next(c for c in step.choices if c.text == text))


def events(table: OtherGameTable) -> list[str]:
    return table.session.store.effective_events(table.session.game_id)


def test_undo_takes_back_her_whole_turn(table):
    """Her turn: support card 4, action card 1 (upgrade; points-2); neither workshop next to yours [L462], so both
    give you no power (B13). Undo leaves the game as before her turn: her score 20, her 2 workshops."""
    tap(table, "1a: 2 · Banking")
    before = table.session.snapshot()
    tap(table, "4", "1", "0")
    assert events(table) == ["tile 1a", "next card 4", "card 1", "adjacent 0"]
    assert table.session.game.her.score == 22
    assert table.undo().ok
    assert events(table) == ["tile 1a"] and table.session.snapshot() == before
    assert table.said == ["Undone: the last turn is taken back."]


def test_undo_in_the_middle_of_her_turn_takes_back_what_it_asked_so_far(table):
    tap(table, "1a: 2 · Banking", "4", "1")
    assert table.session.game.question() is not None  # her workshops next to yours are asked
    assert table.undo().ok and events(table) == ["tile 1a"] and not table.session.game.in_turn


def test_back_takes_back_a_tap_and_undo_a_line_of_yours_alone(table):
    tap(table, "Not in the file")
    assert table.parts == ["tile"]
    table.back()
    assert table.parts == []
    tap(table, "1a: 2 · Banking", "4", "1", "1", "You pass")
    assert table.undo().ok and events(table) == ["tile 1a", "next card 4", "card 1", "adjacent 1"]
    assert table.said == ["Undone: the last thing told is taken back."]
