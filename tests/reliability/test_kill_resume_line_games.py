"""CI's share of the crash-safety trials of the sessions of every game registered."""
import pytest

from companion.games.registry import played_by_lines

from .kill_resume_line_games import run_trials


@pytest.mark.slow
@pytest.mark.parametrize("game", played_by_lines())
def test_killed_sessions_of_the_line_games_resume_with_nothing_lost(game):
    problems, kills = run_trials(game, runs=3, seed=7, max_lines=60)
    assert problems == []
    assert kills >= 3
