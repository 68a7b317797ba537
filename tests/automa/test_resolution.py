from companion.games.automata.automa import Automa
from companion.games.automata.automa.deck import SupportHalf
from companion.games.automata.automa.resolution import direction_select
from companion.games.automata.rules import CardAdjust, Combine, Place, legal_actions

from .helpers import blue_deploys, with_pair

COLOURS = ("head", "arm", "leg", "torso", "master_plan")


def _support(steps: int, direction: str) -> SupportHalf:
    return SupportHalf("none", COLOURS, False, steps, direction)


def test_direction_selection_counts_in_reading_order_and_wraps():
    options = ["a", "b", "c"]
    assert direction_select(options, _support(1, "right")) == "a"
    assert direction_select(options, _support(2, "right")) == "b"
    assert direction_select(options, _support(4, "right")) == "a"  # wrapped around
    assert direction_select(options, _support(1, "left")) == "c"
    assert direction_select(options, _support(3, "left")) == "a"


def test_a_blind_card_puts_its_die_on_its_first_area():
    state = blue_deploys([("d4", 1), ("d6", 4)], gears=0)
    low = with_pair(Automa(1, "blue", 0), "RU1", "RU1").decide(state)  # scavenge, low die
    assert low.action == Place("blue", ("d4", 1), "scavenge") and low.rule == "place.blind"
    high = with_pair(Automa(1, "blue", 0), "RU6", "RU1").decide(state)  # scavenge, high die
    assert high.action == Place("blue", ("d6", 4), "scavenge")


def test_a_plan_skips_areas_whose_condition_fails():
    # no gears: nothing to pay an upgrade with, so the cog card's Upgrade-first plan moves on
    state = blue_deploys([("d4", 2), ("d6", 3)], gears=0)
    decision = with_pair(Automa(3, "blue", 0), "CO6", "CO1").decide(state)  # upgrade > scavenge > ...
    assert decision.rule == "place.plan.scavenge"


def test_an_arm_card_is_used_before_paying_gears():
    state = blue_deploys([("d6", 5)], gears=3, cards=["A1"])
    decision = with_pair(Automa(6, "blue", 0), "BR1", "BR1").decide(state)  # research; nudge
    assert isinstance(decision.action, CardAdjust) and decision.rule == "modify.card_adjust"
    assert decision.action.changes == ((("d6", 5), 1),)
    assert decision.instruction == "Blue Automa: card A1: D6 5 to 6"


def test_combine_adds_the_smallest_die_that_reaches_the_step():
    state = blue_deploys([("d4", 1), ("d4", 3), ("d6", 5)], gears=0)
    decision = with_pair(Automa(6, "blue", 0), "BR3", "BR3").decide(state)  # research, high; combine
    assert decision.rule == "modify.combine"
    assert decision.action == Combine("blue", ("d6", 5), 1, ("d4", 1))
    assert decision.action in legal_actions(state)
