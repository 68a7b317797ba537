"""CI's share of the crash-safety trials, on every game registered: a few runs of SIGKILL and resume each, through
the trials' command (``kill_resume.py`` runs 20 a game by default, and 500 by hand)."""
import json

import pytest

from companion.games.registry import registered

from .kill_resume import main, run_trials

RUNS, LINES = 3, 25  # of each game: runs, and the lines (or actions) each plays at most; a kill a run on the whole


@pytest.mark.slow
@pytest.mark.parametrize("game", registered())
def test_killed_sessions_resume_with_nothing_lost(capsys, game):
    assert main(["--game", game, "--runs", str(RUNS), "--seed", "5", "--max-actions", str(LINES), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)[game]
    assert report["problems"] == [] and report["runs"] == RUNS
    assert report["kills"] >= RUNS


@pytest.mark.slow
def test_killed_solo_games_resume_with_the_automas_where_they_were():
    """One person and Automas: a kill while the Automas move loses none of their moves, and repeats none."""
    results = run_trials(3, seed=5, max_actions=40, solo=True)
    problems = [f"run {r.run}: {p}" for r in results for p in r.problems]
    assert not problems, problems
    assert sum(r.kills for r in results) >= 3
    assert sum(r.automa_moves for r in results) >= 3 * 40
