"""What the answers to the mismatch alert tell of the dice read: which readings each die is cut from."""
from __future__ import annotations

from companion.games.automata.sync.answers import ToldDie, accepted_dice
from companion.games.automata.sync.locations import Die, LocatedDie
from vision.readings import DieReading


def reading(value: int, value_confidence: float, x: float) -> DieReading:
    return DieReading("d6", value, "red", (x, 50.0), [], 1.0, value_confidence, 1.0,
                      bbox=(x - 20, 30.0, x + 20, 70.0))


def test_accepting_confirms_only_values_read_surely():
    four = LocatedDie("available", Die(0, "d6", 4))
    unsure, sure = reading(4, 0.4, 50.0), reading(4, 0.95, 150.0)
    assert accepted_dice([four], {"tray": [unsure, sure]}, ["red", "blue"], 0.8) == (ToldDie(sure, "d6", 4, "red"),)
    assert accepted_dice([four], {"tray": [unsure]}, ["red", "blue"], 0.8) == ()


def test_accepting_confirms_as_many_dice_as_were_accepted_where_they_lie():
    four = LocatedDie("staging.upgrade", Die(0, "d6", 4))
    placed, elsewhere = reading(4, 1.0, 50.0), reading(4, 1.0, 150.0)
    told = accepted_dice([four], {"staging.upgrade": [placed], "tray": [elsewhere]}, ["red", "blue"])
    assert told == (ToldDie(placed, "d6", 4, "red"),)
    assert accepted_dice([four, four], {"staging.upgrade": [placed, elsewhere]}, ["red", "blue"]) == (
        ToldDie(placed, "d6", 4, "red"), ToldDie(elsewhere, "d6", 4, "red"))
