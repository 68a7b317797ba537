"""What every panel backend shares: the event queue, the LED language, and bounce filtering.

Button presses arrive on whatever thread the backend uses (gpiozero calls back on its own
threads); they are put on a thread-safe queue that the session or UI drains from its own
thread with :meth:`Panel.poll` or :meth:`Panel.drain`.

LED language: solid = your turn; blinking = the table needs you (confirm a reading, fix a
mismatch); off = wait. Blinking wins over solid, because it asks for something.
"""
from __future__ import annotations

import enum
import queue
import threading
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Callable, Collection, Literal, Optional

EventKind = Literal["seat", "confirm", "undo"]
AUTOMA_LED = "automa"


class PanelUnavailable(RuntimeError):
    """The panel backend asked for cannot be used (the message says why and what to install)."""


class LedMode(enum.Enum):
    OFF = "off"
    ON = "on"
    BLINK = "blink"


@dataclass(frozen=True)
class PanelEvent:
    """One accepted button press. Seats are numbered from 1, as on the panel."""

    kind: EventKind
    seat: Optional[int] = None
    at: float = field(default_factory=time.monotonic, compare=False)


def seat_led(seat: int) -> str:
    return f"seat{seat}"


class Debouncer:
    """Turns the edges of one bouncing contact into presses.

    A press edge counts only when the contact had been quiet (no edge at all) for
    ``bounce_s`` before it. The first edge of a burst is therefore reported at once, and
    the chatter after it (and the chatter of the release) is not.
    """

    def __init__(self, bounce_s: float, clock: Callable[[], float] = time.monotonic):
        self.bounce_s = bounce_s
        self._clock = clock
        self._last_edge: Optional[float] = None
        self._lock = threading.Lock()

    def edge(self, pressed: bool) -> bool:
        """Record an edge; True when it is a press to report."""
        with self._lock:
            now = self._clock()
            quiet = self._last_edge is None or now - self._last_edge >= self.bounce_s
            self._last_edge = now
            return pressed and quiet


class Panel(ABC):
    """Seat buttons, Confirm, Undo, one LED per seat and the Automa LED."""

    name: str = "panel"

    def __init__(self, seats: int):
        if not 1 <= seats <= 4:
            raise ValueError(f"a panel serves 1 to 4 seats, got {seats}")
        self.seats = seats
        self._events: "queue.SimpleQueue[PanelEvent]" = queue.SimpleQueue()
        self._modes = {**{seat_led(s): LedMode.OFF for s in range(1, seats + 1)}, AUTOMA_LED: LedMode.OFF}
        self._leds_lock = threading.Lock()

    # --- buttons ------------------------------------------------------------------------

    def _emit(self, event: PanelEvent) -> None:
        self._events.put(event)

    def poll(self, timeout: Optional[float] = 0.0) -> Optional[PanelEvent]:
        """The next press, or None. ``timeout``: 0 = do not wait, None = wait for one."""
        try:
            if timeout == 0:
                return self._events.get_nowait()
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def drain(self) -> list[PanelEvent]:
        """Every press waiting, oldest first."""
        events = []
        while (event := self.poll()) is not None:
            events.append(event)
        return events

    # --- LEDs ---------------------------------------------------------------------------

    def show(self, turn_seat: Optional[int], needs_attention: Collection[int] = (),
             automa_turn: bool = False, automa_attention: bool = False) -> None:
        """Set every LED: solid for the seat whose turn it is, blinking for the seats the
        table needs, off for the rest; the Automa LED likewise. Cheap to call every frame:
        only LEDs whose mode changes are touched (a blinking LED keeps its rhythm)."""
        for seat in [turn_seat, *needs_attention]:
            if seat is not None and not 1 <= seat <= self.seats:
                raise ValueError(f"seat {seat} is not on this panel (seats 1 to {self.seats})")
        wanted = {}
        for seat in range(1, self.seats + 1):
            wanted[seat_led(seat)] = (LedMode.BLINK if seat in needs_attention
                                      else LedMode.ON if seat == turn_seat else LedMode.OFF)
        wanted[AUTOMA_LED] = (LedMode.BLINK if automa_attention
                              else LedMode.ON if automa_turn else LedMode.OFF)
        with self._leds_lock:
            for led, mode in wanted.items():
                if self._modes[led] is not mode:
                    self._set_led(led, mode)
                    self._modes[led] = mode

    def led_modes(self) -> dict[str, LedMode]:
        """The mode of every LED (``seat1``... and ``automa``), e.g. for drawing them on screen."""
        with self._leds_lock:
            return dict(self._modes)

    @abstractmethod
    def _set_led(self, led: str, mode: LedMode) -> None:
        """Drive one LED."""

    def close(self) -> None:
        """Release the devices (LEDs go dark)."""

    def __enter__(self) -> "Panel":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
