"""The runtime of a game at the table: the panel's buttons and LEDs, and every change going through it."""
import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import PanelConfig
from companion.games.automata.rules.actions import CHANCE_TYPES
from companion.session import SeatSpec, TableSession
from companion.session.runtime import Pressed, TableRuntime
from companion.store import GameStore
from hardware.panel import KeyboardPanel, LedMode, PanelEvent, open_panel


@pytest.fixture
def session(tmp_path):
    with GameStore(tmp_path / "g.db") as store:
        yield TableSession.new(store, [SeatSpec("red"), SeatSpec("blue", "automa", level=1)], seed=3)


def press_all(runtime, panel):
    return [runtime.press(event) for event in panel.drain()]


def test_keyboard_buttons_undo_and_confirm(session):
    panel = KeyboardPanel(2)
    runtime = TableRuntime(session, panel)
    move = session.legal()[0]
    assert runtime.submit(move).ok
    events = len(session.game.actions)
    panel.key("u")
    assert [p.outcome.ok for p in press_all(runtime, panel)] == [True]
    assert len(session.game.actions) < events
    while session.automa_decision() is None:
        assert runtime.submit(session.legal()[0]).ok
    automa_moves = len(session.game.actions)
    assert panel.led_modes()["automa"] is LedMode.ON
    assert panel.led_modes()["seat2"] is LedMode.OFF  # an Automa's turn lights the Automa LED, not its seat's
    panel.key("space")
    assert [p.outcome.ok for p in press_all(runtime, panel)] == [True]
    assert len(session.game.actions) > automa_moves


def test_confirm_asks_for_the_roll_the_table_is_to_make_and_otherwise_does_nothing(tmp_path):
    with GameStore(tmp_path / "g.db") as store:
        session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=3, table_rolls=True)
        runtime = TableRuntime(session, KeyboardPanel(2))
        assert session.upcoming_state().is_chance_node  # the first rolls are the table's
        events = store.events(session.game_id)
        assert runtime.press(PanelEvent("confirm")) == Pressed(asks_roll=True)
        assert runtime.press(PanelEvent("seat", 1)) == Pressed()
        assert store.events(session.game_id) == events


def test_undo_with_nothing_to_undo_is_refused_and_says_why(session):
    pressed = TableRuntime(session, KeyboardPanel(2)).press(PanelEvent("undo"))
    assert not pressed.outcome.ok and pressed.outcome.reason == "There is no move to undo"


def test_the_leds_follow_every_change_made_through_the_runtime(tmp_path):
    with GameStore(tmp_path / "g.db") as store:
        session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=3)
        panel = KeyboardPanel(2)
        runtime = TableRuntime(session, panel)
        for _ in range(4):
            turn = session.upcoming_state().turn
            assert panel.led_modes()[f"seat{turn + 1}"] is LedMode.ON
            assert panel.led_modes()[f"seat{2 - turn}"] is LedMode.OFF
            assert runtime.submit(session.legal()[0]).ok
        assert runtime.undo().ok
        assert panel.led_modes()[f"seat{session.upcoming_state().turn + 1}"] is LedMode.ON


def test_a_bouncing_undo_button_undoes_once(session):
    factory = MockFactory()
    try:
        config = PanelConfig(seat_buttons=(5, 6), seat_leds=(17, 27), confirm_button=26, undo_button=16,
                             automa_led=24, bounce_ms=50, blink_ms=50)
        panel = open_panel("gpio", **config.hardware_arguments(), pin_factory=factory)
        runtime = TableRuntime(session, panel)
        for _ in range(3):
            assert runtime.submit(session.legal()[0]).ok
        moves = len(session.game.actions)
        one_undo = next(i for i, a in enumerate(reversed(session.game.actions), 1) if not isinstance(a, CHANCE_TYPES))
        pin = factory.pin(16)
        for transition in range(10):  # 10 transitions within a few milliseconds
            pin.drive_low() if transition % 2 == 0 else pin.drive_high()
        press_all(runtime, panel)
        assert len(session.game.actions) == moves - one_undo
        assert session.store.events(session.game_id).count("undo") == one_undo
        turn = session.upcoming_state().turn
        if session.seats[turn].kind == "person":
            assert panel.led_modes()[f"seat{turn + 1}"] is LedMode.ON
        panel.close()
    finally:
        factory.reset()


def test_following_a_table_takes_the_rolls_from_it_and_says_so_in_the_saved_game(session):
    runtime = TableRuntime(session)
    assert not session.table_rolls
    runtime.follow_table()
    assert session.table_rolls and session.store.meta(session.game_id)["table_rolls"] is True
    assert session.play_seeded().ok  # the order and the deal; the rolls wait for the table
    assert session.upcoming_state().is_chance_node
