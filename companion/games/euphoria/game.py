"""A game of Euphoria with the two Automas, as a header plus the lines given at the table.

Rebuilt by replaying its events, so undo and resume are a replay. Events:

    workers 3 5 1 6 2 2 4 5   the setup rolls: black's four dice, then white's
    next                      the people have played: the Automas' turn (the app draws the pair)
    card ...                  without an entered deck: the new card's faces, as in the deck file
    support ...               without an entered deck: a new support card (at the start, after a rebuild)
    sites subterra-bottom     the construction sites with a person's worker on them (or: sites none), when asked
    completes yes|no          whether her worker completed the construction, when asked
    roll 4 6 2                the dice she retrieved, rolled, when asked
    built euphoria-top        a person built a market
    bump black 5 3            her knowledge-5 worker was bumped and rolled a 3
    allegiance black          her faction's recruits were first activated, or reached the last tier
    won 1                     a person placed their last authority token: the game is over

Each event changes the game and returns what the Automas do, as events of the game (``events``, said by
``wording``), or raises :class:`Refused` and changes nothing.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

from . import events as said
from .actions import NeedSites, Turn, place
from .board import MARKET_WORDS, Board, UnknownMarket, market, market_name
from .deck import ACTIONS, ADD_IN_DECKS, Card, DeckCycle, level
from .factions import FACTIONS, OWN, resolve_icon
from .setup import AUTOMAS, Setup
from .workers import WORKERS, Workers

AUTHORITY_TOKENS = 10
ALLEGIANCE_TOKENS = 2  # "The Automas will get to place up to 2 authority tokens for that faction" (seed 003)
BETWEEN_TURNS = ("built", "bump", "allegiance", "won")  # what the people tell between the Automas' turns


Answer = Callable[..., list[str]]  # answer(question, dice=0, colour=""): the words of the answer given to it


class Refused(ValueError):
    """An event that cannot be played now; the game is unchanged."""


class Pending(Exception):
    """The turn needs an answer from the table before it can go on."""

    def __init__(self, question: str, dice: int = 0, colour: str = "") -> None:
        super().__init__(question)
        self.question = question
        self.dice = dice  # with "roll": how many dice she retrieved
        self.colour = colour  # with "roll": whose dice
        self.table: Optional["Table"] = None  # the table as it stands when asked, set by the game


QUESTIONS = {
    "sites": "Construction sites with a person's worker on them (the app knows the Automas'): sites MARKET... "
             f"({MARKET_WORDS}) or sites none",
    "completes": "Did her worker complete that market's construction? completes yes|no",
    "roll": "Roll the dice she retrieved: roll VALUES",
}
CARD_WORDS = (f"BLACK-ACTION WHITE-ACTION BLACK-FACTION WHITE-FACTION [triangle] [bazaar-N] (ACTION one of "
              f"{', '.join(ACTIONS)}; FACTION one of {', '.join(FACTIONS + (OWN,))})")


@dataclass
class Automa:
    colour: str
    faction: str
    workers: Workers
    tokens: int = AUTHORITY_TOKENS
    allegiance: int = 0  # the authority tokens placed through her faction's allegiance

    @property
    def name(self) -> str:
        return self.colour.title()


@dataclass
class Table:
    """Everything an Automas' turn changes; resolved on a copy until the turn needs no more answers."""

    board: Board
    automas: dict[str, Automa]
    winner: Optional[str] = None

    def spend_token(self, colour: str) -> None:
        automa = self.automas[colour]
        automa.tokens -= 1
        if automa.tokens == 0 and self.winner is None:
            self.winner = colour


@dataclass
class EuphoriaGame:
    setup: Setup
    table: Table = field(init=False)
    cycle: Optional[DeckCycle] = field(init=False, default=None)
    live_pair: list[Card] = field(init=False, default_factory=list)  # without a deck: [support] or [support, action]
    live_drawn: int = field(init=False, default=0)   # cards drawn in this pass, without a deck
    live_add_ins: int = field(init=False, default=ADD_IN_DECKS)
    live_pass_size: int = field(init=False, default=0)
    pair: Optional[tuple[Card, Card]] = field(init=False, default=None)  # the pair being resolved
    answers: list[str] = field(init=False, default_factory=list)
    shown: int = field(init=False, default=0)  # events of the pair already shown
    started: bool = field(init=False, default=False)
    turns: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        black, white = self.setup.factions
        self.table = Table(Board(), {c: Automa(c, f, Workers([])) for c, f in zip(AUTOMAS, (black, white))})
        chosen = level(self.setup.level)
        if self.setup.deck is not None:
            self.cycle = DeckCycle.deal(self.setup.deck, chosen, self.setup.seed)
        self.live_pass_size = sum(chosen.deck.values())

    # -- what the table is asked -------------------------------------------------------------

    def setup_events(self) -> list[said.Event]:
        """Each Automa's faction card, the factions that count towards the most active recruits, and the deck
        dealt (with an entered deck)."""
        automas = self.table.automas.values()
        events: list[said.Event] = [said.FactionCard(a.colour, a.faction) for a in automas]
        events.append(said.MostActive(tuple((a.colour, a.faction) for a in automas)))
        if self.cycle is not None:
            events.append(said.DeckDealt(level(self.setup.level).name, tuple(c.id for c in self.cycle.this_pass),
                                         tuple(tuple(c.id for c in d) for d in self.cycle.add_ins),
                                         self.cycle.support.id if self.cycle.support else None))
        return events

    def waiting_for(self) -> str:
        if self.table.winner is not None:
            return "over"
        if not self.started:
            return "workers"
        if self.pair is not None:
            return self._pending() or "next"
        if self.cycle is None and (not self.live_pair or self._live_deck_empty()):
            return "support"
        return "card" if self.cycle is None else "next"

    def prompt(self) -> str:
        """What the table is to type next, in full: the line's words and what each may be."""
        waiting = self.waiting_for()
        if waiting == "roll":
            return self._roll_prompt()
        if waiting in QUESTIONS:
            return QUESTIONS[waiting]
        if waiting == "support" and self.live_pair:
            return ("Deck empty: shuffle every card of this pass" + (" with the next add-in deck" if self.live_add_ins else "")
                    + f", then turn up the support card: support {CARD_WORDS}" + self._between_prompt())
        return {
            "workers": "Roll each Automa's 4 workers: workers B B B B W W W W (black's, then white's, each 1 to 6)",
            "next": "When the people have played: next" + self._between_prompt(),
            "card": f"The new Automa card: card {CARD_WORDS}" + self._between_prompt(),
            "support": f"Turn up the support card: support {CARD_WORDS}",
            "over": "The game is over",
        }[waiting]

    def _roll_prompt(self) -> str:
        pending = self._pending_answer()
        assert pending is not None  # the game waits for a roll
        return (f"Roll the {pending.dice} dice {pending.colour.title()} retrieved: roll "
                f"{' '.join(['V'] * pending.dice)} (each 1 to 6)")

    def _between_prompt(self) -> str:
        """What the people may tell before the Automas' turn starts."""
        people = " or ".join(f"won {n}" for n in range(1, self.setup.people + 1))
        return (f"; before it, what the people did: built MARKET ({MARKET_WORDS}), bump black|white KNOWLEDGE ROLLED, "
                f"allegiance black|white, {people}")

    def _live_deck_empty(self) -> bool:
        """Without an entered deck: every card of this pass is drawn (the support and the actions)."""
        return self.live_drawn >= self.live_pass_size and len(self.live_pair) == 2

    # -- events -------------------------------------------------------------------------------

    def play(self, event: str) -> list[said.Event]:
        words = event.split()
        if not words:
            raise Refused("an empty line")
        head, rest = words[0].lower(), words[1:]
        waiting = self.waiting_for()
        if words == ["roll"] and waiting != "roll":
            # Games saved before an Automa retrieving no worker was asked nothing hold this answer.
            return [said.NothingToRoll()]
        if waiting == "over":
            raise Refused(f"the game is over: {self.table.winner} placed all {self._whose()} authority tokens")
        if head in BETWEEN_TURNS and self.started:
            return self._table_event(head, rest)
        if head != waiting.split()[0]:
            raise Refused(f"not now: {head}; the line asked starts with {waiting.split()[0]}")
        if head == "workers":
            return self._workers(rest)
        if head == "support":
            return self._live_support(rest)
        if head in ("next", "card"):
            return self._start_pair(rest)
        self.answers.append(event.strip().lower())
        try:
            return self._resolve()
        except Refused:
            self.answers.pop()
            raise

    def _workers(self, words: Sequence[str]) -> list[said.Event]:
        values = _dice(words, 2 * WORKERS)
        for n, automa in enumerate(self.table.automas.values()):
            automa.workers = Workers(values[n * WORKERS:(n + 1) * WORKERS])
        self.started = True
        return []

    def _card(self, words: Sequence[str]) -> Card:
        try:
            return Card.parse([f"live-{self.turns + len(self.live_pair)}", "green", *words])
        except ValueError as exc:
            raise Refused(str(exc)) from None

    def _live_support(self, words: Sequence[str]) -> list[said.Event]:
        card = self._card(words)
        if self.live_pair:  # the deck ran out: a new pass, with an add-in deck if one is left
            self.live_pass_size += 0 if not self.live_add_ins else sum(level(self.setup.level).add_in.values())
            self.live_add_ins = max(0, self.live_add_ins - 1)
            self.live_drawn = 0
        self.live_pair = [card]
        self.live_drawn += 1
        return []

    def _start_pair(self, words: Sequence[str]) -> list[said.Event]:
        drawn: list[said.Event] = []
        if self.cycle is not None:
            if words:
                raise Refused("next takes nothing: the app draws the pair from your entered deck")
            add_ins = len(self.cycle.add_ins)
            action, support, rebuilt = self.cycle.draw()
            if rebuilt:
                drawn.append(said.Rebuilt(add_ins > len(self.cycle.add_ins), support.id))
            drawn.append(said.PairDrawn(action.id, support.id))
        else:
            action = self._card(words)
            support = self.live_pair[-1]
            self.live_pair = [support, action]
            self.live_drawn += 1
        self.pair = (action, support)
        self.answers, self.shown = [], 0
        self.turns += 1
        return drawn + self._resolve()

    def _resolve(self) -> list[said.Event]:
        """Resolve the pair on a copy of the table with the answers given; keep it once complete."""
        assert self.pair is not None
        scratch = copy.deepcopy(self.table)
        events: list[said.Event] = []
        try:
            used = self._resolve_pair(scratch, events)
        except Pending:
            new = events[self.shown:]  # the question itself is the prompt, shown once
            self.shown = len(events)
            return new
        if used < len(self.answers):
            raise Refused(f"not asked: {self.answers[-1]}")
        self.table = scratch
        new = events[self.shown:]
        self.pair, self.answers, self.shown = None, [], 0
        return new

    def _pending(self) -> Optional[str]:
        pending = self._pending_answer()
        return None if pending is None else pending.question

    def _pending_answer(self) -> Optional[Pending]:
        if self.pair is None:
            return None
        scratch = copy.deepcopy(self.table)
        try:
            self._resolve_pair(scratch, [])
        except Pending as pending:
            pending.table = scratch
            return pending
        return None

    def dice_to_roll(self) -> int:
        """How many dice the table is asked to roll now (0 unless it waits for ``roll``)."""
        pending = self._pending_answer()
        return pending.dice if pending is not None else 0

    def rolling(self) -> Optional[tuple[Automa, int]]:
        """While the table is asked to ``roll``: the Automa as she stands before the roll, and how many dice
        she retrieved; else None."""
        pending = self._pending_answer()
        if pending is None or pending.question != "roll" or pending.table is None:
            return None
        return pending.table.automas[pending.colour], pending.dice

    def table_now(self) -> Table:
        """The Automas' dice and the board as they stand now, mid-pair included (up to the question asked)."""
        pending = self._pending_answer()
        return pending.table if pending is not None and pending.table is not None else self.table

    # -- one pair of cards -----------------------------------------------------------------------

    def _resolve_pair(self, table: Table, events: list[said.Event]) -> int:
        """Play the pair on ``table``; returns how many answers it used, or raises :class:`Pending`."""
        action_card, support = self.pair  # type: ignore[misc]
        used = 0
        sites: Optional[list[str]] = None

        def answer(question: str, dice: int = 0, colour: str = "") -> list[str]:
            nonlocal used
            if used == len(self.answers):
                raise Pending(question, dice, colour)
            given = self.answers[used]
            used += 1
            head, *rest = given.split()
            if head != question:
                raise Refused(f"waiting for: {QUESTIONS[question]}")
            return rest

        if self.setup.bazaar and action_card.bazaar:
            events.append(said.Bazaar(action_card.bazaar))
        for row, colour in enumerate(AUTOMAS):
            automa = table.automas[colour]
            penalizing = table.board.penalizing(colour)
            if bool(penalizing) != automa.workers.penalty_side:
                automa.workers.penalty_side = bool(penalizing)
                events.append(said.FactionCardTurned(colour, bool(penalizing)))
            start = resolve_icon(support.factions[row], automa.faction)
            act = action_card.actions[row]
            retrieve_icon = self.setup.deck.retrieve_icon if self.setup.deck else "commodity"
            if automa.workers.must_retrieve(act, retrieve_icon):
                self._retrieve(automa, support.triangle, start, events, answer)
            else:
                sites = self._place(table, automa, act, start, sites, events, answer)
            if table.winner:
                events.append(said.AutomaWins(table.winner))
                break
        return used

    def _place(self, table: Table, automa: Automa, act: str, start: str, sites: Optional[list[str]],
               events: list[said.Event], answer: Answer) -> Optional[list[str]]:
        while True:
            try:
                known = None if sites is None else sites + _automa_sites(table)
                placement = place(act, Turn(automa.colour, automa.faction, start, table.board, automa.workers, known))
                break
            except NeedSites:
                sites = _markets(answer("sites"), table.board)
        automa.workers.place(placement.knowledge, placement.where)
        events.append(said.WorkerPlaced(automa.colour, placement))
        if placement.star_market:
            table.board.star(placement.star_market, automa.colour)
            table.spend_token(automa.colour)
        if placement.star_territory:
            table.spend_token(automa.colour)
        if placement.joins_site:
            completes = answer("completes")
            if completes not in (["yes"], ["no"]):
                raise Refused("completes yes or completes no")
            if completes == ["yes"]:
                self._build(table, placement.joins_site, events)
        return sites

    def _retrieve(self, automa: Automa, triangle: bool, start: str, events: list[said.Event],
                  answer: Answer) -> None:
        staying = automa.workers.left_behind(automa.faction, triangle, start)
        count = automa.workers.retrieve(staying)
        events.append(said.Retrieved(automa.colour, count, tuple((p.knowledge, p.place) for p in staying)))
        if not count:
            return
        rolls = _dice(answer("roll", count, automa.colour), count)
        sixes = automa.workers.settle_rolls(rolls)
        if sixes:
            events.append(said.SixesOnPenalty(automa.colour, sixes))

    def _build(self, table: Table, market_id: str, events: list[said.Event]) -> None:
        """A market built: every Automa with a worker on its site puts its ★ on it; those workers
        stay on the board until retrieved, no longer on a construction site (ruling E8)."""
        table.board.build(market_id)
        for automa in table.automas.values():
            joined = [p for p in automa.workers.placed if p.kind == "site" and p.area == market_id]
            for worker in joined:
                worker.kind = "other"
            if joined:
                table.board.star(market_id, automa.colour)
                table.spend_token(automa.colour)
                events.append(said.StarOnMarket(automa.colour, market_id))

    # -- what the people tell between turns -------------------------------------------------------

    def _table_event(self, head: str, words: Sequence[str]) -> list[said.Event]:
        if self.pair is not None:
            raise Refused(f"first answer the question asked: {self.waiting_for()} ...")
        table = copy.deepcopy(self.table)
        told = {"built": self._built, "bump": self._bump, "allegiance": self._allegiance, "won": self._won}[head]
        events = told(table, words)
        self.table = table
        return events

    def _built(self, table: Table, words: Sequence[str]) -> list[said.Event]:
        if len(words) != 1:
            raise Refused("built MARKET, e.g. built euphoria-top")
        try:
            market_id = market(words[0])
        except UnknownMarket as exc:
            raise Refused(str(exc)) from None
        if table.board.is_built(market_id):
            raise Refused(f"{market_name(market_id)} is already built")
        stars: list[said.Event] = []
        self._build(table, market_id, stars)
        return stars

    def _bump(self, table: Table, words: Sequence[str]) -> list[said.Event]:
        automa = self._automa(table, words[:1])
        knowledge, rolled = _dice(words[1:], 2)
        placed = [p for p in automa.workers.placed if p.knowledge == knowledge]
        if not placed:
            raise Refused(f"{automa.name} has no knowledge {knowledge} worker on the board")
        automa.workers.placed.remove(placed[0])
        return [said.SixesOnPenalty(automa.colour, 1)] if automa.workers.settle_rolls([rolled]) else []

    def _allegiance(self, table: Table, words: Sequence[str]) -> list[said.Event]:
        """Her authority token by the allegiance track: at most 2, the first activation and the last tier."""
        automa = self._automa(table, words)
        if automa.allegiance == ALLEGIANCE_TOKENS:
            raise Refused(f"{automa.name} has placed both of its allegiance tokens: an Automa places up to "
                          f"{ALLEGIANCE_TOKENS} for its faction")
        automa.allegiance += 1
        table.spend_token(automa.colour)
        events: list[said.Event] = [said.AllegianceToken(automa.colour)]
        if table.winner:
            events.append(said.AutomaWins(automa.colour))
        return events

    def _won(self, table: Table, words: Sequence[str]) -> list[said.Event]:
        """A person placed their last authority token: the game ends with their win."""
        people = [str(n) for n in range(1, self.setup.people + 1)]
        if len(words) != 1 or words[0] not in people:
            raise Refused(f"won {' or won '.join(people)}: the person who placed their last authority token")
        table.winner = f"person {words[0]}"
        return [said.PersonWins(words[0])]

    def _whose(self) -> str:
        return "its" if self.table.winner in self.table.automas else "their"

    def _automa(self, table: Table, words: Sequence[str]) -> Automa:
        if not words or words[0].lower() not in table.automas:
            raise Refused("name the Automa: black or white")
        return table.automas[words[0].lower()]

    # -- what the table sees ----------------------------------------------------------------------

    def scores(self) -> dict[str, int]:
        """The authority tokens each Automa has placed: her points."""
        return {c: AUTHORITY_TOKENS - a.tokens for c, a in self.table.automas.items()}

    def winners(self) -> list[str]:
        return [self.table.winner] if self.table.winner else []

    def to_json(self) -> dict[str, Any]:
        return {"waiting_for": self.waiting_for(), "turns": self.turns, "winner": self.table.winner,
                "answers": list(self.answers),  # given for the pair being resolved, which is not kept yet
                "passes": self.cycle.passes if self.cycle else None,
                "built": {m: sorted(s) for m, s in self.table.board.stars.items()},
                "automas": {c: {"faction": a.faction, "tokens": a.tokens, "allegiance": a.allegiance,
                                "available": sorted(a.workers.available),
                                "placed": [[p.knowledge, p.place] for p in a.workers.placed],
                                "penalty_card": a.workers.on_penalty_card, "penalty_side": a.workers.penalty_side}
                            for c, a in self.table.automas.items()}}


def _automa_sites(table: Table) -> list[str]:
    """The construction sites the Automas' own workers stand on, which the app keeps from turn to turn:
    the table is asked only for the people's."""
    return [p.area for a in table.automas.values() for p in a.workers.placed if p.kind == "site" and p.area]


def _dice(words: Sequence[str], count: int) -> list[int]:
    if len(words) != count or not all(w.isdigit() and 1 <= int(w) <= 6 for w in words):
        raise Refused(f"give {count} die value{'s' if count != 1 else ''} from 1 to 6")
    return [int(w) for w in words]


def _markets(words: Sequence[str], board: Board) -> list[str]:
    if words == ["none"]:
        return []
    try:
        found = [market(w) for w in words]
    except UnknownMarket as exc:
        raise Refused(str(exc)) from None
    built = [m for m in found if board.is_built(m)]
    if not found or built:
        raise Refused(f"{market_name(built[0])} is built: it has no construction site" if built
                      else "sites MARKET... or sites none")
    return found


def replay(setup: Setup, events: Sequence[str]) -> EuphoriaGame:
    game = EuphoriaGame(setup)
    for event in events:
        game.play(event)
    return game
