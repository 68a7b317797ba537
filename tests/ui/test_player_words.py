"""The Automa's cards and the History in a player's words: no field names or values of the deck
file, and seats by the names the players gave them."""
from __future__ import annotations

import re

import pytest

from companion.games.automata.automa import default_deck
from companion.session.table import SeatSpec
from sim.app_driver import pump, tap, texts

# The deck file's field names and coded values, and the seat colours as the engine writes them.
INTERNAL = re.compile(r"\b(judge|steps|direction|modify|blind|(?<!master )plan|left|right|high|low|none|"
                      r"nudge|combine|master_plan|value first|yes|no)\b", re.IGNORECASE)


@pytest.mark.slow
@pytest.mark.parametrize("role", ["Action", "Support"])
def test_every_card_face_speaks_as_a_player_would(role):
    from ui.widgets import CardFace

    for card in default_deck().cards.values():
        face = CardFace(role=role, face=card.face())
        said = [t for t in texts(face) if t]
        assert len(said) >= 4, card.card_id
        for text in said:
            assert not INTERNAL.search(text), (card.card_id, role, text)


@pytest.mark.slow
def test_the_automa_screen_and_history_name_seats_as_the_players_do(app):
    app.controller.new_game([SeatSpec("red", "person", "Ann"), SeatSpec("blue", "automa", "Bot", 5)], seed=1)
    app.show_next()
    session = app.controller.session
    while session.automa_decision() is None:
        assert session.submit(session.legal()[0]).ok
    app.show_next()
    pump(1)
    assert app.manager.current == "automa"
    shown = " ".join(texts(app.manager.get_screen("automa")))
    assert not re.search(r"\b(Judge|Steps|Die|Modify|Reserve):", shown)
    tap("Done: next")
    app.go("history")
    pump(1)
    lines = [t for t in texts(app.manager.get_screen("history")) if re.match(r"\d+\. ", t)]
    assert lines
    for line in lines:
        plain = re.sub(r"\[[^\]]*\]", "", line)
        assert not re.search(r"\b(red|blue)\b", plain), plain
    assert any("R Ann" in re.sub(r"\[[^\]]*\]", "", t) for t in lines)
    assert any("B Bot" in re.sub(r"\[[^\]]*\]", "", t) for t in lines)
