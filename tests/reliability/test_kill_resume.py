"""CI's share of the crash-safety trials: 20 runs of SIGKILL and resume, and 6 of solo games (500 and 100
are run by hand)."""
import json

import pytest

from .kill_resume import run_trials


@pytest.mark.slow
def test_twenty_killed_sessions_resume_with_nothing_lost():
    results = run_trials(20, seed=7, max_actions=40)
    problems = [f"run {r.run}: {p}" for r in results for p in r.problems]
    assert not problems, problems
    assert sum(r.kills for r in results) >= 20
    assert sum(r.actions for r in results) >= 20 * 30


@pytest.mark.slow
def test_killed_solo_games_resume_with_the_automas_where_they_were():
    """One person and Automas: a kill while the Automas move loses none of their moves, and repeats none."""
    results = run_trials(6, seed=7, max_actions=60, solo=True)
    problems = [f"run {r.run}: {p}" for r in results for p in r.problems]
    assert not problems, problems
    assert sum(r.kills for r in results) >= 6
    assert sum(r.automa_moves for r in results) >= 6 * 40


@pytest.mark.slow
def test_the_command_runs_the_trials_of_another_game(capsys):
    from .kill_resume import main

    assert main(["--game", "euphoria", "--runs", "1", "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "euphoria" and report["problems"] == [] and report["kills"] >= 1
