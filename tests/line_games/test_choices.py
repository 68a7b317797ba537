"""What the table is asked, part by part, in the lines the touchscreen builds: Tokaido without a road
model (the Automa, her card, the spaces ahead; the order of arrival at an Inn), the Panoramas, and
Euphoria's construction sites, retrieved dice, Bazaar icon and what is told between turns."""
from __future__ import annotations

from typing import Optional


from companion.games.euphoria import EuphoriaGame, Setup as EuphoriaSetup
from companion.games.euphoria.table.choices import next_step as euphoria_step
from companion.games.tokaido import Setup as TokaidoSetup, TokaidoGame
from companion.games.tokaido.table.choices import next_step as tokaido_step
from companion.line_games.choices import Step, line_of
from tests.tokaido.boards import INVENTED_ROAD
from tests.tokaido import said

ROADLESS = TokaidoSetup(("green", "purple"), "blue", 4, 1)
STEPS = {TokaidoGame: tokaido_step, EuphoriaGame: euphoria_step}  # each game's own questions


def next_step(game, parts: list[str]) -> Optional[Step]:
    return STEPS[type(game)](game, parts)


def parts_of(texts: list[str], game) -> list[str]:
    """The parts the buttons showing ``texts`` add, tapped one after the other."""
    parts: list[str] = []
    for text in texts:
        step = next_step(game, parts)
        assert step is not None, f"the line {line_of(parts)!r} is complete before {text!r}"
        parts.append(next(c.part for c in step.choices + step.also if c.text == text))
    return parts


def test_without_a_road_the_automa_her_card_and_the_free_spaces_ahead_make_her_line():
    game = TokaidoGame(ROADLESS)
    first = next_step(game, [])
    assert [c.text for c in first.choices] == ["Green's card", "Purple's card", "Meals at an Inn", "End of the journey"]
    parts = parts_of(["Green's card", "2 Temple", "Paddy"], game)
    assert next_step(game, parts).question == "The second free space ahead of her"
    parts = parts_of(["Green's card", "2 Temple", "Paddy", "Temple"], game)
    assert next_step(game, parts) is None  # her range is 2: two spaces told
    line = line_of(parts)
    assert line == "green card 2 temple ahead paddy temple"
    assert said(game, line)[0].startswith("Green: 2nd space, the Temple")


def test_the_way_ahead_ends_at_an_inn_whatever_her_range():
    game = TokaidoGame(ROADLESS)
    parts = parts_of(["Purple's card", "3", "Inn"], game)
    assert next_step(game, parts) is None and line_of(parts) == "purple card 3 ahead inn"


def test_at_an_inn_without_a_road_the_order_of_arrival_then_your_pick_only_when_you_came_before_an_automa():
    game = TokaidoGame(ROADLESS)
    prices = ["3", "1", "2", "1"]
    parts = parts_of(["Meals at an Inn"] + prices + ["Green"], game)
    step = next_step(game, parts)
    assert step.question == "Who arrived second at the Inn?"
    assert [c.text for c in step.choices] == ["You", "Purple"]  # green is named already
    last = parts_of(["Meals at an Inn"] + prices + ["Green", "Purple", "You"], game)
    assert next_step(game, last) is None
    before = parts_of(["Meals at an Inn"] + prices + ["You", "Green", "Purple"], game)
    assert next_step(game, before).question == "You arrived before an Automa: which Meal did you buy?"
    assert line_of(parts_of(["Meals at an Inn"] + prices + ["You", "Green", "Purple", "None"], game)) \
        == "meals 3 1 2 1 order you green purple took none"


def test_a_panorama_completed_first_is_told_in_one_tap_and_is_not_offered_again():
    game = TokaidoGame(TokaidoSetup(("green", "purple"), "blue", 4, 1, INVENTED_ROAD, ("blue", "green", "purple")))
    step = next_step(game, [])
    assert step.also_label == "Your Panorama, first:"
    sea = next(c for c in step.also if c.text == "Sea")
    assert sea.ends and sea.part == "first sea"
    game.play("first sea")
    assert [c.text for c in next_step(game, []).also] == ["Paddy", "Mountain"]


def test_the_end_counts_are_asked_one_after_the_other():
    game = TokaidoGame(ROADLESS)
    parts = parts_of(["End of the journey", "4", "2", "3"], game)
    assert next_step(game, parts).question == "The journey is over. Your Meal prices (their sum)"
    parts += ["9"]
    assert next_step(game, parts).question == "The journey is over. Your coins given to the Temple"
    parts += ["5"]
    assert next_step(game, parts) is None and line_of(parts) == "end 4 2 3 9 5"


def euphoria(**setup) -> EuphoriaGame:
    game = EuphoriaGame(EuphoriaSetup(recruits=("icarus", "subterra"), **setup))
    game.play("workers 3 5 1 6 2 2 4 5")
    return game


def test_a_new_card_without_a_deck_asks_for_the_bazaar_icon_only_with_the_bazaar():
    faces = ["support commodity", "artifact", "icarus", "own"]
    assert next_step(euphoria(), faces).question == "Does the left half show a ▲?"
    assert next_step(euphoria(), ["support commodity", "artifact", "icarus", "own", ""]) is None
    with_bazaar = euphoria(bazaar=True)
    step = next_step(with_bazaar, ["support commodity", "artifact", "icarus", "own", ""])
    assert step.question == "The Bazaar icon" and [c.part for c in step.choices] == ["", "bazaar-1", "bazaar-2", "bazaar-3"]


def test_without_a_deck_what_the_people_did_is_told_before_the_new_card():
    game = euphoria()
    step = next_step(game, [])
    assert step.question == "Black's action (right half)" and step.also_label == "Between turns:"
    built = parts_of(["Market built", "Top Euphorian"], game)
    assert next_step(game, built) is None and line_of(built) == "built euphoria-top"
    assert game.play(line_of(built)) is not None and game.table.board.is_built("euphoria-top")
    bump = parts_of(["Worker bumped", "White", "5"], game)
    assert next_step(game, bump).question == "The bumped worker rolled"
    assert line_of(parts_of(["Worker bumped", "White", "5", "3"], game)) == "bump white 5 3"


def test_a_persons_win_is_told_between_turns_by_who_won():
    """Issue 46: a person's win ends the game; with two people the app asks which of them."""
    game = euphoria(people=2)
    step = next_step(game, parts_of(["A person won"], game))
    assert step.question == "Who placed their last authority token?"
    assert [c.text for c in step.choices] == ["Person 1", "Person 2"]
    won = parts_of(["A person won", "Person 2"], game)
    assert next_step(game, won) is None and line_of(won) == "won 2"
    game.play(line_of(won))
    assert next_step(game, []) is None  # the game is over: nothing more is asked


def test_construction_sites_none_at_once_or_each_market_then_done():
    game = euphoria()
    for line in ("support construct commodity own icarus", "card construct construct own subterra"):
        game.play(line)
    assert game.waiting_for() == "sites"
    first = next_step(game, [])
    none = first.choices[0]
    assert (none.text, none.part, none.ends) == ("None", "sites none", True)
    market = first.choices[1]
    step = next_step(game, [market.part])
    assert step.choices[0].text == "Done" and step.choices[0].ends
    assert market.part.split()[-1] not in [c.part for c in step.choices]  # named once
    assert line_of([market.part, step.choices[0].part]) == market.part
