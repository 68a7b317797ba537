"""Entering a Euphoria deck and a Tokaido road on the touchscreen, from the setup screen's Enter option:
tapped, undone, saved as a plain file beside the games database, then chosen on the setup."""
from __future__ import annotations

import pytest

from companion.games.euphoria import parse_deck
from companion.games.tokaido import parse_road
from companion.games.tokaido.spaces import SPACE_NAMES
from sim.app_driver import buttons, tap
from tests.tokaido.boards import INVENTED_ROAD


def entry_screen(app):
    return app.manager.get_screen("entry")


def chosen(app):
    return [b.text for b in buttons(app.root) if getattr(b, "chosen", False)]


@pytest.mark.slow
def test_a_deck_entered_card_by_card_is_saved_and_chosen_on_the_setup(app, tmp_path):
    tap("New game")
    tap("Euphoria")
    tap("Icarus")
    tap("Subterra")
    tap("Enter a deck…")
    assert app.manager.current == "entry"
    assert entry_screen(app).question == "S01: Black's action (right half)"
    with pytest.raises(LookupError):
        tap("Save")  # nothing entered yet
    for text in ("Commodity", "Artifact", "Icarus", "Own faction", "No ▲", "None"):
        tap(text)
    tap("Black 0/2")
    for text in ("Construct", "Commodity", "Own faction", "Subterra", "▲ yes"):
        tap(text)
    tap("Undo tap")
    tap("▲ yes")
    tap("2")
    assert "Green 1/10" in [b.text for b in buttons(app.root)] and "Black 1/2" in chosen(app)
    assert "2 cards: Intermediate needs 9 more green" in entry_screen(app).notes_text
    tap("Save")
    assert app.manager.current == "other_setup"
    saved = (tmp_path / "decks" / "deck-1.txt").read_text()
    assert [str(c) for c in parse_deck(saved).cards] == ["S01 green commodity artifact icarus own",
                                                         "B01 black construct commodity own subterra triangle bazaar-2"]
    assert any(text.startswith("2 cards · ") for text in chosen(app))
    setup = app.manager.get_screen("other_setup")
    assert setup.problem.startswith("That deck cannot be used at this level: the intermediate level deals")
    with pytest.raises(LookupError):
        tap("Start")
    tap("None")
    tap("Start")
    assert app.manager.current == "other" and app.controller.other.session.game.setup.deck is None


@pytest.mark.slow
def test_a_road_entered_space_by_space_is_saved_chosen_and_played(app, tmp_path):
    tap("New game")
    tap("Tokaido")
    tap("Enter a road…")
    for kind in INVENTED_ROAD.spaces[1:8]:
        tap(SPACE_NAMES[kind])
    tap("Back")  # the road in progress is kept
    assert app.manager.current == "other_setup"
    tap("Enter a road…")
    assert entry_screen(app).question == "Space 8 after Kyoto: tap its kind"
    tap("Farm")
    tap("Undo Farm")
    for kind in INVENTED_ROAD.spaces[8:]:
        tap(SPACE_NAMES[kind])
    tap("Save")
    assert parse_road((tmp_path / "roads" / "road-1.txt").read_text()) == INVENTED_ROAD
    assert app.manager.current == "other_setup"
    assert any(text.startswith(f"{INVENTED_ROAD.end} spaces · ") for text in chosen(app))
    tap("Start")
    assert app.controller.other.session.game.setup.road == INVENTED_ROAD
    tap("Home")
    tap("New game")
    tap("Tokaido")
    tap("Enter a road…")
    assert entry_screen(app).question == "Space 1 after Kyoto: tap its kind"  # saved: the next starts afresh


@pytest.mark.slow
def test_a_deck_in_progress_is_kept_and_counted_against_the_level_chosen_again(app):
    tap("New game")
    tap("Euphoria")
    tap("Enter a deck…")
    for text in ("Commodity", "Artifact", "Icarus", "Own faction", "No ▲", "None"):
        tap(text)
    assert "Green 1/10" in [b.text for b in buttons(app.root)]
    tap("Back")
    tap("Expert")
    tap("Enter a deck…")
    assert {b.text for b in buttons(app.root) if b.text.startswith(("Green", "Black"))} == {"Black 0/3", "Green 1/6"}
