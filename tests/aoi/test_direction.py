"""The direction count [L286–296] and its single rows (B2)."""
from __future__ import annotations

import pytest

from companion.games.aoi import counted, in_reading_order


def test_the_count_ends_on_the_option_it_reaches_counting_the_first_as_one():
    """[L288] "zähle ... so viele mögliche Optionen ab, wie die Zahl anzeigt"; the example [L307]: → 3 ends on
    the third hex in reading order."""
    assert in_reading_order(True, 3, 7) == 3


def test_reverse_counts_from_the_bottom_right():
    """[L292, L309]: ← 2 starts at the bottom right: of 7 options, the 6th in reading order."""
    assert in_reading_order(False, 2, 7) == 6


def test_counting_past_the_last_option_springs_back_to_the_first():
    """[L296] "springe zurück zur ersten möglichen Option"; the power actions example [L303–305]: 3 uncovered,
    counted from the right with 4 (the symbol is lost; 4 is the count that starts again on the right): the
    rightmost."""
    assert counted(4, 3) == 1
    assert in_reading_order(False, 4, 3) == 3  # the rightmost, in reading order
    assert counted(9, 4) == 1 and counted(8, 4) == 4


def test_counting_needs_an_option():
    with pytest.raises(ValueError):
        counted(2, 0)
