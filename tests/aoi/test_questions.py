"""What the table is asked, as it reads it: each map choice walks through the seed's methods in order (B1, B3,
B14, B15) and the setup says what she has (B11)."""
from __future__ import annotations

import pytest

from companion.games.aoi import Action, Answers, Context, Her, Pending, Support, Turn, wording
from companion.games.aoi.buildings import Pieces
from companion.games.aoi.cards import Card
from tests.aoi import fixture_cards, table_game

LAKE_FIRST = ("lake", "plains", "swamp", "forest", "mountains", "wasteland", "desert")


def asked(action: Action, support: Support, answers: list[str], shipping: int = 1, community: str = "") -> str:
    turn = Turn(Her(20, {"banking": 0, "law": 1, "engineering": 0, "medicine": 1}, Pieces.at_setup()),
                Context(3, support, "law", 2, shipping, LAKE_FIRST, community), Answers(answers))
    with pytest.raises(Pending) as pending:
        turn.perform(action, (Action("build"),))
    return wording.ask(pending.value.question, Card(1, (action,), support, False))


def test_in_range_is_the_base_game_s_reach_with_her_shipping_for_the_round():
    """B1: adjacent, or across rivers up to her shipping value (Automa level, round 3: 1 [L250])."""
    assert "in range of her marked buildings (adjacent, or across rivers up to shipping 1)" in \
        asked(Action("build"), Support(), [])


def keys_asked(action: Action, support: Support, community: str = "") -> list[str]:
    """The questions of a map choice in the order asked, each count answered 2 (so no method stops early)."""
    answers: list[str] = []
    while True:
        turn = Turn(Her(20, {"banking": 0, "law": 1, "engineering": 0, "medicine": 1}, Pieces.at_setup()),
                    Context(3, support, "law", 2, 1, LAKE_FIRST, community), Answers(list(answers)))
        try:
            turn.perform(action, (Action("build"),))
        except Pending as pending:
            key = pending.question.key
            answers.append(f"{key} 2")
            continue
        return [a.split()[0] for a in answers]


def test_a_build_asks_a_count_for_each_of_the_seed_s_methods_in_order():
    """[L419–430]: the options in range, merge's path-shorteners (with the merge symbol), her community card's
    methods first (a community build, [L376]), terrain priority, nearest yours; then the direction count names the
    hex; the table marks it by the rule [L434]."""
    community = keys_asked(Action("community"), Support(merge=True), community="the hex nearest a lake")
    assert community == ["hexes", "shorten", "selected", "terrain", "nearest"]
    assert keys_asked(Action("build"), Support()) == ["hexes", "terrain", "nearest"]


def test_an_upgrade_asks_a_count_for_each_of_the_seed_s_methods_in_order():
    """[L461–464]: her workshops next to yours (none: all she can upgrade), then the least power to you; then
    direction. Her workshops next to yours kept, the type is known and not asked."""
    assert keys_asked(Action("upgrade"), Support()) == ["adjacent", "least"]


def test_terrain_priority_keeps_every_hex_of_the_first_terrain_of_the_support_card_s_row():
    """[L281–283] "Die erste Übereinstimmung bestimmt das Feld"; B3: all hexes of that terrain stay."""
    text = asked(Action("build"), Support(row="a"), ["hexes 4"])
    assert text.startswith("Terrain priority: the first terrain of row A (lake, plains, swamp, forest, mountains, "
                           "wasteland, desert) found among them; keep all of it. How many of the 4 are left?")


def test_merge_keeps_the_hexes_nearer_the_other_group_than_the_gap_now_or_all():
    """[L424] and B15; "Gibt es keine solchen Felder, gelten alle" (B4)."""
    assert asked(Action("build"), Support(merge=True), ["hexes 4"]).startswith(
        "Merge: if no marked building of hers is yet in range of an unmarked one, keep those that bring her marked "
        "and unmarked buildings nearer than the shortest path between them now. Already in range, or none does: "
        "all 4. How many of the 4 are left?")
    assert "Merge" not in asked(Action("build"), Support(merge=False), ["hexes 4"])


def test_a_community_build_applies_her_community_card_s_methods_first():
    """[L376, L427]: the community card's selection first, then terrain priority."""
    text = asked(Action("community"), Support(), ["hexes 4"], community="the hex nearest a lake")
    assert text.startswith("Her community card's selection (the hex nearest a lake). How many of the 4 are left?")


def test_nearest_yours_is_asked_after_terrain_and_the_mark_ignores_the_new_workshop():
    """[L429] then direction [L430]; B14: the mark rule does not count the new workshop, a tie: unmarked [L434]."""
    text = asked(Action("build"), Support(forward=False, count=2), ["hexes 4", "terrain 3"])
    assert text == ("Keep those nearest your buildings (the fewest hexes, not through yours). How many of the 3 are "
                    "left? The app counts 2 from the bottom right, backwards. nearest N")
    done = Turn(Her(20, {"banking": 0, "law": 1, "engineering": 0, "medicine": 1}, Pieces.at_setup()),
                Context(3, Support(), "law", 2, 1, LAKE_FIRST), Answers(["hexes 4", "terrain 3", "nearest 1"]))
    done.perform(Action("build"))
    assert wording.line(done.events[-1]) == ("A power chip on it if her building nearest it (not counting it) is "
                                             "marked; as near a marked as an unmarked one: no chip.")


def test_the_setup_lays_out_palace_tile_17_as_a_line_only():
    """[L144–147] and B11: palace tile 17 beside the board; she has no palace ability [L129]."""
    lines = [wording.line(e) for e in table_game().setup_events()]
    assert any("palace tile 17 (red back)" in line and "she has no palace ability" in line for line in lines)
    assert lines[0].startswith("Automa: her deck of 6 cards, a reserve of 8.")


def test_the_fixture_card_file_is_a_fixture():
    """The seed gives no card contents: the tests' file says it is invented."""
    from tests.aoi import FIXTURE
    assert "FIXTURE" in FIXTURE.read_text().splitlines()[0] and len(fixture_cards().cards) == 14
