"""Every worked example of the rulebook, played through the engine."""
import pytest

from companion.games.automata.rules import (
    Combine, Forfeit, IllegalAction, Place, Sell, Upgrade, apply_action, check_action, legal_actions, score_seat,
)

from .builders import activation_state, deployment_state, dice


def combines(state):
    return [a for a in legal_actions(state) if isinstance(a, Combine)]


def test_combining_two_from_three_gives_one():
    state = deployment_state(["red", "blue"], {"red": "d4:2 d4:3"})
    after = apply_action(state, Combine("red", ("d4", 3), -1, ("d4", 2)))
    assert after.seats[0].available == [("d4", 1)]
    assert after.seats[0].spent[0] == state.seats[0].spent[0] + 1


def test_blue_d4_two_and_three_have_exactly_one_combination():
    state = deployment_state(["blue", "red"], {"blue": "d4:2 d4:3"})
    assert combines(state) == [Combine("blue", ("d4", 3), -1, ("d4", 2))]
    for impossible in (Combine("blue", ("d4", 2), -1, ("d4", 3)), Combine("blue", ("d4", 3), 1, ("d4", 2))):
        with pytest.raises(IllegalAction) as refused:
            apply_action(state, impossible)
        assert "cannot show" in refused.value.reason


def test_last_die_placed_moves_the_seat_to_the_activation_track():
    state = deployment_state(["red", "blue"], {"red": "d4:1", "blue": "d6:4 d6:5"})
    after = apply_action(state, Place("red", ("d4", 1), "scavenge"))
    assert after.activation_track == [0]
    assert after.turn == 1


def test_activation_order_example():
    # Red has two 2s, Green none, Blue one; activation order red, green, blue; initiative 2.
    state = activation_state(
        ["red", "green", "blue"],
        {"red": {"scavenge": "d4:2", "create": "d4:2"}, "green": {"market": "d6:5"}, "blue": {"scavenge": "d6:2"}},
        initiative=2,
    )
    turns = []
    for _ in range(3):
        turns.append(state.colours[state.turn])
        seat = state.colours[state.turn]
        forfeit = next(a for a in legal_actions(state) if isinstance(a, Forfeit))
        assert forfeit.seat == seat
        state = apply_action(state, forfeit)
    assert turns == ["red", "blue", "red"]
    assert state.initiative == 5 and state.colours[state.turn] == "green"  # no 3s or 4s on the boards


def test_upgrade_example_blue_two_d6_and_a_d4():
    state = activation_state(["blue", "red"], {"blue": {"upgrade": "d6:3 d6:4 d4:1"}, "red": {"scavenge": "d4:4"}}, initiative=1, gears={"blue": 6})
    reserve_before = list(state.seats[0].reserve)
    after = apply_action(state, Upgrade("blue", tuple(dice("d6:3 d6:4 d4:1")), 1, 2))
    assert after.seats[0].gears == 2  # 5 gears, sum 8 gives -1
    assert after.spaces["upgrade"][0] == (0, ("d6", "d8", "d8"))
    d4, d6, d8 = reserve_before
    assert after.seats[0].reserve == [d4 + 1, d6 - 1 + 2, d8 - 2]


def test_upgrade_example_red_sum_one_pays_an_extra_gear():
    state = activation_state(["red", "blue"], {"red": {"upgrade": "d4:1"}, "blue": {"scavenge": "d4:4"}}, initiative=1, gears={"red": 3})
    after = apply_action(state, Upgrade("red", (("d4", 1),), 1, 0))
    assert after.seats[0].gears == 1
    assert after.spaces["upgrade"][0] == (0, ("d6",))


def test_upgrade_example_white_without_d6_in_reserve_must_forfeit():
    state = activation_state(["white", "red"], {"white": {"upgrade": "d4:2"}}, initiative=2,
                             gears={"white": 5}, reserve={"white": {"d6": 0}})
    assert legal_actions(state) == [Forfeit("white", "upgrade")]
    with pytest.raises(IllegalAction) as refused:
        check_action(state, Upgrade("white", (("d4", 2),), 1, 0))
    assert refused.value.rule == "R13" and "0 D6 in Reserve" in refused.value.reason
    after = apply_action(state, Forfeit("white", "upgrade"))
    assert after.seats[0].gears == 6


def test_sell_example_two_d6():
    state = activation_state(["red", "blue"], {"red": {"market": "d6:1 d6:4"}, "blue": {"scavenge": "d4:4"}},
                             initiative=1, gears={"red": 0})
    reserve_d6 = state.seats[0].reserve[1]
    after = apply_action(state, Sell("red", tuple(dice("d6:1 d6:4")), "d6"))
    assert (after.seats[0].coins, after.seats[0].gears) == (8, 2)
    assert after.seats[0].reserve[1] == reserve_d6 + 2
    assert after.market["d6"] is None  # every die sold: the space is free again


def test_sell_example_unsold_d4_blocks_the_d6_space_for_blue():
    state = activation_state(["red", "blue"], {"red": {"market": "d6:1 d6:2 d4:1"}, "blue": {"market": "d6:1 d6:3 d6:5"}},
                             initiative=1, gears={"red": 0})
    assert state.colours[state.turn] == "red"
    after = apply_action(state, Sell("red", tuple(dice("d6:1 d6:2 d4:1")), "d6"))
    assert (after.seats[0].coins, after.seats[0].gears) == (8, 2)
    assert after.market["d6"] == (0, ("d4",))
    assert after.colours[after.turn] == "blue"
    assert all(not (isinstance(a, Sell) and a.space == "d6") for a in legal_actions(after))
    with pytest.raises(IllegalAction) as refused:
        apply_action(after, Sell("blue", (("d6", 1),), "d6"))
    assert "taken until the Reset" in refused.value.reason


def test_scoring_example_r24():
    state = activation_state(["blue", "red"], {})
    blue = state.seats[0]
    blue.cards = sorted(["M1", "M2", "H1", "H2", "T3", "T2", "A1", "L1"])
    blue.reserved = ["A2"]
    result = score_seat(state, 0)
    assert sorted(s.vp for s in result.sets) == [5, 30]
    assert result.sets_vp + result.reserved_vp == 30
    assert [c for s in result.sets for c in s.cards if c.startswith("M")] == ["M1"]  # the other cannot count
