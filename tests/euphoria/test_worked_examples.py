"""The Euphoria Automa rulebook's worked examples, and the outcomes the design derives from it."""
from __future__ import annotations

import pytest

from companion.games.euphoria import (Board, DeckCycle, LEVELS, Turn, Workers, draw_factions, level, parse_deck, place)
from tests.euphoria.decks import invented_deck_text


def turn(colour="black", own="icarus", start="icarus", board=None, available=(2, 6), sites=()):
    return Turn(colour, own, start, board or Board(), Workers(list(available)), sites)


def test_black_of_icarus_puts_its_knowledge_2_worker_on_its_own_commodity_area():
    placement = place("commodity", turn(start="icarus"))  # the "own faction" icon, resolved
    assert (placement.knowledge, placement.where.place) == (2, "the Icarus commodity area")


def test_with_the_wastelands_icon_it_sends_its_knowledge_6_worker_there():
    placement = place("commodity", turn(start="wastelands"))
    assert (placement.knowledge, placement.where.place) == (6, "the Wastelands commodity area")


def board_with(*markets: str, stars=()) -> Board:
    board = Board()
    for m in markets:
        board.build(m)
    for m, colour in stars:
        board.star(m, colour)
    return board


def test_white_artifact_market_goes_round_to_subterra_and_stars_its_bottommost_penalizing_market():
    board = board_with("subterra-top", "subterra-bottom", "euphoria-top")  # penalizing for white: all 3
    placement = place("artifact", turn("white", own="euphoria", start="icarus", board=board, available=(3, 5)))
    assert placement.where.place == "the Subterranean artifact market"
    assert placement.star_market == "subterra-bottom" and placement.knowledge == 5


def test_black_construct_takes_the_bottommost_euphorian_construction_space():
    board = board_with("subterra-top", "subterra-bottom", "wastelands-top", "wastelands-bottom")
    placement = place("construct", turn("black", start="subterra", board=board, sites=[]))
    assert placement.where.kind == "site" and placement.where.area == "euphoria-bottom"
    assert placement.where.place.startswith("the bottommost space of the construction site of the bottom Euphorian")
    assert placement.star_market is None and placement.star_territory is None


@pytest.mark.parametrize("name, turns", [("beginner", [7, 12, 17, 17]), ("intermediate", [5, 10, 15, 15]),
                                         ("experienced", [4, 9, 14, 14]), ("veteran", [3, 7, 11, 11]),
                                         ("expert", [5, 9, 13, 13]), ("i-want-to-cry", [5, 8, 11, 11])])
def test_automa_turns_per_pass_grow_with_each_add_in_deck(name, turns):
    cycle = DeckCycle.deal(parse_deck(invented_deck_text(), LEVELS[name]), level(name), seed=4)
    per_pass = {}
    for _ in range(sum(turns)):
        cycle.draw()
        per_pass[cycle.passes] = per_pass.get(cycle.passes, 0) + 1
    assert list(per_pass.values()) == turns


def test_faction_draws_skip_your_recruits_and_blacks_faction():
    for seed in range(50):
        black, white = draw_factions(["icarus", "subterra"], people=1, any_faction=False, seed=seed)
        assert {black, white} == {"wastelands", "euphoria"}


def test_with_the_penalty_side_up_each_6_rolled_goes_on_the_penalty_card():
    workers = Workers([], penalty_side=True)
    assert workers.settle_rolls([6, 3, 6, 2]) == 2
    assert sorted(workers.available) == [2, 3] and workers.on_penalty_card == 2


def test_a_6_already_showing_when_the_card_turns_stays_available():
    workers = Workers([6, 4])
    workers.penalty_side = True
    assert workers.available == [6, 4] and workers.on_penalty_card == 0
