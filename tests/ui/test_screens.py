"""Every screen built headless at 800x480 and driven by taps."""
from __future__ import annotations

import time
from dataclasses import replace

import numpy as np
import pytest

from companion.session.table import SeatSpec
from sim.app_driver import buttons, open_popups, pump, tap, texts, walk

from .table_scenes import ReadingsFeed


def start(app, seats, seed=3, table_rolls=False):
    app.controller.new_game(seats, seed, table_rolls)
    app.show_next()
    pump(2)


def popup_texts():
    return [t for popup in open_popups() for t in texts(popup)]


def close_popups():
    for popup in open_popups():
        popup.dismiss()
    pump(2)


def test_home_lists_saved_games_with_seats_and_round(app):
    assert app.manager.current == "home"
    assert "No saved games yet." in texts(app.root)
    start(app, [SeatSpec("red", "person", "Ann"), SeatSpec("green", "person", "Bo")])
    app.go_home()
    pump(2)
    lines = [b.text for b in buttons(app.root) if "round 1" in b.text]
    assert len(lines) == 1 and "Ann (red), Bo (green)" in lines[0]


@pytest.mark.slow
def test_setup_builds_the_seats_and_starts_the_game(app):
    tap("New game")
    tap("Automata")
    assert app.manager.current == "setup"
    setup = app.manager.get_screen("setup")
    tap("Seat 3: out")
    tap("G Green")  # the next colour not taken: white
    assert [r.colour for r in setup.rows if r.used] == ["red", "blue", "white"]
    automa_row = setup.rows[1]
    tap("Level 1 Rusty")
    next(b for b in buttons() if "Apprentice" in b.text).trigger_action(0)
    assert automa_row.level == 2
    assert "Level 2 Apprentice:" in setup.level_text
    setup.seed_input.text = "12"
    tap("Camera: on")
    tap("Start game")
    session = app.controller.session
    assert [s.colour for s in session.seats] == ["red", "blue", "white"]
    assert [s.kind for s in session.seats] == ["person", "automa", "person"]
    assert session.seats[1].level == 2 and session.game.header.seed == 12
    assert app.camera.wanted is False
    assert app.manager.current in ("table", "automa")


def test_table_offers_only_legal_moves_and_plays_a_tap(app):
    start(app, [SeatSpec("red", "person", "Ann"), SeatSpec("blue", "person", "Bo")])
    assert app.manager.current == "table"
    table = app.manager.get_screen("table")
    state = app.controller.state
    mover = state.seats[state.turn].colour
    assert table.turn_badge.text.startswith(f"{mover[0].upper()}  ")
    legal_dice = {f"{a.die[0]}:{a.die[1]}" for a in app.controller.session.legal() if type(a).__name__ == "Place"}
    shown = {b.text for b in buttons(table.choices) if not b.text.startswith("More")}
    assert shown == legal_dice
    die = sorted(shown)[0]
    tap(die)
    assert table.prompt.text == f"Place {die} on which area?"
    before = len(app.controller.session.game.actions)
    tap("Market")
    last = app.controller.session.game.actions[-1]
    assert str(last) == f"{mover} place {die} market" and len(app.controller.session.game.actions) > before


@pytest.mark.slow
def test_modify_then_nudge_a_die_by_taps(app):
    start(app, [SeatSpec("red"), SeatSpec("blue")], seed=6)
    table = app.manager.get_screen("table")
    state = app.controller.state
    seat = state.seats[state.turn]
    gears = seat.gears
    tap("Modify")
    assert table.prompt.text == "Modify which die?"
    die = [b.text for b in reversed(buttons(table.choices)) if not b.text.startswith("More")][0]
    tap(die)
    options = [b.text for b in buttons(table.choices)]
    nudge = "+1 (1 gear)" if "+1 (1 gear)" in options else "-1 (1 gear)"
    tap(nudge)
    last = app.controller.session.game.actions[-1]
    assert str(last) == f"{seat.colour} nudge {die} {nudge.split()[0]}"
    assert app.controller.state.seats[state.turn].gears == gears - 1
    assert table.prompt.text == "Pick a die to place"  # the same seat goes on with its turn


@pytest.mark.slow
def test_choices_that_do_not_fit_are_paged_with_more(app):
    start(app, [SeatSpec("red"), SeatSpec("blue")])
    table = app.manager.get_screen("table")
    many = [f"d6:{v} d4:{w}" for v in range(1, 7) for w in range(1, 5)]
    table.choices.clear_widgets()
    table._show_page(many)
    seen = []
    pages = 0
    while True:
        pump(1)
        row = [b.text for b in reversed(buttons(table.choices))]  # Kivy lists children last first
        more = [t for t in row if t.startswith("More")]
        assert more, "24 choices do not fit one row"
        assert all(b.right <= table.right for b in buttons(table.choices))  # nothing cut off
        seen += [t for t in row if not t.startswith("More")]
        pages += 1
        page, of = more[0].split()[1].split("/")
        if page == of:
            break
        table.choices.clear_widgets()
        table.page += 1
        table._show_page(many)
    assert seen == many and pages > 1


@pytest.mark.slow
def test_a_refused_move_shows_the_reason(app):
    start(app, [SeatSpec("red"), SeatSpec("blue")])
    table = app.manager.get_screen("table")
    table.play("white place d6:6 scavenge")  # no white seat in this game
    pump(2)
    shown = " ".join(popup_texts())
    assert "Not allowed" in shown
    assert app.controller.session.game.actions == [] or all(
        not str(a).startswith("white") for a in app.controller.session.game.actions)
    tap("OK")
    assert not open_popups()


@pytest.mark.slow
def test_automa_turn_shows_the_card_pair_and_done_plays_it(app):
    start(app, [SeatSpec("blue", "automa", "Bot", 3), SeatSpec("red", "person", "Ann")], seed=1)
    while app.manager.current != "automa":
        table = app.manager.get_screen("table")
        tap(table.chooser.options()[0])
        if table.chooser and table.chooser.path:
            tap(table.chooser.options()[0])
    screen = app.manager.get_screen("automa")
    decision = app.controller.automa_decision()
    shown = texts(screen)
    assert decision.instruction in shown
    assert f"Action: {decision.card_pair['action']['title']}" in shown
    assert f"Support: {decision.card_pair['support']['title']}" in shown
    count = len(app.controller.session.game.actions)
    app.panel.key("space")  # the panel's Confirm does what Done does
    app._poll_panel(0)
    pump(1)
    assert str(app.controller.session.game.actions[-1]) == str(decision.action)
    assert len(app.controller.session.game.actions) > count


@pytest.mark.slow
def test_history_lists_events_and_undoes_the_last(app):
    start(app, [SeatSpec("red"), SeatSpec("blue")])
    table = app.manager.get_screen("table")
    tap(table.chooser.options()[0])
    tap(table.chooser.options()[0])
    played = [str(a) for a in app.controller.session.game.actions]
    tap("History")
    screen = app.manager.get_screen("history")
    shown = " ".join(texts(screen))
    assert f"{len(played)} events" in shown and "place" in shown
    tap("Undo last")
    assert len(app.controller.session.game.actions) < len(played)
    tap("Back")
    assert app.manager.current == "table"


@pytest.mark.slow
def test_table_roll_with_a_low_confidence_reading_asks_with_the_crop(app):
    start(app, [SeatSpec("red"), SeatSpec("blue")], table_rolls=True)
    table = app.manager.get_screen("table")
    seat, types = app.controller.pending_roll()
    assert table.prompt.text.startswith(f"Roll {len(types)} dice")

    def read():  # readings as the camera feed hands them over: one die the reader is unsure of
        from ui.camera_feed import Reading
        crop = np.full((40, 40, 3), 200, np.uint8)
        colour = app.controller.state.seats[seat].colour
        return [Reading(t, 1, colour, 0.95 if i else 0.4, (0, 0, 40, 40), (), crop)
                for i, t in enumerate(sorted(types))]

    app.camera.feed = ReadingsFeed(read)
    tap("Enter the roll")
    popup = open_popups()[0]
    assert any("not sure" in t for t in texts(popup))
    images = [w for w in walk(popup) if type(w).__name__ == "Image"]
    assert images and images[0].texture.size == (40, 40)
    guess = [b for b in buttons() if b.text == "1"]
    assert guess and type(guess[0]).__name__ == "BigButton"  # the reading's guess stands out
    faces = {"d4": 4, "d6": 6, "d8": 8}[sorted(types)[0]]
    tap(str(faces))  # correct it to the highest face
    app.camera.feed = None
    rolled = app.controller.session.game.actions[-1]
    assert type(rolled).__name__ == "Roll"
    assert sorted(rolled.dice) == sorted([(sorted(types)[0], faces)] + [(t, 1) for t in sorted(types)[1:]])


def test_a_die_the_camera_reads_as_another_type_than_rolled_is_offered_as_the_rolled_type(app):
    """The game knows the types rolled: a die read as a type not rolled is read again as the type left for it,
    its value offered to confirm; the other dice are played as read."""
    from tests.vision.test_known_types import joint
    from ui.camera_feed import Reading
    from vision.readings import DieReading

    start(app, [SeatSpec("red"), SeatSpec("blue")], table_rolls=True)
    seat, types = app.controller.pending_roll()
    types = sorted(types)
    colour = app.controller.state.seats[seat].colour
    misread = next(t for t in ("d4", "d6", "d8") if t not in types)  # what the first die is taken for
    frame = np.full((120, 100 * len(types) + 20, 3), 200, np.uint8)

    def read():
        dice = []
        for k, die_type in enumerate(types):
            shown = (misread, 1) if k == 0 else (die_type, 1)
            odds = joint(shown, other=(die_type, 2) if k == 0 else None)
            x = 60.0 + 100 * k
            dice.append(Reading.of(DieReading(shown[0], 1, colour, (x, 60.0), [], 0.95, 0.95, 1.0,
                                              bbox=(x - 30, 30.0, x + 30, 90.0), type_value_probabilities=odds), frame))
        return dice

    app.camera.feed = ReadingsFeed(read)
    tap("Enter the roll")
    assert any("not sure" in t for t in texts(open_popups()[0]))
    guess = [b for b in buttons() if b.text == "2"]
    assert guess and type(guess[0]).__name__ == "BigButton"  # the value read as the type rolled
    tap("2")
    app.camera.feed = None
    rolled = app.controller.session.game.actions[-1]
    assert sorted(rolled.dice) == sorted([(types[0], 2)] + [(t, 1) for t in types[1:]])


@pytest.mark.slow
def test_roll_entered_by_hand_one_die_at_a_time(app):
    start(app, [SeatSpec("red"), SeatSpec("blue")], table_rolls=True)
    seat, types = app.controller.pending_roll()
    tap("Enter the roll")
    for _ in types:
        tap("2")
    rolled = app.controller.session.game.actions[-1]
    assert sorted(rolled.dice) == sorted((t, 2) for t in types)


def test_touch_targets_and_text_sizes_on_every_screen(app):
    from kivy.uix.label import Label

    start(app, [SeatSpec("red", "person", "Ann"), SeatSpec("blue", "automa", "Bot")])
    for name in ("home", "setup", "table", "automa", "history", "evenings"):
        app.go(name)
        pump(2)
        screen = app.manager.get_screen(name)
        for button in buttons(screen):
            if button.opacity:
                assert button.height >= 48, (name, button.text, button.height)
        for label in (w for w in walk(screen) if isinstance(w, Label) and w.text):
            assert label.font_size >= 18, (name, label.text, label.font_size)


@pytest.mark.slow
def test_two_automa_turns_in_a_row_each_show_their_own_cards(app):
    start(app, [SeatSpec("blue", "automa", "Bot", 1), SeatSpec("green", "automa", "Cog", 2)], seed=2)
    screen = app.manager.get_screen("automa")
    for _ in range(6):
        assert app.manager.current == "automa"
        decision = app.controller.automa_decision()
        assert decision.instruction in texts(screen)
        assert screen.decision == decision
        tap("Done: next")
        assert app.controller.session.game.actions[-1] == decision.action


@pytest.mark.slow
def test_an_unusable_games_database_is_reported_and_play_goes_on(tmp_path):
    from sim.app_driver import build_app

    blocked = tmp_path / "not-a-database"
    blocked.mkdir()  # a folder where the database file should be
    companion_app = build_app(blocked)
    try:
        pump(2)
        shown = " ".join(popup_texts())
        assert "Games database unavailable" in shown and str(blocked) in shown
        assert blocked.is_dir() and not any(blocked.iterdir())  # nothing touched
        close_popups()
        start(companion_app, [SeatSpec("red"), SeatSpec("blue")])
        assert companion_app.store.games()[0].id == companion_app.controller.session.game_id
    finally:
        companion_app.teardown()


@pytest.mark.parametrize("table_rolls,line", [
    (False, "Camera off: the app rolls; tap the moves"),
    (True, "Camera off: enter the rolls and moves by hand"),
])
@pytest.mark.slow
def test_with_the_camera_off_the_table_says_who_rolls(app, table_rolls, line):
    start(app, [SeatSpec("red", "person", "Ann"), SeatSpec("blue", "person", "Bo")], table_rolls=table_rolls)
    assert app.camera.feed is None and app.manager.get_screen("table").camera_line.text == line


def test_a_lost_camera_says_what_is_left_to_do(app, monkeypatch):
    from companion.session import follower
    from hardware.camera import SyntheticSource

    source = SyntheticSource(lambda: None, (640, 360))  # a camera that delivers no frame
    source.start()
    source.read_preview()
    monkeypatch.setattr(follower, "dice_reader", lambda table_dice=None: (None, "no dice reader"))
    app.camera.source, app.camera.allowed = lambda: source, True
    app.camera.settings = replace(app.settings, camera=replace(app.settings.camera, lost_after_s=0.1))
    start(app, [SeatSpec("red", "person", "Ann"), SeatSpec("blue", "person", "Bo")])
    time.sleep(0.2)  # no frame for camera.lost_after_s
    pump(2)
    assert app.manager.get_screen("table").camera_line.text == "Camera lost: the app rolls; tap the moves"
