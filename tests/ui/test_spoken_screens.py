"""The app's voice: each Automa move spoken once, in the words its screen shows, and only when speech is on."""
from __future__ import annotations

import pytest

from companion.session.table import SeatSpec
from sim.app_driver import open_popups, pump, tap, texts
from ui.voice import Voice

from .test_other_game_screens import screen, start_euphoria_with_a_deck


class Heard:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def say(self, text: str) -> None:
        self.lines.append(text)

    def close(self) -> None:
        pass


def listening(app, speaking: bool = True) -> Heard:
    heard = Heard()
    app.voice = Voice(speaking, opener=lambda _on: heard)
    return heard


def test_a_key_is_said_once_and_nothing_while_speech_is_off():
    heard = Heard()
    voice = Voice(False, opener=lambda _on: heard)
    voice.say_once(1, ["Blue Automa: D6 showing 4 → Scavenge"])
    voice.toggle()
    voice.say_once(1, ["Blue Automa: D6 showing 4 → Scavenge"])  # the same move, redrawn: not again
    voice.say_once(2, ["Green Automa: D4 showing 1 → Create"])
    assert heard.lines == ["Green Automa: D4 showing 1 → Create"]


def test_each_automa_move_is_spoken_once_as_the_automa_screen_shows_it(app):
    heard = listening(app)
    app.controller.new_game([SeatSpec("blue", "automa", "Bot", 1), SeatSpec("green", "automa", "Cog", 2)], 2, False)
    app.show_next()
    pump(2)
    shown = []
    for _ in range(3):
        assert app.manager.current == "automa"
        shown.append(app.controller.automa_decision().instruction)
        app.manager.get_screen("automa").refresh()  # a redraw says nothing new
        tap("Done: next")
    assert heard.lines == shown + [app.controller.automa_decision().instruction]


@pytest.mark.slow
def test_a_game_played_by_lines_speaks_what_it_says_for_its_automas(app):
    heard = listening(app)
    start_euphoria_with_a_deck(app)
    assert app.panel.key("spacebar")
    app._poll_panel(0)
    said = screen(app).said_text.splitlines()
    assert any("Action card" in line for line in said)
    assert heard.lines[-len(said):] == said


def test_settings_says_whether_speech_is_on(app):
    listening(app, speaking=False)
    tap("Settings")
    shown = " ".join(t for popup in open_popups() for t in texts(popup))
    assert "Speaking the Automa's moves: " in shown
