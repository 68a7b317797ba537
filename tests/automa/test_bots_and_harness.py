import json
import statistics

import pytest

from companion.games.automata.automa import get_level
from companion.games.automata.automa.harness import simulate, wilson_interval, win_shares
from companion.bots import GreedyBot, RandomBot, make_bot
from companion.cli import main

from .helpers import bot_game


def test_reference_bots_play_only_legal_actions_and_greedy_beats_random():
    greedy, rand = [], []
    for seed in range(6):
        g, r = bot_game([GreedyBot("red"), RandomBot("blue", seed)], seed)[0]
        greedy.append(g)
        rand.append(r)
    assert statistics.fmean(greedy) > statistics.fmean(rand) + 10


def test_make_bot_names_the_choices():
    assert make_bot("greedy", "red").kind == "greedy"
    with pytest.raises(ValueError, match="random"):
        make_bot("clever", "red")


def test_a_shared_win_counts_as_half():
    assert win_shares([30, 30, 10]) == [0.5, 0.5, 0.0]
    assert win_shares([5, 40]) == [0.0, 1.0]


def test_the_win_rate_interval_is_wilsons():
    assert wilson_interval(41, 100) == pytest.approx([0.3187, 0.5080], abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0  # never outside 0..1
    narrow, wide = wilson_interval(900, 1000), wilson_interval(90, 100)
    assert wide[0] < narrow[0] < 0.9 < narrow[1] < wide[1]


def test_simulate_reports_every_seat_automa_first():
    result = simulate(get_level(2), ["greedy", "random", "automa"], games=3, seed=9)
    assert [s["kind"] for s in result["seats"]] == ["automa", "greedy", "random", "automa"]
    assert result["illegal_moves"] == 0 and result["games"] == 3
    assert sum(s["win_rate"] for s in result["seats"]) == pytest.approx(1.0, abs=1e-3)  # rounded rates
    for seat in result["seats"]:
        low, high = seat["score_ci95"]
        assert low <= seat["mean_score"] <= high
        low, high = seat["win_rate_ci95"]
        assert 0.0 <= low <= seat["win_rate"] <= high <= 1.0
    assert result["decision_ms_median"] > 0 and result["decisions_per_second"] > 0


def test_simulate_is_reproducible_from_its_seed():
    a = simulate(get_level(4), ["greedy"], games=2, seed=5)
    b = simulate(get_level(4), ["greedy"], games=2, seed=5)
    assert a["seats"] == b["seats"]


def test_automa_sim_command_prints_json(capsys):
    code = main(["automa-sim", "--level", "Mastermind", "--opponents", "greedy,random", "--games", "2",
                 "--seed", "1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert {"seats", "illegal_moves", "games", "decisions_per_second", "decision_ms_median"} <= set(out)
    assert [s["kind"] for s in out["seats"]] == ["automa", "greedy", "random"]
    assert all({"kind", "mean_score", "score_std", "win_rate"} <= set(s) for s in out["seats"])


def test_automa_sim_command_explains_bad_arguments(capsys):
    assert main(["automa-sim", "--level", "99", "--games", "1"]) == 2
    assert "unknown Automa level" in capsys.readouterr().err
    assert main(["automa-sim", "--level", "1", "--opponents", "chess", "--games", "1"]) == 2
    assert "opponents" in capsys.readouterr().err
