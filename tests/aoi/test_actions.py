"""Her actions [L372–523], each with its condition, options, selection and execution, on her things alone."""
from __future__ import annotations

from typing import Optional

import pytest

from companion.games.aoi import Action, Answers, Context, Her, Pending, Support, Turn
from companion.games.aoi.buildings import Pieces
from companion.games.aoi.actions import MOST_ROW
from companion.games.aoi.events import Chosen, Instead, Question, Skipped, WorkshopBuilt
from tests.aoi import table_game

LEVELS = {"banking": 0, "law": 1, "engineering": 0, "medicine": 1}


def her(levels: Optional[dict[str, int]] = None) -> Her:
    return Her(20, dict(levels or LEVELS), Pieces.at_setup())


def turn(answers: list[str], support: Support = Support(), round_number: int = 1, tile: str = "law",
         x: Optional[int] = 2, who: Optional[Her] = None) -> Turn:
    return Turn(who or her(), Context(round_number, support, tile, x, 0), Answers(answers))


def chosen(done: Turn) -> list[tuple[str, int, int, bool]]:
    return [(e.what, e.place, e.options, e.forward) for e in done.events if isinstance(e, Chosen)]


def test_points_are_the_number_shown():
    """[L404] "die im Symbol angezeigte Anzahl an Punkten"."""
    done = turn([])
    done.perform(Action("points", 3))
    assert done.her.score == 23


def test_points_x_are_the_level_card_s_value_for_the_round_or_asked_without_it():
    """[L406] X: the level card's value, by round; B20: owner data, so without a level row the table is asked."""
    done = turn([], x=2)
    done.perform(Action("points"))
    assert done.her.score == 22
    with pytest.raises(Pending) as asked:
        turn([], x=None).perform(Action("points"))
    assert asked.value.question.key == "x"
    done = turn(["x 3"], x=None)
    done.perform(Action("points"))
    assert done.her.score == 23


@pytest.mark.parametrize("round_number, held, takes", [(2, 0, False), (3, 2, True), (6, 0, True), (4, 3, False)])
def test_an_invention_only_in_rounds_3_to_6_with_2_or_fewer_held(round_number, held, takes):
    """[L393] "Es ist Runde 3–6 und Automa hat 2 oder weniger Erfindungen"."""
    who = her()
    who.inventions = held
    done = turn(["inventions 4"], round_number=round_number, who=who)
    assert done.perform(Action("invention")) is takes
    assert done.her.inventions == held + takes


def test_an_invention_is_chosen_by_the_direction_count():
    """[L395]: direction; ← 2 of 5 inventions: the 2nd from the bottom right."""
    done = turn(["inventions 5"], Support(forward=False, count=2), round_number=3)
    done.perform(Action("invention"))
    assert chosen(done) == [("invention", 2, 5, False)]


def test_she_builds_on_the_hex_counted_among_those_left_after_each_method_and_the_table_marks_it_by_the_rule():
    """[L419–430]: 5 empty hexes in range, 2 of the first terrain of row A [L428], both as near yours [L429]; then
    direction: → 3 of 2 wraps to the 1st [L296]. The new workshop is marked when her nearest building is [L434]:
    the table applies the rule (the app keeps no marks, so it asks nothing)."""
    done = turn(["hexes 5", "terrain 2", "nearest 2"], Support(count=3))
    assert done.perform(Action("build")) and done.answers.used == 3
    assert chosen(done) == [("hex", 1, 2, True)] and done.events[-1] == WorkshopBuilt(False)
    assert done.her.pieces.supply["workshop"] == 9 - 3 and done.her.pieces.built["workshop"] == 3


def test_built_from_her_unmarked_buildings_with_shipping_0_the_workshop_is_said_unmarked():
    """B1: with shipping 0, "in Reichweite" is next to one of her unmarked buildings; nothing is nearer than next
    to it, so a marked building is at best as near: "Bei gleicher Entfernung ... markierst du nicht" [L434]. With
    shipping 1 the hex may lie across a river: the table applies the rule."""
    done = Turn(her(), Context(1, Support(group="unmarked"), "law", 2, 0), Answers(["hexes 1"]))
    assert done.perform(Action("build")) and done.events[-1] == WorkshopBuilt(True)
    done = Turn(her(), Context(3, Support(group="unmarked"), "law", 2, 1), Answers(["hexes 1"]))
    assert done.perform(Action("build")) and done.events[-1] == WorkshopBuilt(False)


def test_the_methods_stop_once_one_hex_is_left():
    """[L376] "bis nur noch eine Option übrig bleibt": terrain priority leaves 1 of 4, so nearest yours is not
    asked; with 1 hex in range, no method is."""
    done = turn(["hexes 4", "terrain 1"], Support(count=2))
    assert done.perform(Action("build")) and chosen(done) == [("hex", 1, 1, True)]
    assert done.answers.used == 2
    done = turn(["hexes 1"])
    assert done.perform(Action("build")) and done.answers.used == 1


def test_merge_asks_for_the_path_shorteners_before_terrain_priority():
    """[L422–424]: with the merge symbol, only the hexes that shorten the path between her marked and unmarked
    buildings (B15), before the selection [L426]: 6 in range, 3 shorten, 1 of them of the first terrain."""
    done = turn(["hexes 6", "shorten 3", "terrain 1"], Support(merge=True))
    assert done.perform(Action("build")) and chosen(done) == [("hex", 1, 1, True)]
    with pytest.raises(Pending) as asked:
        turn(["hexes 6"], Support(merge=False)).perform(Action("build"))
    assert asked.value.question.key == "terrain"


def test_with_no_hex_in_range_she_upgrades_instead():
    """[L436] "Kann Automa Umwandeln und Bauen nicht ausführen, führt sie stattdessen ... Aufwerten aus": her two
    first workshops; one is next to yours [L462], so it is the one."""
    done = turn(["hexes 0", "adjacent 1"])
    assert done.perform(Action("build"))
    assert [e for e in done.events if isinstance(e, Instead)] == [Instead("hexes")]
    assert done.her.pieces.built == {"workshop": 1, "guild": 1, "school": 0, "university": 0, "palace": 0}


def test_with_no_workshop_in_her_supply_she_upgrades_instead():
    """[L418] "mind. 1 Werkstatt im Vorrat. Sonst ... Ein Gebäude aufwerten": neither workshop is next to yours, so
    both stay [L462], and both give you no power, the least (B13): no more is asked."""
    who = her()
    who.pieces.supply["workshop"] = 0
    done = turn(["adjacent 0"], who=who)
    done.perform(Action("build"))
    assert done.events[0] == Instead("workshop") and done.her.pieces.built["guild"] == 1
    assert chosen(done) == [("building", 1, 2, True)]


def test_an_upgrade_takes_a_guild_to_her_palace_first_then_to_schools():
    """[L465–466] "eine Gilde also zuerst zu ihrem Palast ..., alle weiteren dann zu Schulen" (B13); the guild
    goes back to her supply. No workshop of hers to upgrade: "Andernfalls alle" [L462], so only least power is
    asked."""
    who = her()
    who.pieces = Pieces({"workshop": 7, "guild": 2, "school": 3, "university": 1, "palace": 1, "scholar": 7},
                        {"workshop": 0, "guild": 2, "school": 0, "university": 0, "palace": 0})
    first = turn(["least 1"], who=who)
    first.perform(Action("upgrade"))
    assert first.her.pieces.built["palace"] == 1 and first.her.pieces.supply["guild"] == 3
    second = turn([], who=first.her)  # one guild left: no count needed
    second.perform(Action("upgrade"))
    assert second.her.pieces.built == {"workshop": 0, "guild": 0, "school": 1, "university": 0, "palace": 1}


def test_the_table_names_the_type_when_she_can_upgrade_more_than_one():
    """[L462] "Andernfalls alle Gebäude, die Automa aufwerten kann": no workshop next to yours, so her 2 workshops
    and her school stay; her workshops give you no power (B13), the least [L463], and so does her school, with none
    of yours next to it: 3 left. The one counted is her school (to her university)."""
    who = her()
    who.pieces = Pieces({"workshop": 7, "guild": 4, "school": 2, "university": 1, "palace": 0, "scholar": 7},
                        {"workshop": 2, "guild": 0, "school": 1, "university": 0, "palace": 1})
    done = turn(["adjacent 0", "apart 1", "type school"], who=who)
    done.perform(Action("upgrade"))
    assert chosen(done) == [("building", 1, 3, True)]
    assert done.her.pieces.built["university"] == 1 and done.her.pieces.built["school"] == 0


def test_with_none_of_hers_next_to_yours_the_least_power_keeps_her_workshops():
    """[L462–463] with B13: a workshop with none of your buildings next to it gives you no power. Her school has
    one of yours next to it, so only her 2 workshops stay and the type is not asked."""
    who = her()
    who.pieces = Pieces({"workshop": 7, "guild": 4, "school": 2, "university": 1, "palace": 0, "scholar": 7},
                        {"workshop": 2, "guild": 0, "school": 1, "university": 0, "palace": 1})
    done = turn(["adjacent 0", "apart 0"], who=who)
    done.perform(Action("upgrade"))
    assert chosen(done) == [("building", 1, 2, True)] and done.her.pieces.built["guild"] == 1
    assert done.answers.used == 2


def test_her_workshops_next_to_yours_are_upgraded_without_asking_the_type():
    """[L462]: "Automa-Werkstätten direkt benachbart zu einem deiner Gebäude": 2 of them, so the one chosen is a
    workshop (to a guild) and the type is not asked; least power keeps 1 [L463]."""
    who = her()
    who.pieces = Pieces({"workshop": 7, "guild": 4, "school": 2, "university": 1, "palace": 0, "scholar": 7},
                        {"workshop": 2, "guild": 0, "school": 1, "university": 0, "palace": 1})
    done = turn(["adjacent 2", "least 1"], who=who)
    done.perform(Action("upgrade"))
    assert done.her.pieces.built["guild"] == 1 and done.her.pieces.built["school"] == 1 and done.answers.used == 2


def test_she_upgrades_nothing_when_nothing_can_be_upgraded():
    """[L459] the condition "Automa kann ein Gebäude aufwerten"."""
    who = her()
    who.pieces.supply["guild"] = 0
    done = turn([], who=who)
    assert not done.perform(Action("upgrade"))
    assert done.events == [Skipped("upgrade", "none")]


def test_cover_puts_an_x_on_a_power_action_then_a_book_action():
    """[L474–480]: each by direction; B12: the book part runs though no power action is left."""
    done = turn(["power 0", "book 3"], Support(forward=False, count=4))
    assert done.perform(Action("cover"))
    assert chosen(done) == [("book", 1, 3, False)]  # ← 4 of 3: the rightmost
    assert done.events[0] == Skipped("power", "none")


def test_a_row_told_covered_is_not_asked_again_that_round():
    """[L474–480] with B12: X markers (and your action tokens) stay until the round's end, so the uncovered actions
    only grow fewer in a round. Told 1 power action and 2 book actions, she covers one of each: the next cover
    that round finds no power action without asking, and at most 1 book action."""
    first = turn(["power 1", "book 2"])
    first.perform(Action("cover"))
    with pytest.raises(Pending) as asked:
        turn([], who=first.her).perform(Action("cover"))
    assert (asked.value.question.key, asked.value.question.most) == ("book", 1)
    again = turn(["book 1"], who=first.her)
    assert again.perform(Action("cover")) and again.answers.used == 1
    assert again.events[0] == Skipped("power", "none") and chosen(again) == [("book", 1, 1, True)]


def test_the_rows_are_asked_again_in_the_next_round():
    """B12: the X markers clear at the round's end. Round 1: card 5 (cover) finds both rows covered; round 2's card
    5 asks again. Round 1 by hand: 4 | 5 (cover; points 1) | 1 (upgrade) | 6 (step) | 3, the 5th of 6: turned, with
    the pass icon [L332]."""
    game = table_game()
    for line in ("tile 3 law", "next card 4", "card 5", "power 0", "book 0", "next card 1", "adjacent 1",
                 "next card 6", "gap banking", "next card 3", "passed", "tile 2 law", "next card 2", "card 5"):
        game.play(line)
    assert game.round == 2 and game.question() == Question("power", 0, MOST_ROW)


def test_a_scholar_space_told_is_the_most_asked_after():
    """[L505–506] "das freie Feld mit der höchsten Zahl", "kein freies Feld mehr": her scholars stay on their
    spaces, so a discipline's highest free space never grows. Medicine's told 3, then 0: the third scholar there
    is not asked and she rises 1 without one."""
    first = turn(["space 3"], Support(scholar="tile"), tile="medicine")
    first.perform(Action("scholar"))
    with pytest.raises(Pending) as asked:
        turn([], Support(scholar="tile"), tile="medicine", who=first.her).perform(Action("scholar"))
    assert asked.value.question == Question("space", 0, 3, ("medicine",))
    second = turn(["space 0"], Support(scholar="tile"), tile="medicine", who=first.her)
    second.perform(Action("scholar"))
    third = turn([], Support(scholar="tile"), tile="medicine", who=second.her)
    third.perform(Action("scholar"))
    assert third.her.levels["medicine"] == 1 + 3 + 1 + 1 and third.her.pieces.supply["scholar"] == 6


def test_a_scholar_rises_in_the_tile_s_discipline_by_the_highest_free_space():
    """[L494, L505]: the tile's Automa-symbol colour; a scholar on the highest free number, rising that many. B17:
    the space's number is asked (your scholars take spaces too)."""
    done = turn(["space 3"], Support(scholar="tile"), tile="medicine")
    done.perform(Action("scholar"))
    assert done.her.levels["medicine"] == 4 and done.her.pieces.supply["scholar"] == 6


def test_a_scholar_catches_up_when_the_tile_s_discipline_is_at_12():
    """[L494] "Ist dies keine mögliche Option, versucht Automa aufzuholen"; I: the one at 0 [L496] — banking and
    engineering both, so II: the smallest gap to yours (B16), which the table names: banking."""
    done = turn(["gap banking", "space 2"], Support(scholar="tile"), tile="law",
                who=her({"banking": 0, "law": 12, "engineering": 0, "medicine": 3}))
    done.perform(Action("scholar"))
    assert done.her.levels["banking"] == 2


def test_without_a_scholar_or_a_free_space_she_rises_one():
    """[L506]: no scholar left, or no free space: 1 up, no scholar."""
    done = turn(["space 0"], Support(scholar="tile"), tile="law")
    done.perform(Action("scholar"))
    assert done.her.levels["law"] == 2 and done.her.pieces.supply["scholar"] == 7
    who = her()
    who.pieces.supply["scholar"] = 0
    done = turn([], Support(scholar="tile"), tile="law", who=who)
    done.perform(Action("scholar"))
    assert done.her.levels["law"] == 2


def test_a_step_catches_up_at_0_then_by_direction():
    """[L518–523]: a. the one at 0 (only engineering here), +1, no scholar."""
    done = turn([], who=her({"banking": 2, "law": 1, "engineering": 0, "medicine": 1}))
    done.perform(Action("step"))
    assert done.her.levels["engineering"] == 1


def test_a_step_with_no_marker_at_0_takes_the_ties_in_one_answer_then_counts_among_them():
    """[L518–522]: none at 0, so all four stay (B4); b. banking and law tie for the smallest gap to yours, told in
    one answer; c. → 2 among banking and law counts to law."""
    done = turn(["gap banking law"], Support(count=2), who=her({"banking": 2, "law": 1, "engineering": 2,
                                                                "medicine": 2}))
    done.perform(Action("step"))
    assert done.her.levels["law"] == 2 and done.answers.used == 1


def test_she_stops_at_12_and_rises_no_more():
    """B5: "ohne Markierungsstein auf Stufe 12" is her own marker; she stops at 12."""
    done = turn(["space 3"], Support(scholar="tile"), tile="law", who=her({"banking": 12, "law": 11,
                                                                            "engineering": 12, "medicine": 12}))
    done.perform(Action("scholar"))
    assert done.her.levels["law"] == 12
    done = turn([], who=her({d: 12 for d in LEVELS}))
    assert not done.perform(Action("step"))


def test_the_community_action_does_all_her_community_card_s_actions_in_reading_order():
    """[L383–385]: all, one after the other; a community build uses her card's methods first [L376, L427]."""
    done = turn(["hexes 1"], who=her({"banking": 2, "law": 1, "engineering": 0, "medicine": 1}))
    assert done.perform(Action("community"), (Action("build"), Action("step"), Action("points", 2)))
    assert done.her.pieces.built["workshop"] == 3 and done.her.levels["engineering"] == 1 and done.her.score == 22


def test_the_support_card_s_symbols_serve_only_the_actions_that_use_them():
    """B19: the pins are reminders; points use no support symbol, so a support card full of symbols asks nothing."""
    done = turn([], Support(group="unmarked", merge=True, row="b", forward=False, count=4, scholar="catchup",
                            bonus="right"))
    assert done.perform(Action("points", 2)) and done.her.score == 22 and done.answers.used == 0
