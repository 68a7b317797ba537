"""Seeded random-legal games checked at every step (``tests/rules/playouts.py`` says what is checked)."""
import copy
import pickle

import pytest

from companion.games.automata.rules import COLOURS, Game, Header, IllegalAction, Place, State, apply_action, legal_actions

from .playouts import play, play_checked

SAMPLE, BLOCK = 200, 50  # the seeds 0 to 199, in blocks of 50


@pytest.mark.slow
@pytest.mark.parametrize("block", range(SAMPLE // BLOCK))
def test_random_games(block):
    """A sample of the seeded games of 2 to 4 seats, in blocks (``benchmarks/playouts.py`` plays 1,000)."""
    for seed in range(block * BLOCK, (block + 1) * BLOCK):
        assert play_checked(seed) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_legal_action_applies(seats):
    for seed in range(10):
        play(COLOURS[:seats], 10_000 + seed, exhaustive=True)


@pytest.mark.slow
def test_same_seed_same_game():
    a = play(COLOURS[:3], 77, exhaustive=False)
    b = play(COLOURS[:3], 77, exhaustive=False)
    assert a.to_jsonl() == b.to_jsonl()


def test_an_offered_action_is_checked_on_a_copy_changed_by_hand():
    state = play_to_deployment(COLOURS[:2], seed=3)
    place = next(a for a in legal_actions(state) if isinstance(a, Place))
    changed = state.copy()
    changed.seats[changed.turn].available = []
    with pytest.raises(IllegalAction):
        apply_action(changed, place)
    apply_action(state, place)


def play_to_deployment(colours, seed: int) -> State:
    game = Game(Header([{"colour": c} for c in colours], seed))
    while game.state.is_chance_node:
        game.play(game.chance_outcome())
    return game.state


def test_a_played_state_pickles_and_deep_copies():
    state = play_to_deployment(COLOURS[:3], seed=5)
    legal_actions(state)  # the ruleset now holds tables made from it
    for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert again == state and legal_actions(again) == legal_actions(state)
