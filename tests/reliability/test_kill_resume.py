"""CI's share of the crash-safety trials: 20 runs of SIGKILL and resume (500 are run by hand)."""
from .kill_resume import run_trials


def test_twenty_killed_sessions_resume_with_nothing_lost():
    results = run_trials(20, seed=7, max_actions=40)
    problems = [f"run {r.run}: {p}" for r in results for p in r.problems]
    assert not problems, problems
    assert sum(r.kills for r in results) >= 20
    assert sum(r.actions for r in results) >= 20 * 30
