"""The headless session answers a table alert as the screen's buttons do: ``accept`` plays the table's move,
``misread`` puts the differences down to the camera; each teaches the reader as the buttons do."""
from __future__ import annotations

import pytest

from companion.session.headless import answer, answer_followed
from companion.session.runtime import TableRuntime
from companion.store import GameStore

from ..sync.test_table_sync import rolled_table
from .test_dice_learning import as_seen, misreadable, saved, turned_for_a_minus_one


@pytest.mark.slow
def test_misread_clears_the_alert_and_teaches_the_games_value(tmp_path, learner, profile):
    with GameStore(tmp_path / "g.db") as store:
        session, runtime, table, _panel = rolled_table(store)
        runtime.table_dice = learner
        die, wrong = misreadable(table, 1 - session.upcoming_state().turn)
        frame, seen = as_seen(table, die, wrong)
        assert runtime.table_settled(seen, frame).alert is not None
        said, _step = answer_followed(runtime, "misread")
        assert said == "ok misread"
        assert runtime.sync.alert is None
        assert saved(profile) == [(die.die_type, die.value, session.upcoming_state().colours[die.seat])]


@pytest.mark.slow
def test_accept_plays_the_tables_move(tmp_path, learner, profile):
    with GameStore(tmp_path / "g.db") as store:
        session, runtime, table, _panel = rolled_table(store)
        runtime.table_dice = learner
        state = session.upcoming_state()
        die_type, value = turned_for_a_minus_one(session, runtime, table)
        actions_before = len(session.game.actions)
        said, _step = answer_followed(runtime, "accept")
        assert said.startswith("ok ")
        assert len(session.game.actions) > actions_before and runtime.sync.alert is None
        assert saved(profile) == [(die_type, value - 1, state.colours[state.turn])]


def test_an_answer_with_no_alert_or_no_camera_is_refused_and_changes_nothing(tmp_path):
    with GameStore(tmp_path / "g.db") as store:
        session, runtime, _table, _panel = rolled_table(store)
        before = session.state
        for line in ("accept", "misread"):
            said, step = answer_followed(runtime, line)
            assert said.startswith("refused ") and "[sync]" in said and step is None
        unfollowed = TableRuntime(session, _panel)
        assert answer(unfollowed, "accept") == "refused No camera follows this table [sync]"
        assert session.state == before
