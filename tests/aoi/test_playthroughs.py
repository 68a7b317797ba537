"""Issue 47's invariants over random playthroughs at every level, tapped as the touchscreen builds the lines (the
benchmark, ``benchmarks/aoi_taps.py``, plays 1,000 a level)."""
from __future__ import annotations

import pytest

from companion.games.aoi import LEVELS
from tests.aoi import fixture_cards
from tests.aoi.playthrough import play


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("table_draws", [False, True])
def test_random_playthroughs_keep_her_cards_disciplines_supply_and_score_whole(level, table_draws):
    cards = fixture_cards()
    for seed in range(4):
        played = play(level, seed, cards, table_draws)
        assert played.over and played.broken == []
        assert played.taps and min(played.taps) >= 1  # every turn of hers is at least its Done
