"""Her setup, her pass, the rounds and her end score [L141–168, L338–358, L525–527], rulings B6–B10, B18."""
from __future__ import annotations

import pytest

from companion.games.aoi import AoiGame, Refused, Setup, wording
from companion.games.aoi.levels import highest_shipping, shipping
from companion.games.aoi.table import AOI
from tests.aoi import fixture_cards, said, table_game


def test_she_starts_on_20_with_a_level_up_for_each_knowledge_icon_of_her_community_card():
    """[L163] "Für jedes Wissenssymbol ... steigt sie ... 1 Stufe auf"; [L165] "Feld 20". The fixture's community
    card shows law and medicine."""
    game = table_game()
    assert game.her.score == 20
    assert game.her.levels == {"banking": 0, "law": 1, "engineering": 0, "medicine": 1}


def test_without_her_community_card_in_the_file_the_table_taps_it_first():
    game = AoiGame(Setup("automa", 1))
    assert game.waiting_for() == "community"
    assert said(game, "community medicine medicine / build step") == [
        "Her discipline markers: Banking 0, Law 0, Engineering 0, Medicine 2."]
    with pytest.raises(Refused, match="not now"):
        game.play("community law / step")


def test_her_first_workshops_come_from_a_card_drawn_from_all_14():
    """[L204] and B6: the app draws a card of all 14 (then returns it) and names its letters."""
    cards = fixture_cards()
    game = AoiGame(Setup("automa", 2, cards))
    letters = {c.letters for c in cards.cards.values()}
    assert game.first_workshops in letters
    assert game.deck.every_card() == list(range(1, 15))  # the card went back


def _first_round(game: AoiGame) -> None:
    """You pass first; then she plays her cards 4, 1 | 6 | 2 | 3 (turned, pass icon): she passes."""
    said(game, "tile 3 law", "next", "card 4", "card 1", "adjacent 0", "passed")
    said(game, "next", "card 6", "gap engineering")
    said(game, "next", "card 2", "hexes 5", "terrain 3", "nearest 3")


def test_her_pass_scores_the_tile_once_takes_the_arrowed_bonus_and_the_order_space():
    """[L342] the tile's points "genau einmal"; [L343] the arrowed bonus of the support card (card 2: left, B7);
    [L354] the topmost free order space: you passed first, so the 2nd. Then you start round 2."""
    game = table_game()
    _first_round(game)
    assert game.her.score == 20 + 2 + 2 + 1  # card 1: 2; card 6: 2; card 2: X = 1 in round 1 (fixture row)
    lines = said(game, "next", "card 3")
    assert lines[1:] == [
        "A turned card with the pass icon: she passes.",
        "She scores the tile's 3. She takes the left round bonus of the three on offer (its coins back to the "
        "supply) and puts her old one in its place. Her order marker on space 2. Her next deck: 7 cards with the "
        "reserve's top card, shuffled; turn the bottom two.",
        "Round 2: remove the last round's tile. You start. Her shipping value: 0."]
    assert game.her.score == 28 and game.her.bonus == "left" and game.round == 2


def test_after_you_pass_she_plays_on_until_she_passes():
    """B18: she plays on alone; you cannot pass twice."""
    game = table_game()
    said(game, "tile 3 law", "passed")
    with pytest.raises(Refused, match="you have passed"):
        game.play("passed")
    assert game.hers_next and game.waiting_for() == "turn"


def test_when_she_passes_first_she_starts_the_next_round_from_space_1():
    """[L354]: her marker on the topmost free space: 1 when she passed first."""
    game = table_game()
    said(game, "tile 3 law", "next", "card 4", "card 1", "adjacent 0", "next", "card 6", "gap engineering")
    said(game, "next", "card 2", "hexes 5", "terrain 3", "nearest 3")
    lines = said(game, "next", "card 3")
    assert "Her order marker on space 1." in lines[2]
    with pytest.raises(Refused, match="she has passed"):
        game.play("next")
    assert said(game, "passed") == ["Round 2: remove the last round's tile. She starts. Her shipping value: 0."]
    assert game.hers_next


def test_her_shipping_value_at_the_automa_level_follows_the_seed_s_level_card():
    """[L247–251]: rounds 1–2: 0, 3–4: 1, 5–6: 2; her area scoring uses the highest, 2 [L527]."""
    assert highest_shipping(None, "automa") == 2  # no card file: the seed's own values
    assert [shipping(None, "automa", r) for r in range(1, 7)] == [0, 0, 1, 1, 2, 2]
    assert shipping(None, "ultoma", 3) is None  # B20: the other levels' values are the owner's


def test_the_end_tally_adds_her_play_knowledge_area_community_and_extra_tile_and_names_the_winner():
    """[L122–127, L527] and B10: 20 + cards and tiles (kept through play) + knowledge + area + her community
    card + the last round's extra tile's Automa value; nothing for resources or her bonus."""
    game = table_game()
    game.round = 7  # past round 6: the end's questions
    game.her.score = 61
    for line in ("knowledge 12", "area 18", "communityscore 4", "extra 3"):
        game.play(line)
    assert game.waiting_for() == "score"
    events = game.play("score 9 7")  # tapped as tens then units: 97
    assert game.scores() == {"automa": 98, "you": 97} and game.winners() == ["automa"]
    assert wording.line(events[0]) == ("Her total 98 (play 61, knowledge 12, area 18, community 4, extra 3); "
                                       "yours 97.")


def test_a_round_tile_of_the_card_file_is_tapped_by_its_name_once():
    """Issue 47: each round tile's Automa points and symbol colour are owner data; [L358] a round's tile is removed
    after it, so it is not offered again."""
    game = table_game()
    assert [c.part for c in AOI.next_step(game, []).choices] == ["tile 1a", "tile 4b", "tile 7a", "tile"]
    game.play("tile 4b")
    assert game.tile == (3, "law")
    game.round, game.tile = 2, None  # as at the start of the next round
    with pytest.raises(Refused, match="'4b' is no round tile of the card file left: 1a, 7a"):
        game.play("tile 4b")
    game.play("tile 2 medicine")  # a tile the file lacks: its points and colour
    assert game.tile == (2, "medicine")
