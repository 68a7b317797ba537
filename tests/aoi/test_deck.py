"""Her deck at each level [L229–241] and over the rounds [L318–358]."""
from __future__ import annotations

import random

import pytest

from companion.games.aoi import AoiGame, Deck, Setup
from tests.aoi import fixture_cards, said, table_game

ALL = list(range(1, 15))


@pytest.mark.parametrize("level, size, reserve", [
    ("automalein", 5, 9),   # [L237]: card *3 on top of the reserve
    ("automa", 6, 8),       # [L238] "Keine Anpassung"
    ("automachtig", 7, 7),  # [L239] + 1 random reserve card
    ("ultoma", 8, 6),       # [L240] + 2
    ("alptraua", 8, 6),     # [L241] + 1 and card 13
])
def test_each_level_deals_its_start_deck_and_reserve(level, size, reserve):
    deck = Deck.start(level, random.Random(3))
    assert (len(deck.deck), len(deck.reserve)) == (size, reserve)
    assert deck.every_card() == ALL  # each of the 14 in exactly one place
    assert set(range(1, 7)) - {3} <= set(deck.deck)  # the start cards 1–6 [L231]


def test_automalein_puts_card_3_on_top_of_the_reserve_and_it_joins_at_the_end_of_round_1():
    """[L237] and B9: card 3 is round 1's reserve card, not an extra."""
    deck = Deck.start("automalein", random.Random(5))
    assert 3 not in deck.deck and deck.reserve[0] == 3
    assert deck.rebuild(random.Random(6)) == 3 and 3 in deck.deck and len(deck.deck) == 6


def test_alptraua_deals_card_13():
    """[L231, L241]: card 13 is found for Alptraua and goes into her deck."""
    assert 13 in Deck.start("alptraua", random.Random(1)).deck


def test_the_first_card_drawn_in_a_round_supports_and_the_second_acts():
    """[L325] "Lege die zweite Karte links neben die erste": the left one is the action card [L176]."""
    game = table_game()
    said(game, "tile 3 law", "next", "card 4")
    assert game.deck.support == [4] and game.deck.action is None
    assert said(game, "card 1")[0] == "Her support card 4 (right), her action card 1 left of it."


def test_a_later_turn_lays_the_old_action_card_on_the_support_card():
    """[L329]: the previous action card becomes the new support card."""
    game = table_game()
    said(game, "tile 3 law", "next", "card 4", "card 5", "power 2", "book 2")
    said(game, "next")
    assert game.deck.support == [4, 5] and game.deck.action is None


def test_a_turned_card_with_the_pass_icon_makes_her_pass_at_once():
    """[L332]: one of the last two (turned) cards **and** the pass icon: she passes, ignoring the card. Card 3's
    pass area shows the icon (fixture). Her Automa deck has 6 cards: the 5th and 6th drawn are turned."""
    game = table_game()  # Automa: cards 1–6
    said(game, "tile 3 law", "next", "card 4", "card 1", "adjacent 1")
    said(game, "next", "card 6", "gap banking")
    assert said(game, "next", "card 2", "hexes 1")[0] == "Her action card 2."  # the 4th: not turned
    assert said(game, "next", "card 3")[:2] == ["Her action card 3 (a turned card).",
                                                "A turned card with the pass icon: she passes."]
    assert game.she_passed and game.her.levels["law"] == 1  # card 3's scholar was not sent


def test_a_turned_card_without_the_pass_icon_is_played():
    """[L336]: otherwise she does all its actions. Card 6 (step; points 2) has no pass icon (fixture); the
    support card 5 shows <2: of banking and engineering (both at 0, tied as near yours), the 2nd from the
    right is banking."""
    game = table_game()
    said(game, "tile 3 law", "next", "card 4", "card 1", "adjacent 1", "next", "card 2", "hexes 1",
         "next", "card 5", "power 0", "book 0")
    assert said(game, "next", "card 6", "gap banking engineering")[0] == "Her action card 6 (a turned card)."
    assert not game.she_passed and game.her.levels["banking"] == 1


def test_an_empty_deck_makes_her_pass():
    """[L330] "Ist der Automastapel leer, passt Automa": the last two cards drawn have no pass icon."""
    game = table_game()
    said(game, "tile 3 law", "next", "card 3", "card 5", "power 0", "book 0", "next", "card 1", "adjacent 1",
         "next", "card 2", "hexes 1", "next", "card 4", "hexes 1", "next", "card 6",
         "gap banking engineering")
    assert not game.she_passed and game.deck.deck == []
    assert said(game, "next")[0] == "Her deck is empty: she passes."


def test_her_pass_shuffles_her_round_s_cards_with_the_reserve_s_top_card():
    """[L350–352]: the action card, the support pile and the deck, plus the reserve's top card unseen."""
    game = AoiGame(Setup("automa", 4, fixture_cards()))
    reserve_top = game.deck.reserve[0]
    said(game, "tile 2 law", "passed")
    while game.round == 1:
        _answer_anything(game)
    assert len(game.deck.deck) == 7 and reserve_top in game.deck.deck and game.deck.every_card() == ALL
    assert game.deck.support == [] and game.deck.action is None


def test_no_new_deck_after_round_6():
    """B8: the round-6 pass scores the tile, and no new deck is made."""
    game = AoiGame(Setup("automa", 4, fixture_cards()))
    for number in range(1, 7):
        said(game, "tile 2 law", "passed")
        while game.round == number:
            _answer_anything(game)
    assert game.round == 7 and len(game.deck.reserve) == 8 - 5  # five passes took five reserve cards
    assert game.deck.every_card() == ALL


def _answer_anything(game: AoiGame) -> None:
    """Answer her turn with the least each question allows (a choice with the first)."""
    waiting = game.waiting_for()
    question = game.question()
    if waiting == "turn":
        game.play("next")
    elif question is None:
        raise AssertionError(f"not her turn: {waiting}")
    elif question.key in ("type", "gap"):
        game.play(f"{question.key} {question.about[0]}")
    else:
        game.play(f"{question.key} {question.least}")
