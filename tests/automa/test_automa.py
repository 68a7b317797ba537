import json

import pytest

from companion.games.automata.automa import Automa, AutomaStateError, all_levels, default_deck
from companion.games.automata.automa.instructions import MAX_LENGTH, TEMPLATES, template_key
from companion.games.automata.rules import Place, legal_actions

from .helpers import automa_decisions, blue_deploys, with_pair


@pytest.mark.parametrize("level", [lv.number for lv in all_levels()])
@pytest.mark.parametrize("opponents", [1, 2, 3])
def test_every_decision_is_legal_and_told_in_one_short_line(level, opponents):
    for seed in (level * 7 + opponents,):
        count = 0
        for state, decision in automa_decisions(level, seed, opponents):
            assert decision.action in legal_actions(state)
            assert 0 < len(decision.instruction) <= MAX_LENGTH
            assert decision.instruction.startswith("Blue Automa: ")
            pair = decision.card_pair
            assert json.loads(json.dumps(pair)) == pair
            assert pair["action"]["id"] and pair["support"]["id"]
            count += 1
        assert count > 20  # it played a whole game


@pytest.mark.slow
def test_every_instruction_template_is_reached():
    seen = set()
    for level in (6, 5, 4):
        for seed in range(40):
            for _, decision in automa_decisions(level, seed):
                seen.add(template_key(decision.action))
            if seen == set(TEMPLATES):
                return
    assert seen == set(TEMPLATES), f"never reached: {sorted(set(TEMPLATES) - seen)}"


def test_every_card_is_reached_as_action_and_as_support():
    card_ids = sorted(default_deck().cards)
    deploy = blue_deploys([("d4", 2), ("d6", 5), ("d8", 3)], gears=4)
    for card in card_ids:
        other = card_ids[(card_ids.index(card) + 1) % len(card_ids)]
        for action_card, support_card in ((card, other), (other, card)):
            automa = with_pair(Automa(6, "blue", 0), action_card, support_card)
            decision = automa.decide(deploy)
            assert decision.card_pair["action"]["id"] == action_card
            assert decision.card_pair["support"]["id"] == support_card
            assert decision.action in legal_actions(deploy)


def test_asking_again_about_the_same_state_draws_no_new_card():
    automa = Automa(4, "blue", 5)
    state = blue_deploys([("d4", 2), ("d6", 5)])
    first = automa.decide(state)
    again = automa.decide(state)
    assert again == first
    assert automa.progress.decisions == 0  # nothing taken as played yet


def test_resumed_automa_continues_identically():
    straight = [d.action for _, d in automa_decisions(5, 21)]
    # the same game, with the Automa saved to JSON and restored at every decision
    import random

    from companion.bots import GreedyBot
    from companion.games.automata.rules import apply_action, new_game, sample_chance

    automa, bot, rng = Automa(5, "blue", 21), GreedyBot("red"), random.Random(21)
    state, resumed = new_game(["blue", "red"]), []
    while not state.is_over:
        if state.is_chance_node:
            state = apply_action(state, sample_chance(state, rng))
        elif state.turn == 0:
            automa = Automa.from_json(json.loads(json.dumps(automa.to_json())))
            decision = automa.decide(state)
            resumed.append(decision.action)
            state = apply_action(state, decision.action)
        else:
            state = apply_action(state, bot.decide(state))
    assert resumed == straight


def test_a_replayed_automa_ends_where_the_original_stood():
    history = list(automa_decisions(3, 8))
    replayed = Automa(3, "blue", 8)
    for state, decision in history:
        assert replayed.decide(state) == decision


def test_a_corrupt_save_is_refused_with_a_reason():
    saved = Automa(2, "blue", 1).to_json()
    with pytest.raises(AutomaStateError, match="cannot be read"):
        Automa.from_json({**saved, "progress": {"deck": {}}})
    broken = json.loads(json.dumps(saved))
    broken["progress"]["deck"]["draw_pile"].append("ZZ9")
    with pytest.raises(AutomaStateError, match="ZZ9"):
        Automa.from_json(broken)
    with pytest.raises(AutomaStateError, match="version"):
        Automa.from_json({**saved, "version": 0})


def test_decide_refuses_another_seats_turn():
    state = blue_deploys([("d4", 2)])
    with pytest.raises(ValueError, match="not the red Automa's decision"):
        Automa(1, "red", 0).decide(state)


def test_one_deployment_turn_is_modifications_then_a_placement():
    state = blue_deploys([("d6", 5)], gears=3)
    automa = with_pair(Automa(6, "blue", 0), "BR1", "BR1")  # research first; support nudges
    first = automa.decide(state)
    assert first.rule == "modify.nudge" and first.action.delta == 1
    from companion.games.automata.rules import apply_action
    after = apply_action(state, first.action)
    second = automa.decide(after)
    assert isinstance(second.action, Place) and second.action.die == ("d6", 6)
    assert second.card_pair == first.card_pair  # one turn, one pair
