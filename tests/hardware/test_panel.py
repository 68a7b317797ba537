"""The button/LED panel on gpiozero's MockFactory, and its keyboard stand-in."""
from __future__ import annotations

import logging
import threading
import time

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.panel import (
    Debouncer,
    GpioPanel,
    KeyboardPanel,
    LedMode,
    PanelEvent,
    PanelUnavailable,
    open_panel,
)

WIRING = dict(seat_buttons=(5, 6, 13), seat_leds=(17, 27, 22), confirm_button=26, undo_button=16, automa_led=24,
              bounce_ms=50, blink_ms=50)


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def factory():
    mock = MockFactory()
    yield mock
    mock.reset()


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def panel(factory, clock):
    opened = GpioPanel(**WIRING, pin_factory=factory, clock=clock)
    yield opened
    opened.close()


def press(factory, clock, pin: int) -> None:
    """A clean press and release, well apart from anything before it."""
    clock.now += 1.0
    factory.pin(pin).drive_low()
    clock.now += 0.1
    factory.pin(pin).drive_high()


def test_each_button_maps_to_its_event(panel, factory, clock):
    for pin in (13, 5, 26, 16, 6):
        press(factory, clock, pin)
    assert panel.drain() == [PanelEvent("seat", 3), PanelEvent("seat", 1), PanelEvent("confirm"),
                             PanelEvent("undo"), PanelEvent("seat", 2)]
    assert panel.poll() is None


def chatter(pin, clock, transitions: int, start_low: bool) -> None:
    """``transitions`` edges 2 ms apart, alternating, the first one to low or to high."""
    for transition in range(transitions):
        to_low = (transition % 2 == 0) == start_low
        pin.drive_low() if to_low else pin.drive_high()
        clock.now += 0.002


def test_a_bouncing_contact_is_one_press(panel, factory, clock):
    pin = factory.pin(6)
    clock.now += 1.0
    chatter(pin, clock, 10, start_low=True)  # 10 transitions within 20 ms: a quick jab
    assert panel.drain() == [PanelEvent("seat", 2)]

    clock.now += 1.0
    chatter(pin, clock, 9, start_low=True)  # pressed with chatter, ends held down
    clock.now += 0.3
    chatter(pin, clock, 9, start_low=False)  # released with chatter, ends up
    assert pin.state is True
    assert panel.drain() == [PanelEvent("seat", 2)]

    press(factory, clock, 6)  # the next real press still counts
    assert panel.drain() == [PanelEvent("seat", 2)]


def test_a_bouncing_contact_in_real_time_is_one_press(factory):
    """The same with the real clock: gpiozero's callbacks as they come."""
    with GpioPanel(**WIRING, pin_factory=factory) as panel:
        pin = factory.pin(26)
        started = time.monotonic()
        for transition in range(10):
            pin.drive_low() if transition % 2 == 0 else pin.drive_high()
        assert time.monotonic() - started < 0.02
        assert panel.drain() == [PanelEvent("confirm")]


def test_debouncer_needs_a_quiet_contact_before_a_press():
    clock = FakeClock()
    debouncer = Debouncer(0.05, clock)
    assert debouncer.edge(True) is True
    clock.now += 0.01
    assert debouncer.edge(False) is False
    clock.now += 0.01
    assert debouncer.edge(True) is False  # chatter
    clock.now += 0.06
    assert debouncer.edge(False) is False  # a release is never a press
    clock.now += 0.06
    assert debouncer.edge(True) is True


def test_presses_from_other_threads_reach_the_consumer(factory):
    with GpioPanel(**WIRING, pin_factory=factory, clock=FakeClock()) as panel:
        threads = [threading.Thread(target=factory.pin(pin).drive_low) for pin in (5, 6, 13)]
        for thread in threads:
            thread.start()
        received = {panel.poll(timeout=1.0) for _ in threads}
    assert received == {PanelEvent("seat", 1), PanelEvent("seat", 2), PanelEvent("seat", 3)}


def transitions(factory, pin: int, seconds: float) -> int:
    before = len(factory.pin(pin).states)
    time.sleep(seconds)
    return len(factory.pin(pin).states) - before


def test_leds_follow_the_turn_solid_blinking_or_off(panel, factory):
    panel.show(turn_seat=1, needs_attention={3})
    assert panel.led_modes() == {"seat1": LedMode.ON, "seat2": LedMode.OFF, "seat3": LedMode.BLINK,
                                 "automa": LedMode.OFF}
    assert factory.pin(17).state is True and factory.pin(27).state is False
    assert transitions(factory, 22, 0.3) >= 3  # seat 3 blinks (50 ms on, 50 ms off)
    assert transitions(factory, 17, 0.05) == 0 and factory.pin(17).state is True  # solid

    panel.show(turn_seat=1, needs_attention={3})  # same picture again: the blink keeps going
    assert transitions(factory, 22, 0.2) >= 2

    panel.show(turn_seat=None, automa_turn=True)
    assert factory.pin(24).state is True
    assert factory.pin(17).state is False and factory.pin(22).state is False
    assert transitions(factory, 22, 0.12) == 0  # the blink stopped

    panel.show(turn_seat=2, needs_attention={2}, automa_attention=True)
    assert panel.led_modes()["seat2"] is LedMode.BLINK  # "needs you" wins over "your turn"
    assert panel.led_modes()["automa"] is LedMode.BLINK


def test_show_refuses_a_seat_that_is_not_on_the_panel(panel):
    with pytest.raises(ValueError, match="seat 4 is not on this panel"):
        panel.show(turn_seat=4)


def test_keyboard_panel_has_the_same_interface():
    panel = KeyboardPanel(seats=3)
    assert [panel.key(k) for k in ["2", "spacebar", "U", " ", "4", "x"]] == [True, True, True, True,
                                                                            False, False]
    assert panel.drain() == [PanelEvent("seat", 2), PanelEvent("confirm"), PanelEvent("undo"),
                             PanelEvent("confirm")]
    panel.show(turn_seat=3, needs_attention=[1])
    assert panel.led_modes()["seat3"] is LedMode.ON and panel.led_modes()["seat1"] is LedMode.BLINK


def test_auto_falls_back_to_the_keyboard_with_one_clear_line(caplog, monkeypatch):
    def no_driver():
        raise PanelUnavailable("no GPIO pin driver could be loaded (test)")

    monkeypatch.setattr("hardware.panel.choose.default_pin_factory", no_driver)
    with caplog.at_level(logging.INFO, logger="hardware.panel"):
        panel = open_panel("auto", **WIRING)
    assert isinstance(panel, KeyboardPanel)
    assert [r.getMessage() for r in caplog.records] == [
        "panel: using the keyboard (keys 1-4 = seat buttons, Space = Confirm, U = Undo); "
        "GPIO not available: no GPIO pin driver could be loaded (test)"]
    with pytest.raises(PanelUnavailable, match="no GPIO pin driver"):
        open_panel("gpio", **WIRING)


def test_auto_uses_gpio_when_a_pin_factory_is_there(factory, caplog):
    with caplog.at_level(logging.INFO, logger="hardware.panel"):
        panel = open_panel("auto", **WIRING, pin_factory=factory)
    try:
        assert isinstance(panel, GpioPanel)
        assert "panel: using GPIO buttons and LEDs (MockFactory, 3 seats)" in caplog.text
    finally:
        panel.close()


def test_a_pin_that_is_taken_gives_a_clear_error_and_releases_the_rest(factory):
    from gpiozero import LED
    taken = LED(24, pin_factory=factory)
    with pytest.raises(PanelUnavailable, match="could not claim its pins"):
        GpioPanel(**WIRING, pin_factory=factory)
    taken.close()
    GpioPanel(**WIRING, pin_factory=factory).close()  # nothing was left claimed
