"""A whole journey on an invented road, and the rulings the seed leaves to the app (docs/tokaido.md)."""
from __future__ import annotations

import random

import pytest

from companion.games.tokaido import Refused, Setup, TokaidoGame, replay
from companion.games.tokaido.difficulty import DIFFICULTY_CARDS, deal
from companion.games.tokaido.events import Stopped
from tests.tokaido.boards import INVENTED_ROAD
from tests.tokaido import said

ON_ROAD = Setup(("green", "purple"), "blue", level=4, seed=3, road=INVENTED_ROAD,
                leaving_order=("blue", "green", "purple"))


def event_for(game: TokaidoGame, rng: random.Random) -> str:
    waiting = game.waiting_for()
    if waiting.startswith("card"):
        return f"card {rng.randint(1, 3)} {rng.choice(['', 'temple', 'inn'])}".strip()
    if waiting == "go":
        return f"go {rng.randint(1, min(2, len(game.free_ahead('blue'))))}"
    if waiting == "meals":
        return "meals " + " ".join(str(rng.randint(1, 3)) for _ in range(4)) + " took none"
    assert waiting == "end"
    return "end 3 2 1 8 2"


def play_journey(setup: Setup, seed: int):
    game, events, rng = TokaidoGame(setup), [], random.Random(seed)
    while game.waiting_for() != "over":
        events.append(event_for(game, rng))
        game.play(events[-1])
        assert len(events) < 500
    return game, events


@pytest.mark.parametrize("seed", range(5))
def test_a_whole_journey_ends_at_edo_with_the_tally_and_replays_to_the_same_ledger(seed):
    game, events = play_journey(ON_ROAD, seed)
    assert set(game.positions.values()) == {INVENTED_ROAD.end}
    assert len(game.fed) == 4  # Meals at the three intermediate Inns and at Edo
    assert all(len(c.meals) == 4 for c in game.collections.values())
    assert replay(ON_ROAD, events).to_json() == game.to_json()


def test_kyoto_is_left_in_the_order_given_then_the_traveler_farthest_back_moves():
    game = TokaidoGame(ON_ROAD)
    assert game.waiting_for() == "go"
    game.play("go 2")  # blue to the Temple (position 2)
    assert game.waiting_for() == "card green"
    assert said(game, "card 1") == ["Green: 1st space, the Shop. Give her a Souvenir card. +1 → 2."]
    assert game.waiting_for() == "card purple"  # purple is still in Kyoto


def test_the_game_answers_with_events_and_the_wording_says_them_apart():
    game = TokaidoGame(ON_ROAD)
    game.play("go 2")
    assert game.play("card 1") == [Stopped("green", nth=1, space="shop", points=1, score=2)]


def test_the_last_to_arrive_at_an_inn_leaves_it_first():
    game = TokaidoGame(ON_ROAD)
    for event in ("go 6", "card 3", "card 3"):  # blue stops on the Encounter (6), next to the Inn
        game.play(event)
    while game.waiting_for() != "meals":
        game.play("card 3" if game.waiting_for().startswith("card") else "go 1")
    inn = game.positions["blue"]
    last = game.arrivals[inn][-1]
    game.play("meals 2 2 2 2 took none")
    assert game.to_move() == last


def test_a_refused_event_changes_nothing():
    game = TokaidoGame(ON_ROAD)
    before = game.to_json()
    for wrong in ("card 2", "go 9", "go x", "meals 1 2 3 4", "end 1 1 1 1", "first castle", ""):
        with pytest.raises(Refused):
            game.play(wrong)
    assert game.to_json() == before


def test_meals_wait_for_your_pick_when_you_arrived_before_an_automa():
    game = TokaidoGame(ON_ROAD)
    game.play("go 7")  # straight to the first Inn
    while game.waiting_for() != "meals":
        game.play("card 1")
    with pytest.raises(Refused, match="took N or took none"):
        game.play("meals 3 1 2 1")
    lines = said(game, "meals 3 1 2 1 took 2")
    assert lines[0] == "Shuffle all Automa cards into a new deck."
    assert [line.split(":")[1].split("(")[0].strip() for line in lines[1:]] == ["Meal 4", "Meal 3"]


@pytest.mark.parametrize("level, yours, hers", [(1, 5, 0), (2, 3, 0), (3, 1, 0), (4, 0, 0), (5, 0, 1), (6, 0, 3), (7, 0, 5)])
def test_difficulty_cards_dealt_per_level(level, yours, hers):
    dealt = deal(level, ("green", "purple"), seed=11)
    assert len(dealt.get("you", [])) == yours
    assert len(dealt.get("green", [])) == len(dealt.get("purple", [])) == hers
    assert all(len(set(cards)) == len(cards) and set(cards) <= set(DIFFICULTY_CARDS) for cards in dealt.values())


def test_at_level_7_each_automa_starts_with_five_different_items():
    game = TokaidoGame(Setup(("green", "purple"), "blue", level=7, seed=2))
    for her in game.collections.values():
        assert sum(her.items.values()) == 1 + 5  # the setup coin and five Difficulty cards
        assert her.score == 1 + 5 + (her.count("coin") - 1)  # a Farm card scores 2: her second coin


def test_the_seven_difficulty_cards_are_the_seven_item_spaces():  # ruling T1
    assert sorted(DIFFICULTY_CARDS) == sorted(["shop", "farm", "paddy", "mountain", "sea", "hot-spring", "encounter"])


def test_souvenirs_count_double_for_the_collector_and_ties_share_an_end_achievement():
    game = TokaidoGame(Setup(("green", "purple"), "blue", seed=1))
    game.play("green card 1 ahead shop")
    game.play("green card 1 ahead shop")
    game.play("purple card 1 ahead hot-spring")
    before = dict(game.scores())
    lines = said(game, "end 3 0 1 0 0")  # you: 3 Souvenirs beat nothing: green's 2 count as 4
    assert "Collector: Green." in lines and "Bather: you, Purple." in lines
    assert "Gourmet: nobody." in lines  # nobody ate: a count of 0 takes nothing (ruling T6)
    assert game.scores() == {"green": before["green"] + 3, "purple": before["purple"] + 3}


def test_without_a_road_she_is_told_the_spaces_ahead_and_stops_at_an_inn():
    game = TokaidoGame(Setup(("green", "purple"), "blue", seed=1))
    assert said(game, "green card 3 ahead paddy inn")[0].startswith("Green: 1st space, the Paddy.")
    assert said(game, "purple card 3 temple ahead inn sea")[0] == \
        "Purple: 1st space, the Inn. Her Meal waits until all have arrived."
    with pytest.raises(Refused, match="free spaces ahead"):
        game.play("green card 3 ahead paddy farm")


def test_a_temple_and_an_inn_without_their_icon_rank_alike_so_the_closer_wins():  # ruling T3
    game = TokaidoGame(Setup(("green", "purple"), "blue", seed=1))
    assert "the Temple" in said(game, "green card 2 ahead temple inn")[0]
    assert "the Inn" in said(game, "purple card 2 ahead inn")[0]


def test_your_panorama_achievement_is_not_hers_too():
    game = TokaidoGame(Setup(("green", "purple"), "blue", seed=1))
    game.play("first paddy")
    for _ in range(3):
        line = said(game, "green card 1 ahead paddy")[0]
    assert line == "Green: 1st space, the Paddy. Give her a Paddy card. +3 → 7."
