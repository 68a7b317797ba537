"""The game as the screens see it: one session, what the table waits for next, the notes saved
with the game (round, phase, final score). No Kivy here, so it is tested on its own."""
from __future__ import annotations

import secrets
from typing import Dict, List, Optional, Sequence

from companion.automa import Automa, AutomaDecision
from companion.rules.actions import CHANCE_TYPES, Action, Roll
from companion.rules.scoring import Score, score
from companion.rules.state import State
from companion.session.table import Outcome, SeatSpec, TableSession
from companion.store import GameStore

# What the table waits for next: a person's move, an Automa's, dice rolled at the table, or nothing.
PERSON, AUTOMA, ROLL, OVER = "person", "automa", "roll", "over"
PHASE_NAMES = {"setup": "Setup", "deploy": "Deployment", "activate": "Activation", "reset": "Reset",
               "over": "Game over"}


class GameController:
    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.session: Optional[TableSession] = None
        self._forget_automa_decisions()

    # -- starting --------------------------------------------------------------------------

    def new_game(self, seats: Sequence[SeatSpec], seed: Optional[int] = None, table_rolls: bool = False) -> TableSession:
        """A new game; without a seed one is drawn, so that games differ (the seed is saved)."""
        if seed is None:
            seed = secrets.randbelow(2**31)
        self.session = TableSession.new(self.store, seats, seed)
        self._forget_automa_decisions()
        self._set_rolls(table_rolls)
        self.save_progress()
        return self.session

    def resume(self, game_id: Optional[str] = None) -> TableSession:
        session = TableSession.resume(self.store, game_id)
        self.session = session
        self._forget_automa_decisions()
        self._set_rolls(bool(self.store.meta(session.game_id).get("table_rolls", False)))
        return session

    def _set_rolls(self, table_rolls: bool) -> None:
        assert self.session is not None
        if table_rolls:
            self.session.chance.seeded.discard("roll")
        else:
            self.session.chance.seeded.add("roll")

    @property
    def table_rolls(self) -> bool:
        return self.session is not None and "roll" not in self.session.chance.seeded

    # -- what now --------------------------------------------------------------------------

    @property
    def state(self) -> State:
        assert self.session is not None
        return self.session.upcoming_state()

    def next_step(self) -> str:
        state = self.state
        if state.is_over:
            return OVER
        if state.is_chance_node:
            return ROLL
        return AUTOMA if self.automa_decision() is not None else PERSON

    def seat_name(self, seat: int) -> str:
        spec = self.session.seats[seat]
        return spec.name or spec.colour.title()

    def pending_roll(self) -> Optional[tuple]:
        """(seat index, dice types to read) when the table is to roll; a reroll is one die."""
        state = self.state
        if state.pending_reroll is not None:
            seat, die = state.pending_reroll
            return seat, [die[0]]
        if state.pending_rolls:
            seat = state.pending_rolls[0]
            spent = state.seats[seat].spent
            types = [t for t, n in zip(("d4", "d6", "d8"), spent) for _ in range(n)]
            return seat, types
        return None

    def roll_action(self, seat: int, values: Sequence[tuple]) -> Roll:
        return Roll(self.state.seats[seat].colour, tuple(sorted(values)))

    # -- changing the game -----------------------------------------------------------------

    def submit(self, action: Action) -> Outcome:
        if isinstance(action, CHANCE_TYPES):
            ahead = self._play_seeded_ahead()
            if not ahead.ok:
                return ahead
        outcome = self.session.submit(action)
        if outcome.ok:
            self.save_progress()
        return outcome

    def _play_seeded_ahead(self) -> Outcome:
        """Record the seeded chance events before the one the table supplies (the session plays
        them ahead of a decision, not ahead of a chance outcome)."""
        session = self.session
        while True:
            ahead = session.game.seeded_outcomes()
            if not ahead or not session.chance.is_seeded(ahead[0]):
                return Outcome(True)
            outcome = session.submit(ahead[0])
            if not outcome.ok:
                return outcome

    # -- Automa seats -----------------------------------------------------------------------
    # ``TableSession.automa_decision`` draws a new card pair on every call, so the pair shown and
    # the move played by ``acknowledge_automa`` (which asks again) can differ. Here each Automa is
    # replayed over the history exactly once per decision it took, as the session does on
    # resume, and the decision shown is asked of a copy and kept until it is played.

    def automa_decision(self) -> Optional[AutomaDecision]:
        session = self.session
        key = len(session.game.actions)
        if self._decision_key == key:
            return self._decision
        state = self.state
        decision = None
        if not (state.is_over or state.is_chance_node or state.turn is None) \
                and session.seats[state.turn].kind == "automa":
            trial = Automa.from_json(self._replayed_automa(state.turn).to_json())
            decision = trial.decide(state)
        self._decision_key, self._decision = key, decision
        return decision

    def _replayed_automa(self, seat: int) -> Automa:
        game = self.session.game
        automa, seen = self._automas.get(seat, (None, 0))
        if automa is None:
            spec = self.session.seats[seat]
            automa, seen = Automa(spec.level or 1, spec.colour, seed=game.header.seed or 0), 0
        for state in game.states[seen:len(game.actions)]:
            if state.turn == seat and not state.is_chance_node and not state.is_over:
                automa.decide(state)  # advances its deck as it advanced when this was played
        self._automas[seat] = (automa, len(game.actions))
        return automa

    def _forget_automa_decisions(self) -> None:
        self._automas: Dict[int, tuple] = {}
        self._decision_key: Optional[int] = None
        self._decision: Optional[AutomaDecision] = None

    def acknowledge_automa(self) -> Outcome:
        """Play the decision shown, once the person at the table has carried it out."""
        decision = self.automa_decision()
        if decision is None:
            return Outcome(False, reason="It is not an Automa's turn", rule="automa")
        return self.submit(decision.action)

    def undo(self) -> Outcome:
        self._forget_automa_decisions()
        outcome = self.session.undo()
        if outcome.ok:
            self.save_progress()
        return outcome

    def history(self) -> List[str]:
        return [str(a) for a in self.session.game.actions]

    def final_score(self) -> Score:
        return score(self.session.state)

    def save_progress(self) -> None:
        """Keep the notes the Home screen lists (and the final score once the game is over)."""
        session = self.session
        state = session.state
        meta: Dict = dict(self.store.meta(session.game_id))
        meta.update(round=state.round, phase=state.phase, table_rolls=self.table_rolls,
                    seats=[f"{s.name or s.colour.title()} ({s.colour}{', Automa' if s.kind == 'automa' else ''})"
                           for s in session.seats])
        if state.is_over:
            meta["score"] = score(state).to_json()
        else:
            meta.pop("score", None)
        self.store.set_meta(session.game_id, meta)
