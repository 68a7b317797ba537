"""Setup shows every Automa level at once, each with its line and measured strength; one tap chooses."""
from __future__ import annotations

import pytest

from companion.games.automata.automa import all_levels
from sim.app_driver import buttons, open_popups, pump, tap, texts


@pytest.mark.slow
def test_every_level_is_shown_at_once_and_one_tap_chooses(app):
    tap("New game")
    tap("Automata")
    setup = app.manager.get_screen("setup")
    automa = setup.rows[1]
    assert automa.kind == "automa" and automa.level == 1
    tap(automa.level_button.text)
    pump(1)
    shown = " ".join(t for popup in open_popups() for t in texts(popup))
    levels = all_levels()
    for level in levels:
        assert level.name in shown and level.line in shown
        assert f"{round(level.win_rate * 100)}%" in shown
    choices = [b for b in buttons() if levels[-1].name in b.text]
    assert len(choices) == 1
    for button in buttons():
        x, y = button.to_window(button.x, button.y)
        assert 0 <= x and x + button.width <= 800 and 0 <= y and y + button.height <= 480, button.text
    choices[0].trigger_action(0)
    pump(1)
    assert automa.level == levels[-1].number and not open_popups()
    assert levels[-1].name in automa.level_button.text
