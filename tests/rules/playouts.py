"""Seeded random-legal games of Automata checked at every step (the tests play a sample, ``benchmarks/playouts.py``
plays 1,000 and reports them).

At every step: each seat has its 12 dice, gears and coins are never negative, legal actions pass
check_action and apply, random illegal actions are refused with a reason and leave the state as
it was, the JSON round trip of every state reached is exact, applying an action leaves the state it was given as it
was. At the end: 5 rounds played, every state of the game is as it was when it was reached (states
share what they have in common), and undo back to the start gives the initial state.
"""
from __future__ import annotations

import random

from companion.games.automata.rules import (
    COLOURS, Game, Header, IllegalAction, NotationError, State, apply_action, check_action, legal_actions, new_game,
    parse_action, score,
)

VOCABULARY = (
    list(COLOURS) + ["black", "scavenge", "create", "upgrade", "research", "market", "+1", "-1", "+2", "-2",
                     "+", "-", "buy", "reserve", "make", "raise", "at", "1d4", "2d4", "1d6", "3d6", "d4", "d6", "d8",
                     "H1", "H2", "A1", "A4", "L2", "T3", "M1", "Z9"]
    + [f"{t}:{v}" for t in ("d4", "d6", "d8") for v in range(1, 9)]
)


def mutate(action_text: str, rng: random.Random) -> str:
    tokens = action_text.split()
    kind = rng.random()
    if kind < 0.6:
        tokens[rng.randrange(len(tokens))] = rng.choice(VOCABULARY)
    elif kind < 0.8:
        tokens.insert(rng.randrange(len(tokens) + 1), rng.choice(VOCABULARY))
    elif len(tokens) > 1:
        del tokens[rng.randrange(len(tokens))]
    return " ".join(tokens)


def check_pools(state: State) -> None:
    for i, seat in enumerate(state.seats):
        assert state.dice_count(i) == 12, f"{seat.colour} has {state.dice_count(i)} dice"
        assert seat.gears >= 0 and seat.coins >= 0
        assert min(seat.spent + seat.reserve) >= 0


def check_reached(state: State) -> str:
    """A state the game reached: its pools, and its JSON round trip exact. Its canonical text."""
    check_pools(state)
    text = state.dumps()
    assert State.loads(text).dumps() == text
    return text


def check_mutants(state: State, legal: set, template: str, rng: random.Random, tries: int) -> None:
    before = state.to_json()
    for _ in range(tries):
        line = mutate(template, rng)
        try:
            action = parse_action(line)
        except NotationError as refused:
            assert refused.reason
            continue
        if action in legal or (state.is_chance_node and str(action) == template):
            continue
        try:
            after = apply_action(state, action)
        except IllegalAction as refused:
            assert refused.reason and refused.rule, line
        else:
            # Accepted: it must then be a legal decision, or a valid chance outcome.
            assert state.is_chance_node, f"'{line}' applied but is not among the legal actions"
            check_pools(after)
        assert state.to_json() == before, f"refusing '{line}' changed the state"


def play(colours, seed: int, exhaustive: bool) -> Game:
    rng = random.Random(seed)
    game = Game(Header([{"colour": c} for c in colours], seed))
    reached = [check_reached(game.state)]
    while not game.state.is_over:
        state = game.state
        if state.is_chance_node:
            action = game.chance_outcome()
            check_action(state, action)  # apply_action takes a sampled outcome on trust: check it here
            legal = set()
        else:
            options = legal_actions(state)
            assert options, "a seat to move always has a legal action"
            legal = set(options)
            assert len(legal) == len(options), "legal actions are listed once each"
            for candidate in (options if exhaustive else rng.sample(options, min(3, len(options)))):
                check_action(state, candidate)  # apply_action takes an offered action on trust: check it here
                check_pools(apply_action(state, candidate))
            assert state.dumps() == reached[-1], "applying an action changed the state it was given"
            action = rng.choice(options)
        check_mutants(state, legal, str(action), rng, tries=3)
        game.play(action)
        reached.append(check_reached(game.state))
    assert [s.dumps() for s in game.states] == reached, "a later action changed an earlier state"
    assert game.state.round == 5
    assert not game.state.deck and game.state.phase == "over"
    return game


def play_checked(seed: int) -> int:
    """The game of ``seed`` (2 to 4 seats by the seed) played by ``play`` and scored, every 50th undone back to its
    start: how many actions it had."""
    colours = COLOURS[: 2 + seed % 3]
    game = play(colours, seed, exhaustive=False)
    assert score(game.state).winners
    actions = len(game.actions)
    if seed % 50 == 0:
        initial = new_game(colours)
        while game.actions:
            game.undo()
        assert game.state == initial
    return actions
