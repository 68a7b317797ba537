"""A whole game played by taps, from Home to the Score screen, checked against the engine's score."""
from __future__ import annotations

import pytest

from companion.games.automata.rules import score
from sim.app_driver import buttons, tap, texts


@pytest.mark.slow
def test_a_game_by_taps_ends_on_the_score_screen_with_the_engine_score(app):
    tap("New game")
    tap("Automata")
    setup = app.manager.get_screen("setup")
    setup.seed_input.text = "21"
    tap("Camera: on")  # no camera threads in this test
    tap("Start game")  # the defaults: Red (a person) against Automa Blue, level 1
    taps = {"table": 0, "automa": 0}
    while app.manager.current != "score":
        screen = app.manager.current
        assert screen in taps, f"unexpected screen {screen}"
        assert sum(taps.values()) < 1500, "the game does not end"
        taps[screen] += 1
        if screen == "automa":
            tap("Done: next")
        else:
            table = app.manager.get_screen("table")
            choices = [b.text for b in reversed(buttons(table.choices)) if not b.text.startswith("More")]
            if choices:
                tap(choices[0], table.choices)
            else:  # nothing to activate: only Forfeit is offered
                assert not table.forfeit_button.disabled, f"no move offered: {table.prompt.text}"
                tap("Forfeit")
    assert taps["automa"] > 10 and taps["table"] > 20

    state = app.controller.session.state
    assert state.is_over
    expected = score(state)
    screen = app.manager.get_screen("score")
    shown = texts(screen)
    names = {"red": "Red", "blue": "Automa Blue"}
    winner_text = screen.winner.text
    if expected.shared:
        assert winner_text.startswith("Shared win:")
    else:
        assert winner_text.startswith("Winner:")
    for colour in expected.winners:
        assert names[colour] in winner_text
    assert f"with {max(s.total for s in expected.seats)} points" in winner_text
    cells = screen.table.children[::-1]  # in reading order: header row, then one row per category
    columns = screen.table.cols
    rows = [[c.text for c in cells[i:i + columns]] for i in range(0, len(cells), columns)]
    by_title = {row[0]: row[1:] for row in rows}
    assert by_title["Total"] == [str(s.total) for s in expected.seats]
    assert [v.split()[0] for v in by_title["Coins"]] == [str(s.coins_vp) for s in expected.seats]
    assert [v.split()[0] for v in by_title["Reserved"]] == [str(s.reserved_vp) for s in expected.seats]
    assert [v.split()[0] for v in by_title["Sets"]] == [str(s.sets_vp) for s in expected.seats]
    assert any(t.startswith("Saved with game") for t in shown)
    saved = app.store.meta(app.controller.session.game_id)["score"]
    assert [s["total"] for s in saved["seats"]] == [s.total for s in expected.seats]
    assert saved["winners"] == list(expected.winners)
