import random

import pytest

from companion.games.automata.automa import get_level
from companion.games.automata.automa.harness import simulate
from companion.bots import RandomBot, SearchBot, make_bot
from companion.games.automata.rules import Phase, apply_action, new_game, sample_chance

from .helpers import bot_game


def test_search_bot_plays_legal_moves_and_replays_from_its_seed():
    first = bot_game([SearchBot("red", 3, playouts=3), RandomBot("blue", 3)], 3)
    again = bot_game([SearchBot("red", 3, playouts=3), RandomBot("blue", 3)], 3)
    assert first == again


def test_a_tiny_search_beats_random():
    wins = 0
    for seed in range(4):
        (mine, theirs), _ = bot_game([SearchBot("red", seed, playouts=2), RandomBot("blue", seed)], seed)
        wins += mine > theirs
    assert wins >= 3


def test_mcts_and_strong_are_opponents_by_name():
    assert make_bot("mcts:12", "red").playouts == 12
    assert make_bot("strong", "red").kind == "mcts"
    for bad in ("mcts:", "mcts:0", "mcts:x"):
        with pytest.raises(ValueError, match="mcts:N"):
            make_bot(bad, "red")
    result = simulate(get_level(1), ["mcts:2"], games=1, seed=2)
    assert result["illegal_moves"] == 0 and result["seats"][1]["kind"] == "mcts:2"



def test_a_playout_plays_to_the_reset_of_its_round():
    rng = random.Random(5)
    state = new_game(["red", "blue"])
    while state.is_chance_node:
        state = apply_action(state, sample_chance(state, rng))
    end = SearchBot("red", 5).play_to_round_end(state)
    assert end.phase == Phase.RESET and end.round == state.round + 1
    assert not any(end.staging.values())  # every staged die was activated: the round is scored
