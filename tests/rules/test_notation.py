"""The notation reads back what it writes, and refuses garbage with a reason."""
import pytest

from companion.games.automata.rules import (
    CardAdjust, CardReroll, Combine, CompanionError, Create, Deal, Forfeit, IllegalAction, NotationError, Nudge, Order,
    Place, Reroll, Research, Roll, Scavenge, Sell, Upgrade, parse_action,
)

EXAMPLES = [
    Order(("blue", "red")), Deal(("A1", "L3", "T2")), Roll("red", (("d4", 1), ("d6", 6))),
    Place("red", ("d6", 5), "scavenge"), Nudge("red", ("d6", 5), -1), Reroll("red", ("d4", 2)),
    Combine("red", ("d4", 3), -1, ("d4", 2)), CardAdjust("red", "A4", ((("d4", 2), -1), (("d6", 5), 1))),
    CardReroll("red", "A2", ("d8", 7)), Scavenge("red", (("d4", 1), ("d6", 5))),
    Create("red", (("d4", 2),), 1, 1), Upgrade("red", (("d4", 1), ("d6", 5)), 1, 1),
    Research("red", (("d6", 6),), "buy", "H1"), Research("red", (("d4", 1),), "reserve", "T2"),
    Sell("red", (("d4", 1), ("d6", 2)), "d6"), Forfeit("red", "market"),
]


@pytest.mark.parametrize("action", EXAMPLES, ids=str)
def test_round_trip(action):
    assert parse_action(str(action)) == action


def test_groups_are_read_in_any_order():
    assert parse_action("red scavenge d6:5 d4:1") == Scavenge("red", (("d4", 1), ("d6", 5)))


@pytest.mark.parametrize("line,words", [
    ("", "empty"),
    ("hello world", "not an action"),
    ("red place d6 scavenge", "not a die"),
    ("red place d6:5 kitchen", "not a staging area"),
    ("red nudge d6:5 1", "signed amount"),
    ("red create d4:2 make", "at least one count"),
    ("red create d4:2 2d4", "needs 'make'"),
    ("red sell d6:5 at d10", "Market space"),
    ("red research d6:5 steal A1", "buy|reserve"),
])
def test_garbage_is_refused_with_a_reason(line, words):
    with pytest.raises(NotationError) as refused:
        parse_action(line)
    assert words in refused.value.reason


def test_a_notation_error_is_no_illegal_action_and_both_share_the_project_root():
    with pytest.raises(NotationError) as refused:
        parse_action("red place d6 scavenge")
    assert not isinstance(refused.value, IllegalAction)
    assert isinstance(refused.value, CompanionError) and issubclass(IllegalAction, CompanionError)
    assert str(refused.value) == f"{refused.value.reason} [notation]"
