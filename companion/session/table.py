"""A game at the table: engine and store together, so that nothing accepted is ever lost.

Every accepted event is committed to the store before ``submit`` returns. A refused action
changes nothing and comes back as an ``Outcome`` with the engine's reason. Chance events the
table does not supply (by default all of them) are the game's seeded outcomes: they are
recorded in the same transaction as the move that reaches them, so a new round's dice are
saved, and shown, as soon as the round starts.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Iterator, Optional, Sequence, Union

from ..games.automata.rules import (
    CHANCE_TYPES, Action, Deal, Game, Header, IllegalAction, NotationError, Order, Roll, State, apply_action, cited,
    legal_actions, parse_action, score,
)
from ..games.automata.automa import Automa, AutomaDecision, get_level
from ..store import AUTOMATA, GameStore, StoreError
from .protocol import game_to_resume

CHANCE_KINDS = {Order: "order", Deal: "deal", Roll: "roll"}

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SeatSpec:
    """Who sits where: a person or an Automa, with a colour and a display name."""

    colour: str
    kind: str = "person"  # "person" or "automa"
    name: str = ""
    level: Optional[int] = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"colour": self.colour, "kind": self.kind, "name": self.name or self.colour.title()}
        if self.level is not None:
            data["level"] = self.level
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "SeatSpec":
        return cls(data["colour"], data.get("kind", "person"), data.get("name", ""), data.get("level"))

    @classmethod
    def parse(cls, text: str) -> "SeatSpec":
        """A seat written ``COLOUR[:KIND[:LEVEL]]``: ``red`` or ``red:person`` is a person,
        ``blue:automa:4`` (or ``blue:automa:Engineer``) an Automa of that level, ``blue:automa`` of level 1."""
        parts = text.strip().split(":")
        kind = parts[1] if len(parts) > 1 else "person"
        if kind == "person" and len(parts) <= 2:
            return cls(parts[0])
        if kind == "automa" and len(parts) <= 3:
            return cls(parts[0], "automa", level=get_level(parts[2] if len(parts) == 3 else 1).number)
        raise ValueError(f"'{text}' is not a seat: write a colour for a person (red) or COLOUR:automa:LEVEL "
                         f"for an Automa (blue:automa:4)")


@dataclass(frozen=True)
class Outcome:
    """The answer to a submitted line: accepted with its event number, or refused and why."""

    ok: bool
    event: Optional[int] = None
    reason: str = ""
    rule: str = ""

    @property
    def refusal(self) -> str:
        return cited(self.reason, self.rule)


@dataclass
class ChanceSources:
    """Which chance events the session fills from its seeded source; the rest wait for the table."""

    seeded: set = field(default_factory=lambda: {"order", "deal", "roll"})

    def is_seeded(self, outcome: Action) -> bool:
        return CHANCE_KINDS[type(outcome)] in self.seeded


class TableSession:
    def __init__(self, store: GameStore, game_id: str, game: Game, table_rolls: bool = False) -> None:
        self.store = store
        self.game_id = game_id
        self.game = game
        self.seats = [SeatSpec.from_json(s) for s in game.header.seats]
        self.chance = ChanceSources()
        if table_rolls:
            self.chance.seeded.discard("roll")
        self.event_count = len(store.events(game_id))
        self._automas: dict[int, tuple[Automa, int]] = {}  # seat -> (Automa, actions it has seen)
        self._ahead: Optional[Ahead] = None  # the seeded events ahead of the game as it stands, once computed

    # -- starting and resuming ------------------------------------------------------------------

    @classmethod
    def new(cls, store: GameStore, seats: Sequence[SeatSpec], seed: Optional[int] = None,
            table_rolls: bool = False) -> "TableSession":
        """A new game; ``table_rolls``: the dice are rolled at the table and given, not rolled by the companion."""
        header = Header([s.to_json() for s in seats], seed)
        game = Game(header)  # checks the seats before anything is stored
        game_id = store.create_game(header.to_json())
        session = cls(store, game_id, game, table_rolls)
        session._save_notes()
        return session

    @classmethod
    def resume(cls, store: GameStore, game_id: Optional[str] = None) -> "TableSession":
        """Load a game (the latest when ``game_id`` is None) and replay its events."""
        game_id = game_to_resume(store, AUTOMATA, game_id)
        game = Game(Header.from_json(store.header(game_id)))
        for number, event in enumerate(store.effective_events(game_id), 1):
            try:
                game.play(event)
            except (IllegalAction, NotationError) as exc:
                raise StoreError(f"Game {game_id} cannot be replayed: event {number} '{event}' is refused "
                                 f"({exc}). The events before it are intact.") from None
        return cls(store, game_id, game, bool(store.meta(game_id).get("table_rolls", False)))

    @property
    def table_rolls(self) -> bool:
        return "roll" not in self.chance.seeded

    def take_rolls_from_table(self) -> None:
        """From now on the dice rolled at the table are given (by the camera or a person), not rolled here;
        the saved game says so."""
        if not self.table_rolls:
            self.chance.seeded.discard("roll")
            self._save_notes()

    # -- what the table sees ----------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.game.state

    def _seeded_ahead(self, game: Game) -> list[Action]:
        ahead = []
        for outcome in game.seeded_outcomes():
            if not self.chance.is_seeded(outcome):
                break
            ahead.append(outcome)
        return ahead

    def _current_ahead(self) -> "Ahead":
        """The seeded events ahead of the game as it stands and the state they lead to, computed once for each
        state of the game (the seeded outcomes are replayed from the seed, which costs a playout's worth)."""
        ahead = self._ahead
        if ahead is None or not ahead.of(self.game, self.chance):
            outcomes = self._seeded_ahead(self.game)
            state = self.state
            for outcome in outcomes:
                state = apply_action(state, outcome)
            ahead = self._ahead = Ahead(self.state, frozenset(self.chance.seeded), tuple(outcomes), state)
        return ahead

    def _filled_before(self, action: Action) -> list[Action]:
        """The seeded events not yet played before ``action`` (a game started or resumed without
        ``play_seeded``): all of them before a decision, and those of other kinds before a chance
        outcome the table supplies (a roll after the deal)."""
        events = []
        for outcome in self._current_ahead().outcomes:
            if type(outcome) is type(action):
                break
            events.append(outcome)
        return events

    def upcoming_state(self) -> State:
        """The state once the seeded chance events ahead are played: where the next decision is taken."""
        return self._current_ahead().upcoming

    def legal(self) -> list[Action]:
        return legal_actions(self.upcoming_state())

    # -- Automa seats -----------------------------------------------------------------------------

    def automa_decision(self) -> Optional[AutomaDecision]:
        """The decision of the Automa to move, or None when a person (or the table) is to act.

        An Automa's deck is not saved: it is the same Automa replayed over the game's history,
        so a resumed game, or one after an undo, continues exactly as it would have.
        """
        state = self.upcoming_state()
        if state.is_over or state.is_chance_node or state.turn is None:
            return None
        seat = state.turn
        if self.seats[seat].kind != "automa":
            return None
        return self._automa(seat).decide(state)

    def acknowledge_automa(self) -> Outcome:
        """Play the Automa's decision once the person at the table has carried it out."""
        decision = self.automa_decision()
        if decision is None:
            return Outcome(False, reason="It is not an Automa's turn", rule="automa")
        return self.submit(decision.action)

    def play_automas(self) -> Iterator[tuple[AutomaDecision, Outcome]]:
        """Play the Automa seats' moves, each saved as it is played, until a person or the table is
        to act (or a move could not be saved); each comes with its decision, whose instruction is its words."""
        while (decision := self.automa_decision()) is not None:
            outcome = self.submit(decision.action)
            yield decision, outcome
            if not outcome.ok:
                return

    def _automa(self, seat: int) -> Automa:
        actions, states = self.game.actions, self.game.states
        automa, seen = self._automas.get(seat, (None, 0))
        if automa is None or seen > len(actions):
            spec = self.seats[seat]
            automa, seen = Automa(spec.level or 1, spec.colour, seed=self.game.header.seed or 0), 0
        for state, action in zip(states[seen:], actions[seen:]):
            if state.turn == seat and not state.is_chance_node:
                automa.decide(state)  # advance its deck as it advanced when this was played
        self._automas[seat] = (automa, len(actions))
        return automa

    # -- changing the game ------------------------------------------------------------------------

    def submit(self, line: Union[str, Action]) -> Outcome:
        """Check an action (or notation line), record it durably, then apply it."""
        try:
            action = parse_action(line) if isinstance(line, str) else line
            events = self._filled_before(action)
            scratch = self.game.copy()
            for event in events + [action]:
                scratch.play(event)
        except (IllegalAction, NotationError) as refused:
            return Outcome(False, reason=refused.reason, rule=refused.rule)
        return self._record(scratch, [str(e) for e in events + [action]])

    def play_seeded(self) -> Outcome:
        """Play and save the chance events ahead that the companion supplies (a game just started,
        or resumed), so that the state shows what the next decision is taken on."""
        return self._record(self.game.copy(), [])

    def undo(self, through_automas: bool = False) -> Outcome:
        """Take back the last decision, and any chance outcome recorded after it. With
        ``through_automas``, the Automa moves played since a person's last decision go too, with it."""
        taken = 0
        for before, action in zip(reversed(self.game.states[:-1]), reversed(self.game.actions)):
            taken += 1
            if not isinstance(action, CHANCE_TYPES) and not (
                    through_automas and self.seats[before.acting_seat].kind == "automa"):
                break
        else:
            return Outcome(False, reason="There is no move to undo", rule="undo")
        scratch = self.game.copy()
        for _ in range(taken):
            scratch.undo()
        self._automas.clear()  # their decks are replayed from the shortened history
        return self._record(scratch, ["undo"] * taken)

    def _record(self, after: Game, events: list[str]) -> Outcome:
        """Save ``events``, the seeded chance events they lead to and the notes of the game they leave, in one
        transaction, then play them."""
        for outcome in self._seeded_ahead(after):
            after.play(outcome)
            events = events + [str(outcome)]
        if not events:
            return Outcome(True, event=self.event_count)
        try:
            number = self.store.append_all(self.game_id, events, meta=self._notes(after.state))
        except StoreError as exc:
            return Outcome(False, reason=f"Not saved, so not played: {exc}", rule="storage")
        self.game = after
        self.event_count = number
        # every seeded event ahead is played now: the next is a decision, or a chance event the table gives
        self._ahead = Ahead(after.state, frozenset(self.chance.seeded), (), after.state)
        return Outcome(True, event=number)

    def _notes(self, state: State) -> dict[str, Any]:
        """The notes the list of saved games shows of ``state`` (seats, round, phase, the final score once the
        game is over), and whether rolls come from the table."""
        notes: dict[str, Any] = dict(round=state.round, phase=state.phase, table_rolls=self.table_rolls,
                                     seats=[f"{s.name or s.colour.title()} ({s.colour}"
                                            f"{', Automa' if s.kind == 'automa' else ''})" for s in self.seats])
        if state.is_over:
            notes["score"] = score(state).to_json()
        return notes

    def _save_notes(self) -> None:
        """Keep the notes of a game that changed without a move (started, or its rolls now from the table).
        They are not the game: notes that cannot be saved are logged, and the game goes on."""
        try:
            self.store.set_meta(self.game_id, self._notes(self.state))
        except StoreError as exc:
            log.warning("the notes of game %s were not saved: %s", self.game_id, exc)


@dataclass(frozen=True)
class Ahead:
    """The seeded chance events ahead of a state (for the chance sources seeded then), and where they lead."""

    state: State
    seeded: frozenset
    outcomes: tuple[Action, ...]
    upcoming: State

    def of(self, game: Game, chance: ChanceSources) -> bool:
        """Whether this was computed for ``game`` as it stands, with the same chance sources."""
        return self.state is game.state and self.seeded == chance.seeded
