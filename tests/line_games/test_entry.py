"""Entering a Euphoria deck card by card and a Tokaido road space by space, as the touchscreen does:
the file each makes is one the parsers read, the counts and Undo, and the saved files offered to new
games together with the roads and decks of saved games."""
from __future__ import annotations

import os

import pytest

from companion.games.euphoria import Setup as EuphoriaSetup, level, parse_deck
from companion.games.euphoria.deck import DeckFileError
from companion.line_games.session import GameSession
from companion.line_games.entered import entered, folder, save_entered
from companion.line_games.setup_form import ENTER, setup_form
from companion.games.euphoria.table.deck_entry import DeckEntry
from companion.games.tokaido.table.road_entry import RoadEntry
from companion.store import GameStore
from companion.games.tokaido import Setup as TokaidoSetup, parse_road
from tests.euphoria.decks import invented_deck_text
from tests.tokaido.boards import INVENTED_ROAD, INVENTED_ROAD_TEXT


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path / "games.sqlite3") as opened:
        yield opened


def tap(entry, text):
    step = entry.step()
    entry.choose(next(c for c in step.choices if c.text == text))


def enter_card(entry, *texts):
    for text in texts:
        tap(entry, text)


PLAIN = ("Commodity", "Artifact", "Icarus", "Own faction", "No ▲", "None")


# -- the deck ----------------------------------------------------------------------------------

def test_a_card_is_its_pile_then_six_taps_and_its_id_is_given_within_its_pile():
    entry = DeckEntry("intermediate")
    assert entry.step().question == "S01: Black's action (right half)"
    enter_card(entry, "Tunnel Breeze Bar", "Construct", "Wastelands", "Own faction", "▲ yes", "2")
    enter_card(entry, *PLAIN)
    entry.tap_top("purple")
    enter_card(entry, *PLAIN)
    assert entry.step().question == "D02: Black's action (right half)"
    deck = parse_deck(entry.text())
    assert [str(c) for c in deck.cards] == [
        "S01 green tunnel-breeze-bar construct wastelands own triangle bazaar-2",
        "S02 green commodity artifact icarus own",
        "D01 purple commodity artifact icarus own"]


def test_each_pile_is_counted_against_what_the_level_deals():
    entry = DeckEntry("expert")  # 4 green, 1 black, 1 white; add-in decks 1 of each
    assert [o.text for o in entry.top().options] == ["Green 0/6", "Black 0/3", "White 0/3", "Purple 0/2"]
    assert [o.chosen for o in entry.top().options] == [True, False, False, False]
    entry.tap_top("black")
    enter_card(entry, *PLAIN)
    assert entry.top().options[1].text == "Black 1/3" and entry.top().options[1].chosen
    assert entry.notes() == ["1 card: Expert needs 6 more green, 2 more black, 3 more white, 2 more purple."]
    entry.count_for("veteran")
    assert entry.notes() == ["1 card: Veteran needs 6 more green, 1 more black, 2 more white, 2 more purple."]


def test_a_deck_entered_with_what_the_level_deals_is_enough_for_it():
    entry = DeckEntry("veteran")
    for pile, count in level("veteran").needs().items():
        entry.tap_top(pile)
        for _ in range(count):
            enter_card(entry, *PLAIN)
    assert entry.notes() == ["12 cards: enough for Veteran."]
    assert len(parse_deck(entry.text(), level("veteran")).cards) == 12
    with pytest.raises(DeckFileError, match="the file needs 6 more green"):
        parse_deck(entry.text(), level("beginner"))


def test_undo_takes_back_a_tap_then_the_last_card_with_its_pile():
    entry = DeckEntry("intermediate")
    assert entry.undo_label == ""
    entry.tap_top("white")
    enter_card(entry, *PLAIN)
    entry.tap_top("green")
    tap(entry, "Construct")
    assert entry.undo_label == "Undo tap" and entry.problem().startswith("Finish the card")
    assert entry.lines()[-1] == "S01 so far: Construct"
    entry.undo()
    assert entry.undo_label == "Undo W01" and entry.problem() == ""
    entry.undo()
    assert entry.cards == [] and entry.pile == "white"
    assert entry.problem() == "Enter a card to save."
    entry.undo()  # nothing left: nothing happens
    assert entry.step().question == "W01: Black's action (right half)"


def test_the_cards_listed_say_what_was_tapped():
    entry = DeckEntry("intermediate")
    enter_card(entry, "Tunnel Sky Lounge", "Commodity", "Subterra", "Euphoria", "▲ yes", "3")
    assert entry.lines() == ["S01 Tunnel Sky Lounge, Commodity · Subterra, Euphoria ▲ Bazaar 3"]


# -- the road ----------------------------------------------------------------------------------

def test_a_road_is_one_tap_a_space_and_saves_as_parse_road_reads_it():
    entry = RoadEntry()
    savable = []
    for kind in INVENTED_ROAD.spaces[1:]:
        entry.choose(next(c for c in entry.step().choices if c.part == kind))
        savable.append(entry.problem() == "")
    # a road may end at any Inn after the first: Save waits for the second
    assert savable == [k == "inn" and n > 7 for n, k in enumerate(INVENTED_ROAD.spaces[1:], start=1)]
    assert parse_road(entry.text()) == INVENTED_ROAD
    assert entry.notes() == [f"{INVENTED_ROAD.end} spaces, 4 Inns (the last space is the Inn at Edo)."]


def test_inn_is_not_offered_after_an_inn_and_undo_takes_back_the_last_space():
    entry = RoadEntry()
    assert entry.step().question == "Space 1 after Kyoto: tap its kind"
    tap(entry, "Shop")
    tap(entry, "Inn")
    assert "Inn" not in [c.text for c in entry.step().choices]
    assert entry.problem() == "The road has no intermediate Inn: the base board has three before Edo."
    assert entry.undo_label == "Undo Inn"
    entry.undo()
    assert "Inn" in [c.text for c in entry.step().choices]
    assert entry.lines() == ["1  Shop"] and entry.problem() == "Save once the last space tapped is the Inn at Edo."


# -- the files, offered to new games -----------------------------------------------------------

def test_a_saved_deck_is_a_plain_numbered_file_beside_the_database(store, tmp_path):
    first = save_entered(store, "euphoria", invented_deck_text())
    second = save_entered(store, "euphoria", "S01 green commodity artifact icarus own\n")
    assert first == tmp_path / "decks" / "deck-1.txt" and second == tmp_path / "decks" / "deck-2.txt"
    assert folder(store, "euphoria") == tmp_path / "decks"
    assert parse_deck(first.read_text()) == parse_deck(invented_deck_text())


def test_saved_files_and_saved_games_are_one_list_the_latest_first_without_duplicates(store):
    old_file = save_entered(store, "tokaido", INVENTED_ROAD_TEXT)
    os.utime(old_file, (1_000_000_000, 1_000_000_000))  # saved long before any game
    GameSession.new(store, "tokaido", TokaidoSetup(("green", "purple"), "blue", 4, 1, INVENTED_ROAD,
                                                   ("blue", "green", "purple")))
    short = parse_road("shop inn sea inn farm inn")
    save_entered(store, "tokaido", short.to_text())
    (folder(store, "tokaido") / "broken.txt").write_text("shop volcano inn\n")  # left out
    texts = [e.text for e in entered(store, "tokaido")]
    assert texts == [short.to_text(), INVENTED_ROAD.to_text()]  # the game's road and its file: once


def test_the_setup_form_offers_enter_and_chooses_a_deck_once_saved(store):
    form = setup_form(store, "euphoria")
    deck_row = next(r for r in form.rows() if r.key == "deck")
    assert [(o.text, o.value) for o in deck_row.options] == [("None", ""), ("Enter a deck…", ENTER)]
    form.tap("deck", ENTER)  # the screen opens the entry: the form keeps its choice
    assert form.deck is None
    text = parse_deck("S01 green commodity artifact icarus own\n").to_text()
    save_entered(store, "euphoria", text)
    form.offer(store, text)
    assert form.deck == text
    assert [o.text.split(" · ")[0] for o in next(r for r in form.rows() if r.key == "deck").options if o.chosen] \
        == ["1 card"]
    form.tap("recruits", "icarus")
    form.tap("recruits", "subterra")
    assert form.problem() == ("That deck cannot be used at this level: the intermediate level deals 10 green, "
                              "2 black, 2 white, 2 purple: the file needs 9 more green, 2 more black, 2 more white, "
                              "2 more purple.")


def test_a_deck_played_in_a_game_and_saved_as_a_file_is_offered_once(store):
    deck = parse_deck(invented_deck_text())
    GameSession.new(store, "euphoria", EuphoriaSetup("beginner", 1, ("icarus", "subterra"), deck=deck))
    save_entered(store, "euphoria", invented_deck_text())  # the same cards, with comments
    assert [e.text for e in entered(store, "euphoria")] == [deck.to_text()]
