"""The Table screen at four seats: the whole table on the 800x480 window at once, cards by a
short label with a tap for what they cost, need and do."""
from __future__ import annotations

import pytest
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from sim.app_driver import buttons, open_popups, pump, tap, texts, walk

from .seeded_play import moments
from .table_fit import SEATS, misfits, window_box


def mid_game(app, seed: int = 17) -> None:
    """Seeded play until round 3's Activation is well under way: cards bought and reserved, dice
    on the areas and on their action spaces, seats on every turn order track."""
    for state in moments(app.controller.new_game(SEATS, seed=seed), seed):
        if state.round == 3 and state.phase == "activate" and len(state.deployment_track) >= 2 \
                and not state.is_chance_node:
            break
    app.show_next()
    pump(3)


@pytest.mark.slow
def test_market_parts_and_head_are_all_on_the_window_without_scrolling(app):
    mid_game(app)
    assert app.manager.current == "table"
    table = app.manager.get_screen("table")
    assert not [w for w in walk(table) if isinstance(w, ScrollView)]
    state = app.controller.state
    assert any(s.cards or s.reserved for s in state.seats) and state.display and state.heads
    wanted = ["Market", *state.display, state.heads[0]]
    bar_bottom = 480 - table.ids.bar.height
    moves_top = table.ids.moves.top
    choices = set(walk(table.ids.moves))  # a move may name the Market too
    for word in wanted:
        showing = [w for w in walk(table) if isinstance(w, Label) and word in w.text and w.opacity
                   and w not in choices]
        assert showing, f"{word} is not shown"
        for widget in showing:
            left, bottom, right, top = window_box(widget)
            assert 0 <= left and right <= 800 and moves_top <= bottom and top <= bar_bottom, (word, window_box(widget))


@pytest.mark.slow
def test_no_text_on_the_table_is_cut_off_or_overlaps_other_text(app):
    mid_game(app)
    table = app.manager.get_screen("table")
    labels = [w for w in walk(table) if isinstance(w, Label) and w.text and w.opacity]
    assert len(labels) > 20
    for label in labels:
        assert label.font_size >= 18, label.text
        assert label.texture_size[0] <= label.width + 1 and label.texture_size[1] <= label.height + 1, \
            (label.text, label.texture_size, label.size)
    boxes = [(label.text, window_box(label)) for label in labels]
    for i, (text_a, a) in enumerate(boxes):
        for text_b, b in boxes[i + 1:]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (text_a, text_b)


@pytest.mark.slow
def test_the_tracks_and_the_spaces_each_read_on_one_line(app):
    mid_game(app)
    table = app.manager.get_screen("table")
    for label in (w for w in walk(table) if isinstance(w, Label)):
        if "Next round" in label.text or "free" in label.text:
            lines = label.texture_size[1] / (label.font_size * 1.25)
            assert lines < 1.5, label.text


@pytest.mark.slow
def test_a_tap_on_a_seats_cards_shows_each_cards_cost_sum_and_ability(app):
    from companion.games.automata.rules import default_ruleset

    mid_game(app)
    state = app.controller.state
    seat = next(s for s in state.seats if s.cards)
    table = app.manager.get_screen("table")
    card = seat.cards[0]
    shown = [b for b in buttons(table) if card in b.text]
    assert shown, f"no button shows {card}"
    shown[0].trigger_action(0)
    pump(1)
    details = " ".join(t for popup in open_popups() for t in texts(popup))
    rules = default_ruleset()
    for card_id in seat.cards + seat.reserved:
        facts = rules.cards[card_id]
        assert card_id in details
        assert f"sum {facts.sum}" in details and f"{facts.gears} gear" in details
    tap("OK")
    assert not open_popups()


@pytest.mark.slow
def test_the_moments_of_a_four_seat_game_fit_the_window(app):
    """Every fourth person's turn of a whole seeded game: the grid, the turn order and the cards on offer lie
    between the top bar and the camera line (``benchmarks/table_fit.py`` shows every turn)."""
    shown, found = misfits(app, seed=8, every=4)
    assert found == []
    assert shown > 25
