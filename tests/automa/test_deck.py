import json

import pytest

from companion.games.automata.automa import DeckDataError, default_deck
from companion.games.automata.automa.deck import DATA_FILE, DeckCycle, load_deck
from companion.games.automata.rules import AREAS, CARD_TYPES


def test_every_card_has_both_halves_with_known_values():
    deck = default_deck()
    assert len(deck.cards) >= 20
    for card in deck.cards.values():
        assert card.pile in deck.piles
        assert set(card.action.focus) <= set(AREAS) and card.action.focus
        assert sorted(card.support.colours) == sorted(CARD_TYPES)
        face = card.face()
        assert json.loads(json.dumps(face)) == face  # plain data for the UI
        assert {"id", "title", "pile", "action", "support"} <= set(face)


def test_deck_cycle_pairs_slide_and_rebuild_with_add_ins():
    cycle = DeckCycle(["a", "b", "c"], [["x"], ["y"]], seed=4)
    first_support = cycle.support
    action, support = cycle.next_turn()
    assert support == first_support
    seen = {action, support}
    for _ in range(12):
        passes = cycle.passes
        previous = cycle.action
        action, support = cycle.next_turn()
        if cycle.passes == passes:
            assert support == previous  # the action card slid over to support
        else:
            assert cycle.discards == []  # a rebuild gathered every card of the pass
        seen |= {action, support}
        assert len(cycle.draw_pile) + len(cycle.discards) + 2 + sum(map(len, cycle.add_ins)) == 5
    assert seen == {"a", "b", "c", "x", "y"}
    assert cycle.add_ins == []


def test_deck_cycle_is_deterministic_and_survives_json():
    a = DeckCycle(["a", "b", "c", "d"], [["x", "y"]], seed=11)
    b = DeckCycle(["a", "b", "c", "d"], [["x", "y"]], seed=11)
    for _ in range(5):
        assert a.next_turn() == b.next_turn()
    c = DeckCycle.from_json(json.loads(json.dumps(a.to_json())))
    for _ in range(9):
        assert a.next_turn() == c.next_turn()


def test_a_bad_deck_file_gives_a_clear_message(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(DeckDataError, match="cannot read"):
        load_deck(path)
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    first = next(iter(raw["cards"]))
    raw["cards"][first]["action"]["focus"] = ["kitchen"]
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(DeckDataError, match="kitchen"):
        load_deck(path)
