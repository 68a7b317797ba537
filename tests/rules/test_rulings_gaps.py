"""The rulings R26–R29 (rules gaps found by playing the rules through), played through the engine."""
import random

import pytest

from companion.games.automata.rules import (
    DIE_INDEX, CardAdjust, Deal, IllegalAction, Order, Sell, apply_action, legal_actions, new_game, sample_chance,
    score_seat,
)

from .builders import activation_state, deployment_state, dice


@pytest.mark.parametrize("gears,vp", [(0, 0), (2, 0), (3, 1), (7, 2), (8, 2), (9, 3)])
def test_r26_torso_4_counts_whole_groups_of_three_gears(gears, vp):
    state = activation_state(["red", "blue"], {}, gears={"red": gears})
    state.seats[0].cards = ["T4"]
    assert dict(score_seat(state, 0).card_points) == {"T4": vp}


def with_a4(available: str, gears: int = 0):
    state = deployment_state(["red", "blue"], {"red": available}, gears={"red": gears})
    state.seats[0].cards = ["A4"]
    return state


def test_r27_arm_4_changes_two_different_dice_up_or_down_independently():
    state = with_a4("d4:2 d6:5")
    after = apply_action(state, CardAdjust("red", "A4", ((("d4", 2), -1), (("d6", 5), 1))))
    assert after.seats[0].available == dice("d4:1 d6:6") and after.seats[0].exhausted == ["A4"]


def test_r27_two_dice_showing_the_same_value_are_two_dice():
    state = with_a4("d6:3 d6:3")
    change = CardAdjust("red", "A4", ((("d6", 3), -1), (("d6", 3), 1)))
    assert change in legal_actions(state)
    assert apply_action(state, change).seats[0].available == dice("d6:2 d6:4")


@pytest.mark.parametrize("changes", [
    ((("d6", 3), 1), (("d6", 3), 1)),
    ((("d6", 3), 1), (("d6", 3), -1)),
])
def test_r27_arm_4_never_changes_the_same_die_twice(changes):
    state = with_a4("d6:3 d4:1")
    assert all(not (isinstance(a, CardAdjust) and a.changes == changes) for a in legal_actions(state))
    with pytest.raises(IllegalAction) as refused:
        apply_action(state, CardAdjust("red", "A4", changes))
    assert refused.value.rule == "R27" and "same die twice" in refused.value.reason


@pytest.mark.parametrize("change", [(("d4", 4), 1), (("d6", 1), -1)])
def test_r27_faces_stay_within_the_die(change):
    state = with_a4("d4:4 d6:1")
    with pytest.raises(IllegalAction) as refused:
        apply_action(state, CardAdjust("red", "A4", (change,)))
    assert "cannot show" in refused.value.reason


@pytest.mark.parametrize("reserve_d4,moved", [(0, 0), (1, 1), (3, 2)])
def test_r28_each_d8_sold_moves_a_d4_while_the_reserve_has_any(reserve_d4, moved):
    state = activation_state(["red", "blue"], {"red": {"market": "d8:3 d8:8"}, "blue": {"scavenge": "d4:4"}},
                             initiative=3, gears={"red": 0}, reserve={"red": {"d4": reserve_d4}})
    red = state.seats[0]
    spent_d4 = red.spent[DIE_INDEX["d4"]]
    after = apply_action(state, Sell("red", tuple(dice("d8:3 d8:8")), "d8")).seats[0]
    assert (after.coins, after.gears) == (16, 4)
    assert after.reserve == [reserve_d4 - moved, red.reserve[1], red.reserve[2] + 2]
    assert after.spent[DIE_INDEX["d4"]] == spent_d4 + moved


def test_r29_a_round_without_dice_goes_straight_to_reset_and_the_game_still_ends():
    state = apply_action(new_game(["red", "blue"]), Order(("blue", "red")))
    for seat in state.seats:  # every die in the Reserve: nothing to roll or place
        seat.reserve = [r + s for r, s in zip(seat.reserve, seat.spent)]
        seat.spent = [0, 0, 0]
    deck = len(state.deck)
    state = apply_action(state, Deal(("A1", "L1", "T1")))
    assert (state.round, state.phase, state.pending_deal) == (2, "reset", 3)
    assert state.removed == ["A1", "L1", "T1"] and len(state.deck) == deck - 3
    rng = random.Random(0)
    while not state.is_over:
        state = apply_action(state, sample_chance(state, rng))
    assert state.round == 5 and state.deck == []
