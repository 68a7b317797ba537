"""Every boundary of the Scavenge, Upgrade and Create tables, through the engine."""
import pytest

from companion.games.automata.rules import Create, IllegalAction, Scavenge, Upgrade, apply_action, legal_actions

from .builders import activation_state, dice

# A group for each sum: the lowest value in it is the initiative.
GROUPS = {1: "d4:1", 2: "d4:2", 3: "d4:3", 4: "d4:4", 5: "d6:5", 6: "d6:6", 7: "d8:7", 8: "d8:8",
          9: "d8:8 d4:1", 10: "d8:8 d4:2", 11: "d8:8 d4:3", 12: "d8:8 d4:4", 13: "d8:8 d6:5"}


def state_with(area, total, **kwargs):
    group = dice(GROUPS[total])
    initiative = min(v for _, v in group)
    # A die of another seat keeps the round going after the action.
    return activation_state(["red", "blue"], {"red": {area: GROUPS[total]}, "blue": {"research": "d8:8"}},
                            initiative=initiative, **kwargs), tuple(group)


@pytest.mark.parametrize("total,gears", [(2, 2), (3, 2), (4, 5), (5, 5), (6, 9), (9, 9), (10, 12), (13, 12)])
def test_scavenge_table(total, gears):
    state, group = state_with("scavenge", total, gears={"red": 0})
    after = apply_action(state, Scavenge("red", group))
    assert after.seats[0].gears == gears


def test_scavenge_sum_one_is_refused_with_the_reason():
    state, group = state_with("scavenge", 1)
    with pytest.raises(IllegalAction) as refused:
        apply_action(state, Scavenge("red", group))
    assert refused.value.reason == "Scavenge with a sum of 1 gives nothing: forfeit instead (+1 gear)"
    assert not any(isinstance(a, Scavenge) for a in legal_actions(state))


@pytest.mark.parametrize("total,capacity", [(1, 0), (2, 2), (4, 2), (5, 4), (7, 4), (8, 6), (13, 6)])
def test_create_table(total, capacity):
    state, group = state_with("create", total, gears={"red": 40}, reserve={"red": {"d4": 3, "d6": 4}})
    made = [a.d4 + a.d6 for a in legal_actions(state) if isinstance(a, Create)]
    assert max(made, default=0) == capacity
    with pytest.raises(IllegalAction):
        apply_action(state, Create("red", group, 3, capacity - 3 + 1) if capacity >= 3 else Create("red", group, capacity + 1, 0))


def test_create_spends_gears_and_moves_dice_to_spent():
    state, group = state_with("create", 8, gears={"red": 7}, reserve={"red": {"d4": 3, "d6": 2}})
    spent = list(state.seats[0].spent)
    after = apply_action(state, Create("red", group, 2, 1))
    assert after.seats[0].gears == 0
    assert after.seats[0].spent[:2] == [spent[0] + 2, spent[1] + 1]
    assert after.seats[0].reserve[:2] == [1, 1]


@pytest.mark.parametrize("total,modifier", [(1, 1), (2, 0), (5, 0), (6, -1), (11, -1), (12, -2), (13, -2)])
def test_upgrade_table(total, modifier):
    state, group = state_with("upgrade", total, gears={"red": 10})
    # Upgrade the group's D4 if it has one, else its D6; a D8 alone cannot be upgraded.
    d4 = sum(1 for t, _ in group if t == "d4")
    d6 = sum(1 for t, _ in group if t == "d6")
    if not d4 and not d6:
        assert not any(isinstance(a, Upgrade) for a in legal_actions(state))
        return
    action = Upgrade("red", group, 1 if d4 else 0, 0 if d4 else 1)
    base = 1 if d4 else 2
    after = apply_action(state, action)
    assert after.seats[0].gears == 10 - max(0, base + modifier)
