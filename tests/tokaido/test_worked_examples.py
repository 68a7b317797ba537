"""The seed's worked outcomes (Tokaido Automa rulebook, pp. 2-4). The collection diagram is lost;
the one the text implies is rebuilt: Sea 4, Paddy 1, coins 3 and one more type at 1."""
from __future__ import annotations

import pytest

from companion.games.tokaido import AutomaCard, Collection, Setup, TokaidoGame, assign_meals, choose
from tests.tokaido import said_at_setup


def green() -> Collection:
    return Collection("green", {"sea": 4, "paddy": 1, "coin": 3, "hot-spring": 1}, score=20)


def stop(ahead, card):
    her = green()
    index = choose(ahead, card, her)
    space = ahead[index]
    if space == "temple":
        points = her.visit_temple()
    else:
        points, _ = her.receive(space, set())
    return index, space, points, her


def test_the_sea_panorama_ranks_highest_and_scores_5_plus_its_achievement():
    index, space, points, her = stop(["paddy", "temple", "sea"], AutomaCard(3))
    assert (index, space, points) == (2, "sea", 8)
    assert her.achievements == ["sea"] and her.count("sea") == 5


def test_two_spaces_of_rank_1_within_range_go_to_the_closest_the_paddy():
    index, space, points, her = stop(["paddy", "hot-spring", "sea"], AutomaCard(2))
    assert (index, space, points) == (0, "paddy", 2)


def test_range_1_reaches_only_the_next_empty_space():
    assert stop(["paddy", "sea", "sea"], AutomaCard(1))[:3] == (0, "paddy", 2)


def test_a_temple_icon_puts_the_temple_above_all_and_gives_2_coins_on_her_temple_area():
    index, space, points, her = stop(["sea", "temple", "farm"], AutomaCard(3, "temple"))
    assert (space, points, her.temple_coins) == ("temple", 2, 2)
    assert her.count("coin") == 3  # Temple coins are not items (ruling T4)


def test_without_the_icon_the_temple_ranks_below_the_farm_which_scores_her_4_coins():
    index, space, points, her = stop(["temple", "farm"], AutomaCard(2))
    assert (index, space, points, her.count("coin")) == (1, "farm", 4, 4)


def test_the_only_space_within_range_is_taken_even_a_temple():
    assert stop(["temple", "sea"], AutomaCard(1))[1:3] == ("temple", 2)


def test_the_farm_difficulty_card_gives_1_coin_and_2_points_after_the_setup_coin():
    for seed in range(200):
        game = TokaidoGame(Setup(("green", "purple"), "blue", level=5, seed=seed))
        if game.collections["green"].count("coin") == 2:
            break
    else:
        pytest.fail("no seed dealt green the Farm card")
    assert game.collections["green"].score == 3
    assert "Farm Difficulty Level card. Give her 1 coin. +2 → 3." in " ".join(said_at_setup(game))


def test_meals_cheapest_first_drawn_on_ties_in_order_of_arrival():
    # Meals 3, 1, 2, 1; you arrive last: the first Automa takes the 2nd, the second the 4th.
    assert assign_meals([3, 1, 2, 1], ["green", "purple", "you"]) == {"green": 1, "purple": 3}


def test_a_meal_you_bought_before_her_is_not_hers():
    assert assign_meals([3, 1, 2, 1], ["you", "green", "purple"], your_pick=1) == {"green": 3, "purple": 2}
