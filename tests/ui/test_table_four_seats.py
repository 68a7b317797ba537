"""The Table screen at four seats, drawn: every die where the game has it, as its type's shape in its seat's colour
with its value; the whole table on the 800x480 window at once, nothing overlapping, text at 18 px and touch
targets at 48 px; cards by a short label with a tap for what they cost, need and do."""
from __future__ import annotations


import pytest
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from sim.app_driver import buttons, open_popups, pump, tap, tap_at, texts, walk

from .seeded_play import moments
from .table_fit import SEATS, apart, corners, drawn_dice, expected_dice, misfits, window_box

SHAPE = {"d4": "triangle", "d6": "square", "d8": "diamond"}


def play_to(app, condition, seats=SEATS, seed: int = 17) -> None:
    """Seeded play until ``condition(state)`` holds at a decision, then the table shown."""
    for state in moments(app.controller.new_game(seats, seed=seed), seed):
        if not state.is_chance_node and condition(state):
            break
    app.show_next()
    pump(3)


def mid_game(app, seed: int = 17) -> None:
    """Round 3's Activation well under way: cards bought and reserved, dice on the areas and on their action
    spaces, seats on every turn order track."""
    play_to(app, lambda s: s.round == 3 and s.phase == "activate" and len(s.deployment_track) >= 2, seed=seed)


def deploying(app) -> None:
    """Round 2's Deployment half done: dice in every pool and on the staging areas."""
    play_to(app, lambda s: s.round == 2 and s.phase == "deploy" and sum(len(x.available) for x in s.seats) < 14)


@pytest.mark.parametrize("moment", [mid_game, deploying])
def test_every_die_on_the_table_is_drawn_with_its_shape_seat_colour_and_value(app, moment):
    moment(app)
    drawing = app.manager.get_screen("table").drawing()
    state = app.controller.state
    assert drawn_dice(drawing) == expected_dice(state)
    assert {colour for _, _, colour in expected_dice(state)} == set(state.colours)  # every seat's dice
    for die in drawing.sheet.dice:
        assert die.shape == SHAPE[die.die_type], die
        assert die.colour in state.colours


def test_the_drawing_fits_the_window_with_nothing_overlapping_18_px_text_and_48_px_targets(app):
    deploying(app)
    table = app.manager.get_screen("table")
    drawing = table.drawing()
    assert not [w for w in walk(table) if isinstance(w, ScrollView)]
    top, bottom = 480 - table.ids.bar.height, window_box(table.camera_line)[3]
    left, _, right, _ = window_box(drawing)
    assert 0 <= left and right <= 800
    sheet = drawing.sheet
    assert len(sheet.texts) > 30 and len(sheet.dice) > 12 and sheet.cards
    boxes = ([(t.text, corners(t.box)) for t in sheet.texts] + [(d, corners(d.box)) for d in sheet.dice]
             + [(c.card_id, corners(c.box)) for c in sheet.cards])
    for what, (x0, y0, x1, y1) in boxes:
        assert 0 <= x0 and x1 <= 800 and bottom <= y0 and y1 <= top, (what, (x0, y0, x1, y1))
    texts_and_dice = [(t.text, corners(t.box)) for t in sheet.texts] + [(d, corners(d.box)) for d in sheet.dice]
    for i, (what_a, a) in enumerate(texts_and_dice):
        for what_b, b in texts_and_dice[i + 1:]:
            assert apart(a, b), (what_a, what_b)
    assert all(t.font_size >= 18 for t in sheet.texts)
    for button in (w for w in walk(drawing) if isinstance(w, Button)):
        assert button.height >= 48 and button.width >= 48, button.text
        button_box = window_box(button)
        assert all(apart(button_box, box) for _, box in texts_and_dice), button.text
    for area, box in drawing.area_boxes.items():
        assert box[2] >= 48 and box[3] >= 48, area


def test_no_label_on_the_table_is_cut_off_or_overlaps_another(app):
    mid_game(app)
    table = app.manager.get_screen("table")
    labels = [w for w in walk(table) if isinstance(w, Label) and w.text and w.opacity]
    for label in labels:
        assert label.font_size >= 18, label.text
        assert label.texture_size[0] <= label.width + 1 and label.texture_size[1] <= label.height + 1, \
            (label.text, label.texture_size, label.size)
    boxes = [(label.text, window_box(label)) for label in labels]
    for i, (text_a, a) in enumerate(boxes):
        for text_b, b in boxes[i + 1:]:
            assert apart(a, b), (text_a, text_b)


def test_the_boards_the_parts_display_the_head_and_the_tracks_are_drawn(app):
    mid_game(app)
    state = app.controller.state
    drawing = app.manager.get_screen("table").drawing()
    said = [t.text for t in drawing.sheet.texts]
    for title in ("Scavenge", "Create", "Upgrade", "Research", "Market", "Deploy", "Activate", "Next"):
        assert title in said
    assert [c.card_id for c in drawing.sheet.cards] == [*state.display, state.heads[0]]
    pawns = [t for t in said if t in "RBGW"]  # the letters of the pawns, the staging areas and the spaces
    on_tracks = len(state.deploy_order) + len(state.activation_track) + len(state.deployment_track)
    assert len(pawns) >= on_tracks


def test_a_staging_area_fuller_than_play_makes_one_keeps_its_dice_inside_and_counts_those_left_out(app):
    mid_game(app)
    state = app.controller.state.copy()
    state.staging["scavenge"] = [(seat, ("d6", 6)) for seat in range(4) for _ in range(12)]
    drawing = app.manager.get_screen("table").drawing()
    drawing.show(state)
    x, y, width, height = drawing.area_boxes["scavenge"]
    staged = [d for d in drawing.sheet.dice if d.value == 6 and x <= d.box[0] < x + width]
    assert staged and all(y <= d.box[1] and d.box[1] + d.box[3] <= y + height for d in staged)
    assert f"+{48 - len(staged)}" in [t.text for t in drawing.sheet.texts]


def test_a_tap_on_a_board_chooses_its_area_and_one_on_the_parts_shows_them(app):
    mid_game(app)
    table = app.manager.get_screen("table")
    drawing = table.drawing()
    offered = table.chooser.options()
    area = next(a for a in drawing.area_boxes if a.title() in offered)
    x, y, width, height = drawing.area_boxes[area]
    tap_at(*drawing.to_window(x + width / 2, y + height - 30))
    assert table.chooser.path == [area.title()]
    x, y, width, _ = drawing.area_boxes["research"]
    tap_at(*drawing.to_window(x + width / 2, y + 20))
    assert any("Parts left in the deck" in t for popup in open_popups() for t in texts(popup))
    tap("OK")


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
def test_every_fourth_turn_of_a_four_seat_game_is_drawn_whole_on_the_window(app):
    """Every fourth person's turn of a whole seeded game (``benchmarks/table_fit.py`` shows every turn): every die
    drawn, all of it between the top bar and the camera line, no two dice on one another."""
    shown, found = misfits(app, 8, every=4)
    assert shown >= 40 and found == []
