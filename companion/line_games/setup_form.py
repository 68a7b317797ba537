"""Setting up a new game on the touchscreen: rows of buttons (the level, the colours or the people, the road
model or deck entered once, the options), prefilled from the latest game of that kind, and the setup they make.
Each game's form (its package's ``table.form``) says what its rows are; the screen only shows them and passes the
taps on. No Kivy here."""
from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from ..games.registry import kind_named
from ..store import GameStore, StoreError
from .entered import Entered, entered

if TYPE_CHECKING:
    from .kinds import GameKind

MAX_ENTERED = 3  # the roads or decks offered, the most recently saved or played first
ENTER = "enter"  # the option that opens the entry screen of a new road or deck


@dataclass(frozen=True)
class Option:
    text: str            # the button's words
    value: str           # what a tap on it tells the form
    chosen: bool = False


@dataclass(frozen=True)
class Row:
    key: str             # what a tap on one of its options changes
    label: str
    options: tuple[Option, ...]


def latest_header(store: GameStore, kind_name: str) -> Optional[dict[str, Any]]:
    """The header of the latest saved game of this kind; None when there is none."""
    latest = store.latest_game_id(kind_name)
    return dict(store.header(latest)) if latest else None


def setup_form(store: GameStore, kind_name: str) -> "SetupForm":
    """The form of a new game of this kind, prefilled as its latest game (or the game's defaults)."""
    chosen = kind_named(kind_name)
    try:
        header = latest_header(store, kind_name)
        saved = entered(store, kind_name)[:MAX_ENTERED] if chosen.entered is not None else []
    except StoreError as exc:
        raise StoreError(f"The saved games cannot be read to set up the game: {exc}") from None
    return chosen.setup_form(header, saved)


def pick(chosen: list[str], value: str, most: int) -> list[str]:
    """Tap ``value`` in a row where up to ``most`` are chosen: a chosen one is let go, another is
    chosen and, when that makes one too many, the one chosen first is let go."""
    if value in chosen:
        return [c for c in chosen if c != value]
    return (chosen + [value])[-most:]


def entered_options(texts: Sequence[Entered], chosen: Optional[str], size: Callable[[str], str],
                     enter: str) -> tuple[Option, ...]:
    """None, each road or deck entered (its size and when it was last saved or played, to tell them
    apart), then the way to enter a new one."""
    return (Option("None", "", not chosen),) + tuple(
        Option(f"{size(e.text)} · {e.last_used.astimezone():%d %b}", str(n), e.text == chosen)
        for n, e in enumerate(texts)) + (Option(enter, ENTER),)


class SetupForm(ABC):
    """The rows of one game's setup. ``kind``: the game set up; ``saved``: the roads or decks entered, offered."""

    def __init__(self, kind: "GameKind", saved: Sequence[Entered]) -> None:
        self.kind = kind
        self.saved = list(saved)

    @property
    def kind_name(self) -> str:
        return self.kind.name

    @property
    def title(self) -> str:
        return self.kind.title

    @abstractmethod
    def rows(self) -> tuple[Row, ...]:
        """The rows shown now (a row that does not matter with the choices made is left out)."""

    @abstractmethod
    def tap(self, key: str, value: str) -> None:
        """An option of row ``key`` tapped."""

    @abstractmethod
    def notes(self) -> list[str]:
        """What the choices mean, in a line or two under the rows."""

    @abstractmethod
    def header(self) -> dict[str, Any]:
        """The setup as the store's header keeps it, less the seed."""

    @abstractmethod
    def problem(self) -> str:
        """Why the game cannot start with these choices, or ""."""

    def setup(self, seed: Optional[int] = None) -> Any:
        """The game's setup with a fresh seed (or ``seed``); ValueError saying why not."""
        problem = self.problem()
        if problem:
            raise ValueError(problem)
        seed = secrets.randbelow(2**31) if seed is None else seed
        return self.kind.setup_from_json({**self.header(), "seed": seed})

    def offer(self, store: GameStore, text: str) -> None:
        """Offer the roads or decks entered as they are now that ``text`` was saved, ``text`` chosen."""
        assert self.kind.entered is not None
        self.saved = entered(store, self.kind_name)[:MAX_ENTERED]
        self.tap(self.kind.entered.field, str(next(n for n, e in enumerate(self.saved) if e.text == text)))

    def _entered_text(self, value: str) -> Optional[str]:
        return self.saved[int(value)].text if value else None
