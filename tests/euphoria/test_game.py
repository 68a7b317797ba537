"""Games with both Automas on an invented deck, and the rulings the seed leaves to the app (docs/euphoria.md)."""
from __future__ import annotations

import random

import pytest

from companion.games.euphoria import (Board, DeckFileError, EuphoriaGame, LEVELS, Refused, Setup, Turn, Workers,
                                parse_deck, place, replay)
from companion.games.euphoria.workers import Placed
from tests.euphoria.decks import invented_deck_text
from companion.games.euphoria import wording
from companion.games.euphoria.events import SixesOnPenalty
from tests.euphoria import said, said_at_setup

DECK = parse_deck(invented_deck_text())
SOLO = Setup("intermediate", seed=5, recruits=("icarus", "subterra"), deck=DECK, bazaar=True)


def retrieved(lines) -> int:
    """How many dice the last retrieval shown asks to roll."""
    last = next(line for line in reversed(lines) if " retrieves " in line)
    return int(last.split(" retrieves ")[1].split()[0])


def answer_for(game: EuphoriaGame, rng: random.Random, lines) -> str:
    waiting = game.waiting_for()
    if waiting == "sites":
        unbuilt = [m for m in ("euphoria-top", "subterra-bottom") if not game.table.board.is_built(m)]
        return "sites " + (" ".join(unbuilt[:rng.randint(0, len(unbuilt))]) or "none")
    if waiting == "completes":
        return rng.choice(["completes yes", "completes no"])
    if waiting == "roll":
        return "roll " + " ".join(str(rng.randint(1, 6)) for _ in range(retrieved(lines)))
    if game.table.board.unbuilt() and rng.random() < 0.1:
        return f"built {rng.choice(game.table.board.unbuilt())}"
    return "next"


def play(game: EuphoriaGame, seed: int, pairs: int):
    rng, events, lines = random.Random(seed), ["workers 3 5 1 6 2 2 4 5"], []
    game.play(events[0])
    while game.turns < pairs and game.waiting_for() != "over":
        event = answer_for(game, rng, lines)
        lines += said(game, event)
        events.append(event)
    return events, lines


@pytest.mark.parametrize("seed", range(4))
def test_a_long_game_keeps_four_workers_each_and_replays_to_the_same_table(seed):
    game = EuphoriaGame(SOLO)
    events, lines = play(game, seed, pairs=40)
    for automa in game.table.automas.values():
        w = automa.workers
        assert len(w.available) + len(w.placed) + w.on_penalty_card == 4
    assert replay(SOLO, events).to_json() == game.to_json()
    assert any(line.startswith("Deck empty") for line in lines)


def test_the_factions_and_the_dealt_deck_are_shown_at_setup():
    lines = said_at_setup(EuphoriaGame(SOLO))
    assert lines[0].startswith("Black Automa: faction ") and lines[1].startswith("White Automa: faction ")
    assert lines[3].startswith("Deck (intermediate): ")


def test_a_refused_event_changes_nothing():
    game = EuphoriaGame(SOLO)
    game.play("workers 3 5 1 6 2 2 4 5")
    before = game.to_json()
    for wrong in ("workers 1 2 3", "roll 3", "sites none", "built castle", "bump black 9 1", "next now", ""):
        with pytest.raises(Refused):
            game.play(wrong)
    assert game.to_json() == before


def test_the_deck_file_is_checked_against_the_levels_piles_in_one_line():
    with pytest.raises(DeckFileError) as short:
        parse_deck("\n".join(invented_deck_text().splitlines()[:8]), LEVELS["beginner"])
    assert "the beginner level deals 12 green, 2 black, 2 white, 2 purple" in str(short.value)
    with pytest.raises(DeckFileError, match="line 2: 'castle' is not an action"):
        parse_deck("# x\nS1 green castle commodity own icarus\n")
    with pytest.raises(DeckFileError, match="line 2: a second card S1"):
        parse_deck("S1 green commodity commodity own icarus\nS1 green commodity commodity own icarus\n")
    assert parse_deck(DECK.to_text()) == DECK


def test_retrieving_leaves_site_workers_and_with_a_triangle_the_best_foreign_commodity_worker():
    workers = Workers([], placed=[Placed(4, "site", "site", "euphoria-top"), Placed(5, "W", "commodity", "wastelands"),
                                  Placed(5, "E", "commodity", "euphoria"), Placed(2, "I", "commodity", "icarus")])
    staying = workers.left_behind("icarus", triangle=True, start="subterra")
    # two knowledge-5 workers abroad: from Subterra the circle reaches Euphoria before the Wastelands
    assert [p.area for p in staying] == ["euphoria-top", "euphoria"]
    assert workers.retrieve(staying) == 2


def test_the_triangle_leaves_nobody_when_nothing_else_would_come_back():
    workers = Workers([], placed=[Placed(4, "site", "site", "euphoria-top"), Placed(5, "W", "commodity", "wastelands")])
    assert [p.kind for p in workers.left_behind("icarus", triangle=True, start="icarus")] == ["site"]


def test_one_worker_left_retrieves_on_the_retrieve_icon_only():
    workers = Workers([3])
    assert workers.must_retrieve("commodity", "commodity") and not workers.must_retrieve("artifact", "commodity")
    assert Workers([]).must_retrieve("artifact", "commodity")


def test_the_tunnel_goes_to_the_card_factions_tunnel_or_the_icarus_space():  # ruling E5
    at = Turn("black", "euphoria", "icarus", Board(), Workers([1, 4]), None)
    assert place("tunnel-sky-lounge", at).where.place == "the Sky Lounge in Icarus"
    at = Turn("black", "euphoria", "subterra", Board(), Workers([1, 4]), None)
    assert place("tunnel-breeze-bar", at).where.place == "the Subterranean tunnel"


def test_a_site_with_a_worker_comes_first_and_her_star_follows_only_a_completion():
    game = EuphoriaGame(SOLO)
    game.play("workers 3 5 1 6 2 2 4 5")
    while True:
        lines = said(game, "next")
        if game.waiting_for() == "sites":
            break
        while game.waiting_for() == "roll":
            lines = said(game, "roll" + " 1" * retrieved(lines))
    lines = said(game, "sites wastelands-top")
    assert "construction site of the top Wastelander market" in lines[0]
    assert game.prompt().startswith("Did her worker complete")
    game.play("completes yes")
    colour = "black" if lines[0].startswith("Black") else "white"
    assert game.table.board.stars["wastelands-top"] == {colour}


def test_a_market_the_people_build_penalizes_both_automas_and_flips_their_cards():
    game = EuphoriaGame(SOLO)
    game.play("workers 3 5 1 6 2 2 4 5")
    game.play("built subterra-top")
    lines = said(game, "next")
    assert "Black: turn its faction card to its penalty side." in lines
    assert game.table.board.penalizing("black") or game.table.board.stars["subterra-top"] == {"black"}


def test_a_bumped_worker_rolling_6_with_the_penalty_side_up_goes_on_the_card():
    game = EuphoriaGame(SOLO)
    game.play("workers 3 5 1 6 2 2 4 5")
    game.table.automas["black"].workers = Workers([1], placed=[Placed(5, "X", "other")], penalty_side=True)
    assert game.play("bump black 5 6") == [SixesOnPenalty("black", 1)]  # as an event of the game, said apart:
    assert wording.line(SixesOnPenalty("black", 1)) == "Black: the 6 goes on the penalty card."
    assert game.table.automas["black"].workers.on_penalty_card == 1


def test_the_tenth_authority_token_wins():
    game = EuphoriaGame(SOLO)
    game.play("workers 3 5 1 6 2 2 4 5")
    game.table.automas["white"].tokens = 1
    assert said(game, "allegiance white")[-1] == "White has placed all its authority tokens: it wins."
    assert game.waiting_for() == "over"


def test_without_an_entered_deck_each_new_card_is_tapped():
    live = Setup("intermediate", seed=1, recruits=("icarus", "subterra"))
    game = EuphoriaGame(live)
    game.play("workers 3 5 1 6 2 2 4 5")
    assert game.waiting_for() == "support"
    game.play("support commodity commodity wastelands own")
    lines = said(game, "card commodity construct euphoria icarus")
    assert lines[0] == "Black: knowledge 6 worker on the Wastelands commodity area."
    assert game.waiting_for() == "sites"


def test_without_an_entered_deck_the_app_says_when_the_deck_runs_out():
    game = EuphoriaGame(Setup("intermediate", seed=1, recruits=("icarus", "subterra")))
    game.play("workers 3 5 1 6 2 2 4 5")
    game.play("support tunnel-sky-lounge tunnel-sky-lounge euphoria euphoria")
    for _ in range(5):  # the Intermediate deck's 6 cards: the support, then 5 action cards
        assert game.waiting_for() == "card"
        lines = said(game, "card tunnel-sky-lounge tunnel-sky-lounge euphoria euphoria")
        while game.waiting_for() == "roll":
            lines = said(game, "roll" + " 4" * retrieved(lines))
    assert game.waiting_for() == "support"
    assert game.prompt().startswith("Deck empty: shuffle every card of this pass with the next add-in deck")
    game.play("support tunnel-sky-lounge tunnel-sky-lounge euphoria euphoria")
    assert game.live_pass_size == 11 and game.waiting_for() == "card"


def all_on_sites() -> Workers:
    return Workers([], placed=[Placed(k, "a construction site", "site", "euphoria-top") for k in (1, 2, 3, 4)])


def test_an_automa_retrieving_no_worker_is_asked_nothing():
    game = EuphoriaGame(SOLO)
    game.play("workers 3 5 1 6 2 2 4 5")
    game.table.automas["black"].workers = all_on_sites()  # site workers stay: she retrieves none
    lines = said(game, "next")
    retrieving = next(line for line in lines if line.startswith("Black: retrieves"))
    assert retrieving == ("Black: retrieves 0 workers; " + ", ".join(f"leaves the knowledge {k} worker on a construction "
                                                               "site" for k in (1, 2, 3, 4)) + ": nothing to roll.")
    assert lines[-1] == "White: knowledge 5 worker on the Icarus commodity area."
    assert game.waiting_for() == "next" and len(game.table.automas["black"].workers.placed) == 4


def test_the_bare_roll_games_saved_before_asked_of_her_is_played_as_nothing():
    game = EuphoriaGame(SOLO)
    game.play("workers 3 5 1 6 2 2 4 5")
    game.table.automas["black"].workers = all_on_sites()
    game.play("next")
    before = game.to_json()
    assert said(game, "roll") == ["Nothing to roll."] and game.to_json() == before
