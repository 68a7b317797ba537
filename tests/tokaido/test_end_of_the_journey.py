"""The Tokaido Automa made whole against its rulebook (seed 001) and issue 46: the End of the Journey
"handled as normal" (the base game's rules, which the seeds lack, as issue 46 states them), the
people's Temple donations asked, the Preparations and Journey of Initiation variants, the shuffle at
intermediate Inns only, and every prompt in full."""
from __future__ import annotations

from dataclasses import replace

from companion.games.tokaido import Setup, TokaidoGame
from tests.line_games.helpers import converse
from tests.tokaido.test_game import ON_ROAD
from tests.tokaido import said, said_at_setup

ROADLESS = Setup(("green", "purple"), "blue", seed=1)


def test_each_end_achievement_is_worth_3_points_to_every_traveler_tied_for_it():
    """Issue 46: each of the four end achievements is worth 3 points (not 10, ruling T6 as it stood), and
    every Traveler tied for one scores it. Seed 001: "Each Souvenir card an Automa has counts as 2"."""
    game = TokaidoGame(ROADLESS)
    game.play("green card 1 ahead shop")        # green: 1 + 1 = 2
    game.play("green card 1 ahead shop")        # green: 2 Souvenirs, + 2 = 4; for the Collector they count 4
    game.play("purple card 1 ahead hot-spring")  # purple: 1 + 1 = 2
    lines = said(game, "end 4 0 1 0 0")          # you: 4 Souvenirs, no Encounter, 1 Hot Spring, no Meal, no coin
    assert lines[:4] == ["Gourmet: nobody.", "Collector: you, Green.", "Chatterbox: nobody.", "Bather: you, Purple."]
    assert game.scores() == {"green": 4 + 3, "purple": 2 + 3}


def test_the_temple_donors_are_ranked_10_7_4():
    """Issue 46: at the End of the Journey the greatest donor to the Temple scores 10 points, the second 7,
    the third 4. Seed 001: at a Temple she places 2 coins on her Temple area and scores 2 points."""
    game = TokaidoGame(ROADLESS)
    for _ in range(3):
        game.play("green card 1 temple ahead temple")  # green: 1 + 3 × 2 = 7, 6 coins given
    game.play("purple card 1 temple ahead temple")      # purple: 1 + 2 = 3, 2 coins given
    lines = said(game, "end 0 0 0 0 4")                  # you gave 4 coins
    assert lines[4] == "Temple: Green (6 coins) +10, you (4 coins) +7, Purple (2 coins) +4."
    assert game.scores() == {"green": 7 + 10, "purple": 3 + 4}


def test_donors_who_gave_the_same_share_their_rank_and_the_next_gift_takes_the_next_rank():
    """Issue 46: "tied donors each scoring the rank they share"; as in the base game's example, the donor
    after two tied greatest donors is the second greatest (ruling T11)."""
    game = TokaidoGame(ROADLESS)
    for _ in range(3):
        game.play("green card 1 temple ahead temple")  # 6 coins, 7 points
    game.play("purple card 1 temple ahead temple")      # 2 coins, 3 points
    lines = said(game, "end 0 0 0 0 6")                  # you gave 6 too
    assert lines[4] == "Temple: you (6 coins) +10, Green (6 coins) +10, Purple (2 coins) +7."
    assert game.scores() == {"green": 7 + 10, "purple": 3 + 7}


def test_every_other_donor_scores_2_and_who_gave_nothing_scores_nothing():
    """Issue 46: the greatest donor 10, the second 7, the third 4, every other donor 2."""
    from companion.games.tokaido.tally import temple_points

    assert temple_points({"a": 5, "b": 3, "c": 3, "d": 2, "e": 1, "f": 0}) == {"a": 10, "b": 7, "c": 7, "d": 4, "e": 2}
    assert temple_points({"you": 0, "green": 0}) == {}


def test_the_table_is_asked_for_your_temple_donations():
    """Issue 46: the table is asked for the people's donations, with the other end counts."""
    game = TokaidoGame(ON_ROAD)
    game.positions = {t: ON_ROAD.road.end for t in ON_ROAD.travelers}
    game.fed = [ON_ROAD.road.end]
    assert game.prompt() == "your end counts: end SOUVENIRS ENCOUNTERS HOT-SPRINGS MEAL-PRICES TEMPLE-COINS"


def test_with_the_preparations_she_scores_3_points_for_each_additional_coin():
    """Seed 001, "Variations": "Preparations: For each additional coin an Automa would have received during
    setup, she instead scores 3 points." With 2 additional coins: 1 (her coin) + 2 × 3 = 7."""
    game = TokaidoGame(replace(ROADLESS, preparations=2))
    assert said_at_setup(game)[0] == "Green: her colour token and 1 coin. +1, Preparations +6 → 7."
    assert game.scores() == {"green": 7, "purple": 7}
    both = TokaidoGame(replace(ROADLESS, preparations=2, crossroads=True))
    assert "Green: her colour token and 1 coin. +1, Crossroads +5, Preparations +6 → 12." in said_at_setup(both)


def test_the_journey_of_initiation_gives_you_5_points_and_the_automas_none():
    """Seed 001, "Variations": "Journey of Initiation: You begin the game with 5 points.\""""
    game = TokaidoGame(replace(ROADLESS, initiation=True))
    assert said_at_setup(game)[0] == "Journey of Initiation: you begin the game with 5 points."
    assert game.scores() == {"green": 1, "purple": 1}


def test_the_variants_are_kept_with_the_game_and_given_on_the_command_line(tmp_path):
    setup = replace(ROADLESS, initiation=True, preparations=3)
    assert Setup.from_json(setup.to_json()) == setup
    lines = converse(["--game", "tokaido", "--db", str(tmp_path / "g.db"), "--new", "--automas", "green,purple",
                      "--initiation", "--preparations", "3"], lambda asked, said: None)
    assert "say Journey of Initiation: you begin the game with 5 points." in lines
    assert "say Green: her colour token and 1 coin. +1, Preparations +9 → 10." in lines


def test_without_a_road_the_meals_say_to_shuffle_at_the_intermediate_inns_only():
    """Seed 001, "Inns": "At intermediate Inns, shuffle all Automa cards to form a new deck." The board
    has three intermediate Inns, so the fourth Meals told are Edo's."""
    game = TokaidoGame(ROADLESS)
    shuffles = [said(game, "meals 1 2 3 1 order green purple you")[0] for _ in range(4)]
    assert shuffles[:3] == ["Shuffle all Automa cards into a new deck."] * 3
    assert shuffles[3] == "Green: Meal 1 (price 1), free. +6 → 25."  # 1 + 3 Meals × 6 + 6: no shuffle at Edo


def test_without_a_road_the_prompt_names_every_line_the_table_may_type():
    """Issue 46: what the table must type next is shown in full at every prompt, not only after a refusal."""
    prompt = TokaidoGame(ROADLESS).prompt()
    assert prompt.startswith("green|purple card RANGE [temple|inn] ahead SPACE... ")
    for words in ("shop, farm, paddy, mountain, sea, hot-spring, encounter, temple, inn",
                  "meals P P P P order FIRST SECOND THIRD [took N|took none]", "you, green, purple",
                  "end SOUVENIRS ENCOUNTERS HOT-SPRINGS MEAL-PRICES TEMPLE-COINS", "first paddy|mountain|sea"):
        assert words in prompt


def test_with_a_road_the_prompt_names_the_free_spaces_and_your_pick_when_it_is_needed():
    game = TokaidoGame(ON_ROAD)
    assert game.prompt() == "your move: go N (the Nth free space ahead, 1 to 7)"  # the invented road's first stretch
    game.play("go 7")  # straight to the first Inn, before both Automas
    while game.waiting_for() != "meals":
        game.play("card 1")
    assert game.prompt() == ("the 4 Meal prices in the order drawn: meals P P P P took N|took none "
                             "(the Meal you bought)")
