"""The game as the screens see it: the runtime of the game at the table and what the table waits for
next. No Kivy here, so it is tested on its own."""
from __future__ import annotations

import secrets
from pathlib import Path
from typing import Callable, Optional, Sequence

from companion.games.automata.automa import AutomaDecision
from companion.games.automata.rules import Action, Phase, Roll, Score, State, score
from companion.games.registry import kind_named
from companion.line_games.camera_look import LookThen
from companion.line_games.entered import normal, save_entered
from companion.line_games.entry import Entry
from companion.line_games.kinds import GameKind
from companion.line_games.setup_form import SetupForm, setup_form
from companion.line_games.table import OtherGameTable
from companion.session.dice_learning import ConfirmedDie
from companion.session.evenings import offers_at_end
from companion.session.rolls import expected_roll
from companion.session.runtime import TableRuntime
from companion.session.table import Outcome, SeatSpec, TableSession
from companion.store import AUTOMATA, GameStore, game_kind
from hardware.panel import Panel

# What the table waits for next: a person's move, an Automa's, dice rolled at the table, or nothing.
PERSON, AUTOMA, ROLL, OVER = "person", "automa", "roll", "over"
PHASE_NAMES = {Phase.SETUP: "Setup", Phase.DEPLOY: "Deployment", Phase.ACTIVATE: "Activation",
               Phase.RESET: "Reset", Phase.OVER: "Game over"}


class GameController:
    def __init__(self, store: GameStore, panel: Optional[Panel] = None) -> None:
        self.store = store
        self.panel = panel
        self.runtime: Optional[TableRuntime] = None
        self.other_setup: Optional[SetupForm] = None  # the setup of a new game of another game than Automata
        self.other: Optional[OtherGameTable] = None  # a game of another game than Automata, on its own screen
        self.entries: dict[str, Entry] = {}  # the road or deck being entered, of each kind, kept until saved
        # the camera's look at the table of a game whose camera looks for something (companion.line_games.camera_look),
        # where its zones are calibrated
        self.game_look: Callable[[GameKind], Optional[LookThen]] = lambda kind: None

    @property
    def session(self) -> Optional[TableSession]:
        return None if self.runtime is None else self.runtime.session

    @property
    def playing(self) -> TableRuntime:
        """The runtime of the game of Automata open: the table's screens are shown only with one."""
        if self.runtime is None:
            raise ValueError("no game of Automata is open")
        return self.runtime

    # -- starting --------------------------------------------------------------------------

    def new_game(self, seats: Sequence[SeatSpec], seed: Optional[int] = None, table_rolls: bool = False) -> TableSession:
        """A new game; without a seed one is drawn, so that games differ (the seed is saved)."""
        if seed is None:
            seed = secrets.randbelow(2**31)
        self.runtime = TableRuntime(TableSession.new(self.store, seats, seed, table_rolls), self.panel)
        return self.runtime.session

    def resume(self, game_id: Optional[str] = None) -> TableSession:
        self.runtime = TableRuntime(TableSession.resume(self.store, game_id), self.panel)
        return self.runtime.session

    def set_up_other_game(self, kind: str) -> SetupForm:
        """The setup of a new game of ``kind`` (a registered game), prefilled as the latest of its kind."""
        self.other_setup = setup_form(self.store, kind)
        return self.other_setup

    def new_other_game(self) -> OtherGameTable:
        """The game set up in ``other_setup`` (ValueError saying why it cannot start)."""
        form = self.other_setup
        assert form is not None
        self.other = OtherGameTable.new(self.store, form.kind_name, form.setup(), self.panel, self.game_look(form.kind))
        return self.other

    @property
    def entry(self) -> Optional[Entry]:
        """The road or deck being entered for the game being set up, if any."""
        return self.entries.get(self.other_setup.kind_name) if self.other_setup else None

    def enter(self) -> Entry:
        """The road or deck of the game being set up, to enter: the one in progress for its kind, if it
        fits the choices made now (``GameKind.new_entry``), else a new one."""
        form = self.other_setup
        assert form is not None
        entry = form.kind.new_entry(form, self.entries.get(form.kind_name))
        self.entries[form.kind_name] = entry
        return entry

    def save_entry(self) -> Path:
        """Save the road or deck entered as a plain file and choose it on the setup; ValueError (an
        UnusableFile when the file cannot be written) saying why not."""
        entry, form = self.entry, self.other_setup
        assert entry is not None and form is not None
        if entry.problem():
            raise ValueError(entry.problem())
        text = normal(entry.kind_name, entry.text())
        path = save_entered(self.store, entry.kind_name, text)
        form.offer(self.store, text)
        del self.entries[entry.kind_name]
        return path

    def resume_other_game(self, game_id: str) -> OtherGameTable:
        look = self.game_look(kind_named(game_kind(self.store.header(game_id))))
        self.other = OtherGameTable.resume(self.store, game_id, self.panel, look)
        return self.other

    def last_colours(self) -> list[str]:
        """The seat colours of the latest saved game of Automata (to start the Calibrate screen with)."""
        try:
            game_id = self.store.latest_game_id(AUTOMATA)
            return [seat["colour"] for seat in self.store.header(game_id)["seats"]] if game_id else []
        except Exception:  # a damaged store only loses the suggestion
            return []

    @property
    def table_rolls(self) -> bool:
        return self.session is not None and self.session.table_rolls

    # -- what now --------------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.playing.session.upcoming_state()

    def next_step(self) -> str:
        state = self.state
        if state.is_over:
            return OVER
        if state.is_chance_node:
            return ROLL
        return AUTOMA if self.automa_decision() is not None else PERSON

    def seat_name(self, seat: int) -> str:
        spec = self.playing.session.seats[seat]
        return spec.name or spec.colour.title()

    def pending_roll(self) -> Optional[tuple]:
        """(seat index, dice types to read) when the table is to roll; a reroll is one die."""
        expected = expected_roll(self.state)
        if expected is None:
            return None
        colour, types = expected
        return self.state.seat_index(colour), sorted(types.elements())

    def roll_action(self, seat: int, values: Sequence[tuple]) -> Roll:
        return Roll(self.state.seats[seat].colour, tuple(sorted(values)))

    # -- changing the game -----------------------------------------------------------------

    def submit(self, action: Action, confirmed: Sequence[ConfirmedDie] = ()) -> Outcome:
        """Play ``action``; ``confirmed``: the dice read by the camera whose values a person confirmed for it,
        which teach the reader (``TableRuntime.submit``)."""
        return self.playing.submit(action, confirmed)

    # -- Automa seats -----------------------------------------------------------------------

    def automa_decision(self) -> Optional[AutomaDecision]:
        return self.playing.session.automa_decision()

    def acknowledge_automa(self) -> Outcome:
        """Play the decision shown, once the person at the table has carried it out."""
        return self.playing.acknowledge_automa()

    def undo(self) -> Outcome:
        return self.playing.undo()

    def history(self) -> list[str]:
        return [str(a) for a in self.playing.session.game.actions]

    def final_score(self) -> Score:
        return score(self.playing.session.state)

    def level_offers(self, game_id: str) -> list[str]:
        """The next level offered to each person at the finished game ``game_id`` (of any game) who beat the
        Automas' level three games in a row, in words; only offered, never set."""
        return offers_at_end(self.store, game_id)
