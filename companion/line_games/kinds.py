"""The surface every game played at the table by lines presents: its rules (``TableGame``) and what the companion
needs of it besides (``GameKind``: its setup on the command line and the touchscreen, what the table is asked next,
whose turn the panel shows, its status line, what the camera looks for). Each game's package implements it; the
registry (``companion.games.registry``) names them, so nothing here or in the shared parts names a game."""
from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import (
    IO,
    TYPE_CHECKING,
    Any,
    Callable,
    Optional,
    Protocol,
    Sequence,
)

from vision.readings import ReadingsByZone

if TYPE_CHECKING:
    from calibration.layout import ZoneLayout
    from companion.store import GameStore

    from .choices import Step
    from .entered import Entered
    from .entry import Entry
    from .leds import Turn
    from .setup_form import SetupForm


class Shown(Protocol):
    """A game as the New game screen shows it (read only)."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def about(self) -> str:
        """The game in a line, under its name on the New game screen."""
        ...

    @property
    def colour(self) -> tuple[float, float, float, float]:
        """Its button's (RGBA)."""
        ...

    @property
    def levels(self) -> tuple[str, ...]:
        """Its Automa's levels as a game's header names them, the easiest first; none for a game without them."""
        ...


class Answered(Protocol):
    """The answer to a line submitted to a game in play: whether it was played (and saved), or why not."""

    @property
    def ok(self) -> bool: ...

    @property
    def reason(self) -> str: ...


class GameInPlay(Protocol):
    """A game in play, as every registered game's is (``RegisteredGame.start``, ``resume``): each line the table
    sends is checked, saved, then played; undo takes the last one back; a saved game resumes as it was."""

    @property
    def game_id(self) -> str: ...

    @property
    def over(self) -> bool: ...

    def next_step(self, parts: Sequence[str]) -> Optional["Step"]:
        """What the table is asked next, once ``parts`` of a line are tapped (None once nothing is asked)."""
        ...

    def submit(self, line: str) -> Answered: ...

    def undo(self) -> Answered: ...

    def snapshot(self) -> dict[str, Any]:
        """The game as it stands, as ``RegisteredGame.replay`` gives a record's ``state``."""
        ...


class Screens(Protocol):
    """The app's side of setting up and resuming a game (``RegisteredGame.set_up``, ``open``): Automata's screens
    (its seats, then its table), and those of the games played by lines (a setup form, then the game's screen)."""

    def set_up_seats(self) -> None:
        """Automata's setup: its seats and their levels."""
        ...

    def set_up_by_form(self, name: str) -> None:
        """The setup form of the game ``name``, prefilled as the latest game of it."""
        ...

    def open_engine_game(self, game_id: str) -> None:
        """The saved game ``game_id`` of Automata, resumed at its table."""
        ...

    def open_line_game(self, game_id: str) -> None:
        """The saved game ``game_id`` of a game played by lines, resumed on its screen."""
        ...


class RegisteredGame(Shown, Protocol):
    """Any game registered (``companion.games.registry.game_named``), as the New game and Home screens, the
    headless session and ``replay`` see it."""

    def set_up(self, screens: Screens) -> None:
        """Show the setup of a new game of it (New game)."""
        ...

    def open(self, screens: Screens, game_id: str) -> None:
        """Show its saved game ``game_id``, resumed (Home)."""
        ...

    def serve(self, args: argparse.Namespace, stdin: IO[str], stdout: IO[str]) -> int:
        """The headless session of it (``session --game NAME``) through ``stdin``: its exit status."""
        ...

    def saved_line(self, header: dict[str, Any], meta: dict[str, Any]) -> str:
        """A saved game of it for the Home screen's list, after its date: where it stands, who plays."""
        ...

    def replay(self, text: str) -> dict[str, Any]:
        """What ``replay`` prints of a record of it; raises ``RecordError`` naming the line it cannot use."""
        ...

    def start(self, store: "GameStore", args: argparse.Namespace) -> GameInPlay:
        """A new game in ``store``, set up by the command line's options (``session --new``); ValueError
        saying why it cannot start."""
        ...

    def resume(self, store: "GameStore", game_id: Optional[str]) -> GameInPlay:
        """The saved game ``game_id`` (the latest of this game when None), replayed."""
        ...


class TableGame(Protocol):
    """A game's rules as the stored session plays them: each event a line the table gives, each answer events of
    the game's own (what the Automas do), which its kind words (``GameKind.words``)."""

    def play(self, event: str) -> Sequence[Any]:
        """Play ``event``: what the Automas do, as the game's events; raises the kind's ``refused`` and changes
        nothing."""
        ...

    def waiting_for(self) -> str:
        """What the game waits for (``"over"`` once it is)."""
        ...

    def prompt(self) -> str:
        """What the table is asked now, in full."""
        ...

    def setup_events(self) -> Sequence[Any]:
        """What to do at the table before the first event, as the game's events."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The game's state as plain data."""
        ...

    def scores(self) -> dict[str, int]:
        ...

    def winners(self) -> list[str]:
        ...


@dataclass(frozen=True)
class EnteredText:
    """A text entered once and offered to every new game of the kind (a road model, an Automa deck)."""

    field: str                    # the header's field, and the setup form's row ("road")
    folder: str                   # the folder beside the game database its files are saved in ("roads")
    normal: Callable[[str], str]  # the text as the header keeps it; ValueError when it is not one


class RollSeen(Protocol):
    """A roll the camera read: its values (None where it could not, with why), and the line that plays them."""

    @property
    def values(self) -> Optional[Sequence[int]]: ...

    @property
    def why(self) -> str: ...

    def line(self) -> str: ...


class TableCheck(Protocol):
    """What a game's camera looks for at the table (``GameKind.camera``): the dice of ``dice_colours`` in zones
    of its own (``layout``), calibrated (``calibrate --game NAME``, the dice laid out in ``calibration_zones``) into
    the profile named ``profile_name``, beside the calibration profile. Its data are read only."""

    @property
    def profile_name(self) -> str: ...

    @property
    def dice_colours(self) -> Sequence[str]: ...

    @property
    def calibration_zones(self) -> Sequence[str]: ...

    @property
    def about_zones(self) -> str:
        """What ``print-markers`` and ``calibrate`` do for the game, in a line of their help."""
        ...

    def layout(self) -> "ZoneLayout":
        ...

    def rolling(self, game: Any) -> bool:
        """Whether the game asks for a roll the camera can read."""
        ...

    def roll(self, game: Any, placed: Optional[ReadingsByZone]) -> Optional[RollSeen]:
        """The roll asked for, as read in ``placed``; None when nothing is asked."""
        ...

    def checks(self, line: str) -> bool:
        """Whether the table is checked once ``line`` is played (the Automas' turn starts)."""
        ...

    def expected(self, game: Any) -> Any:
        """What the table should show now, to be compared once the look comes."""
        ...

    def differences(self, placed: ReadingsByZone, expected: Any) -> list[str]:
        """Where the table read differs from ``expected``, each in a line."""
        ...


class GameKind(Shown, Protocol):
    """One game at the table, as the companion's shared parts see it. Its data are read only (a kind may
    give each as a class attribute)."""

    @property
    def refused(self) -> type[Exception]:
        """What the game raises for an event it cannot play."""
        ...

    @property
    def entered(self) -> Optional[EnteredText]:
        """The text entered once (a road, a deck), if the game has one."""
        ...

    @property
    def camera(self) -> Optional[TableCheck]:
        """What the camera looks for, if anything."""
        ...

    @property
    def new_game_options(self) -> Sequence[str]:
        """The command line's options that set up a new game only."""
        ...

    def setup_from_json(self, data: dict[str, Any]) -> Any:
        """The setup a header keeps; ValueError (or KeyError, TypeError) when it cannot be read."""
        ...

    def new_game(self, setup: Any) -> TableGame:
        """The game before any event."""
        ...

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        """Its options on the command line (``session --game NAME --new``)."""
        ...

    def setup_from_args(self, args: argparse.Namespace) -> Any:
        """The setup those options make; ValueError (an UnusableFile for a file) saying why not."""
        ...

    def setup_form(self, header: Optional[dict[str, Any]], saved: Sequence["Entered"]) -> "SetupForm":
        """The touchscreen's form, prefilled by ``header`` (the latest game's; None for the defaults)."""
        ...

    def new_entry(self, form: "SetupForm", in_progress: Optional["Entry"]) -> "Entry":
        """The entry of a text for ``form``: ``in_progress`` if it fits, else a new one."""
        ...

    def next_step(self, game: Any, parts: Sequence[str]) -> Optional["Step"]:
        """What to tap next, given the parts of the line tapped so far; None when it is complete."""
        ...

    def whose_turn(self, game: Any, parts: Sequence[str]) -> "Turn":
        """The turn the panel's LEDs show."""
        ...

    def status(self, game: Any) -> str:
        """The game's standing in one line."""
        ...

    def words(self, event: Any) -> str:
        """One of the game's events (``TableGame.play``, ``setup_events``) as the line the table reads."""
        ...

    def mid_turn(self, game: Any) -> bool:
        """Whether the game waits in the middle of the Automas' turn (what they said so far still holds)."""
        ...

    def turn_lines(self, game: Any) -> int:
        """How many of the lines last played make up the turn the table's Undo takes back (1: a line)."""
        ...


class GameOptions(Protocol):
    """A game's module of command-line options (its package's ``table.options``)."""

    @property
    def NEW_GAME_OPTIONS(self) -> Sequence[str]: ...

    def add_options(self, parser: argparse.ArgumentParser) -> None: ...

    def setup_from_args(self, args: argparse.Namespace) -> Any: ...


class GameChoices(Protocol):
    """A game's module of what the table is asked next (its package's ``table.choices``)."""

    def next_step(self, game: Any, parts: list[str]) -> Optional["Step"]: ...


class GameWording(Protocol):
    """A game's module of wording (its package's ``wording``): its events as lines."""

    def line(self, event: Any) -> str: ...


class KindFromParts:
    """What a game's kind does by delegating to its setup, game, options, choices and wording: a kind names them
    (``setup_type``, ``game_type``, ``options``, ``choices``, ``wording``) and writes the rest of ``GameKind``."""

    setup_type: Any  # with from_json(data)
    game_type: Callable[[Any], TableGame]
    options: GameOptions
    choices: GameChoices
    wording: GameWording
    levels: tuple[str, ...] = ()

    @property
    def new_game_options(self) -> Sequence[str]:
        return self.options.NEW_GAME_OPTIONS

    def setup_from_json(self, data: dict[str, Any]) -> Any:
        return self.setup_type.from_json(data)

    def new_game(self, setup: Any) -> TableGame:
        return self.game_type(setup)

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        self.options.add_options(parser)

    def setup_from_args(self, args: argparse.Namespace) -> Any:
        return self.options.setup_from_args(args)

    def next_step(self, game: Any, parts: Sequence[str]) -> Optional["Step"]:
        return self.choices.next_step(game, list(parts))

    def mid_turn(self, game: Any) -> bool:
        return False

    def turn_lines(self, game: Any) -> int:
        return 1

    def words(self, event: Any) -> str:
        return self.wording.line(event)


class EventRefused(Exception):
    """An event a game cannot play: ``number`` (1-based, among the game's events), the event, and why."""

    def __init__(self, number: int, event: str, reason: str) -> None:
        super().__init__(f"event {number} '{event}' is refused ({reason})")
        self.number = number
        self.event = event
        self.reason = reason


def replayed(chosen: GameKind, header: dict[str, Any], events: Sequence[str]) -> TableGame:
    """The game of ``chosen`` kind set up by ``header`` after ``events``; raises :class:`EventRefused`."""
    game = chosen.new_game(chosen.setup_from_json(header))
    for number, event in enumerate(events, 1):
        try:
            game.play(event)
        except chosen.refused as exc:
            raise EventRefused(number, event, str(exc)) from None
    return game
