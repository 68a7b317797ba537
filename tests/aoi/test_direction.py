"""The direction count [L286–296] and its single rows (B2): the place counted, and how the table is told it."""
from __future__ import annotations

import pytest

from companion.games.aoi import counted, wording
from companion.games.aoi.events import Chosen


def test_the_count_ends_on_the_option_it_reaches_counting_the_first_as_one():
    """[L288] "zähle ... so viele mögliche Optionen ab, wie die Zahl anzeigt"; the example [L307]: → 3 ends on
    the third hex in reading order."""
    assert counted(3, 7) == 3
    assert wording.line(Chosen("hex", 3, 7, True)).startswith(
        "She builds on the 3rd empty hex of the 7 left, from the top left")


def test_reverse_counts_from_the_bottom_right():
    """[L292, L309] and B2: ← 2 starts at the bottom right, in reverse reading order."""
    assert counted(2, 7) == 2
    assert wording.line(Chosen("hex", 2, 7, False)).startswith(
        "She builds on the 2nd empty hex of the 7 left, from the bottom right")


def test_counting_past_the_last_option_springs_back_to_the_first():
    """[L296] "springe zurück zur ersten möglichen Option"; the power actions example [L303–305]: 3 uncovered,
    counted from the right with 4 (the symbol is lost; 4 is the count that starts again on the right): the
    rightmost. A single row is counted the same way (B2)."""
    assert counted(4, 3) == 1
    assert wording.line(Chosen("power", 1, 3, False)) == \
        "An X marker on the 1st uncovered power action from the right; she gains nothing."
    assert counted(9, 4) == 1 and counted(8, 4) == 4


def test_counting_needs_an_option():
    with pytest.raises(ValueError):
        counted(2, 0)
