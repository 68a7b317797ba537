"""The panel on GPIO pins, through gpiozero (any pin factory, including its MockFactory)."""
from __future__ import annotations

import time
from typing import Any, Callable, Optional, Sequence

from .base import AUTOMA_LED, Debouncer, LedMode, Panel, PanelEvent, PanelUnavailable, seat_led


class GpioPanel(Panel):
    """Buttons wired from pin to ground (internal pull-up), LEDs from pin to ground.

    Bounce is filtered here rather than by the pin driver, so that every pin factory
    (lgpio, RPi.GPIO, the mock one in tests) behaves the same. Buttons are plain
    ``DigitalInputDevice``s: the panel needs no hold detection, and that spares a thread each.
    """

    name = "gpio"

    def __init__(self, *, seat_buttons: Sequence[int], seat_leds: Sequence[int], confirm_button: int,
                 undo_button: int, automa_led: int, bounce_ms: int, blink_ms: int, pin_factory: Any = None,
                 clock: Callable[[], float] = time.monotonic):
        """Pins are BCM numbers; seat *i* has the *i*-th of ``seat_buttons`` and ``seat_leds``."""
        super().__init__(len(seat_buttons))
        from gpiozero import LED, DigitalInputDevice  # the only place gpiozero devices are made

        self._blink_s = blink_ms / 1000
        self._devices: list[Any] = []
        self._leds: dict[str, Any] = {}
        buttons: list[tuple[int, str, Optional[int]]] = [(pin, "seat", seat)
                                                         for seat, pin in enumerate(seat_buttons, start=1)]
        buttons += [(confirm_button, "confirm", None), (undo_button, "undo", None)]
        leds = [(seat_led(seat), pin) for seat, pin in enumerate(seat_leds, start=1)]
        leds.append((AUTOMA_LED, automa_led))
        try:
            for pin, kind, seat in buttons:
                button = DigitalInputDevice(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
                self._devices.append(button)
                self._watch(button, Debouncer(bounce_ms / 1000, clock), kind, seat)
            for led_name, pin in leds:
                led = LED(pin, pin_factory=pin_factory)
                self._devices.append(led)
                self._leds[led_name] = led
        except Exception as exc:
            self.close()
            raise PanelUnavailable(f"the GPIO panel could not claim its pins: {exc}") from exc
        factory = self._devices[0].pin_factory
        self.pin_factory_name = type(factory).__name__

    def _watch(self, button: Any, debouncer: Debouncer, kind: str, seat: Optional[int]) -> None:
        def pressed() -> None:
            if debouncer.edge(True):
                self._emit(PanelEvent(kind, seat))  # type: ignore[arg-type]

        def released() -> None:
            debouncer.edge(False)

        button.when_activated = pressed
        button.when_deactivated = released

    def _set_led(self, led: str, mode: LedMode) -> None:
        device = self._leds[led]
        if mode is LedMode.ON:
            device.on()
        elif mode is LedMode.BLINK:
            device.blink(on_time=self._blink_s, off_time=self._blink_s, background=True)
        else:
            device.off()

    def close(self) -> None:
        for device in reversed(self._devices):
            device.close()
        self._devices.clear()
