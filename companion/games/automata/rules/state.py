"""The game state: every seat's pools, the boards, the cards and whose turn it is.

A ``State`` is a plain value. The engine never changes a state it was given: ``apply_action``
starts from its ``successor``, so an older state stays valid for undo and comparison. A successor
shares the seats and lists it does not change with the state it came from, so a state to be changed
by hand is a ``copy()`` (which shares nothing).

``legal_actions`` and ``sample_chance`` note on a state what they offered, so that ``apply_action``
need not check it again; the note is no part of the state's value (never compared, copied or saved).
"""
from __future__ import annotations

import json
from typing import Any, Optional

from .actions import Die
from .phase import OVER, Phase
from .ruleset import Ruleset, default_ruleset
from .vocabulary import DIE_TYPES

# Slot on an action space: the dice one seat moved there, by type (values no longer matter, R13).
Slot = Optional[tuple[int, tuple[str, ...]]]


class SeatState:
    __slots__ = ("colour", "gears", "coins", "spent", "reserve", "available", "cards", "reserved", "exhausted")

    def __init__(self, colour: str, gears: int, coins: int, spent: list[int], reserve: list[int],
                 available: list[Die], cards: list[str], reserved: list[str], exhausted: list[str]) -> None:
        self.colour = colour
        self.gears = gears
        self.coins = coins
        self.spent = spent          # dice counts by type [d4, d6, d8]
        self.reserve = reserve      # dice counts by type [d4, d6, d8]
        self.available = available  # sorted dice showing values
        self.cards = cards          # bought cards, sorted
        self.reserved = reserved    # reserved cards in hand, sorted
        self.exhausted = exhausted  # exhausted Arm cards, sorted

    def copy(self) -> "SeatState":
        return SeatState(self.colour, self.gears, self.coins, self.spent[:], self.reserve[:],
                         self.available[:], self.cards[:], self.reserved[:], self.exhausted[:])

    def successor(self) -> "SeatState":
        """A copy for the engine to change, its pools its own, its card lists shared (the engine
        replaces those, see ``State.own_seat``)."""
        new = SeatState.__new__(SeatState)
        new.colour, new.gears, new.coins = self.colour, self.gears, self.coins
        new.spent, new.reserve, new.available = self.spent[:], self.reserve[:], self.available[:]
        new.cards, new.reserved, new.exhausted = self.cards, self.reserved, self.exhausted
        return new

    def to_json(self) -> dict[str, Any]:
        return {
            "colour": self.colour, "gears": self.gears, "coins": self.coins,
            "spent": dict(zip(DIE_TYPES, self.spent)), "reserve": dict(zip(DIE_TYPES, self.reserve)),
            "available": [list(d) for d in self.available],
            "cards": self.cards, "reserved": self.reserved, "exhausted": self.exhausted,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "SeatState":
        return cls(
            data["colour"], int(data["gears"]), int(data["coins"]),
            [int(data["spent"][t]) for t in DIE_TYPES], [int(data["reserve"][t]) for t in DIE_TYPES],
            [(str(t), int(v)) for t, v in data["available"]],
            list(data["cards"]), list(data["reserved"]), list(data["exhausted"]),
        )


class State:
    """Everything on the table, plus what the engine waits for next.

    ``phase`` is a :class:`Phase`. A chance node is waiting for ``pending_order``, ``pending_deal``,
    one of ``pending_rolls`` or ``pending_reroll``; otherwise ``turn`` is the seat to act.
    """

    __slots__ = (
        "rules", "seats", "round", "phase", "turn", "initiative",
        "deploy_order", "activation_track", "deployment_track",
        "staging", "spaces", "market",
        "heads", "deck", "display", "removed",
        "pending_order", "pending_deal", "pending_rolls", "pending_reroll",
        "offered",
    )

    def __init__(self, rules: Optional[Ruleset] = None) -> None:
        self.rules = rules or default_ruleset()
        self.seats: list[SeatState] = []
        self.round = 1
        self.phase = Phase.SETUP
        self.turn: Optional[int] = None
        self.initiative = 0
        self.deploy_order: list[int] = []      # Deployment track, this round
        self.activation_track: list[int] = []  # Activation track, filled during Deployment
        self.deployment_track: list[int] = []  # next round's Deployment track, filled during Activation
        self.staging: dict[str, list[tuple[int, Die]]] = {}  # area -> sorted (seat, die)
        self.spaces: dict[str, list[Slot]] = {}              # Scavenge/Create/Upgrade action spaces
        self.market: dict[str, Slot] = {}                    # Market space type -> slot
        self.heads: list[str] = []    # Head pile, top first
        self.deck: list[str] = []     # Parts deck, sorted (its order is a chance event)
        self.display: list[str] = []  # Parts beside the Research board
        self.removed: list[str] = []  # Parts out of the game
        self.pending_order = False
        self.pending_deal = 0
        self.pending_rolls: list[int] = []
        self.pending_reroll: Optional[tuple[int, Die]] = None
        self.offered: tuple[Any, ...] = ()  # what legal_actions or sample_chance offered, see the module's doc

    # -- queries ------------------------------------------------------------------------

    @property
    def is_chance_node(self) -> bool:
        return bool(self.pending_order or self.pending_deal or self.pending_rolls or self.pending_reroll)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(s.colour for s in self.seats)

    @property
    def acting_seat(self) -> int:
        """The seat whose decision is open (``turn``); a ValueError at a chance node or once the game is over."""
        if self.turn is None or self.is_chance_node or self.is_over:
            raise ValueError("no seat's decision is open")
        return self.turn

    def seat_index(self, colour: str) -> Optional[int]:
        for i, seat in enumerate(self.seats):
            if seat.colour == colour:
                return i
        return None

    def staged_dice(self, seat: int, area: str) -> list[Die]:
        return [die for owner, die in self.staging[area] if owner == seat]

    def has_staged_dice(self, seat: int) -> bool:
        for dice in self.staging.values():
            for owner, _ in dice:
                if owner == seat:
                    return True
        return False

    def dice_count(self, seat: int) -> int:
        """All of a seat's dice wherever they are (always 12 in a legal game)."""
        s = self.seats[seat]
        total = sum(s.spent) + sum(s.reserve) + len(s.available)
        total += sum(1 for dice in self.staging.values() for owner, _ in dice if owner == seat)
        for slot in list(self.market.values()) + [x for slots in self.spaces.values() for x in slots]:
            if slot is not None and slot[0] == seat:
                total += len(slot[1])
        return total

    # -- copying and comparing ------------------------------------------------------------

    def successor(self) -> "State":
        """A copy for the engine to change: it shares every seat, list and dict with this state.

        The engine changes a successor by giving it new lists and dicts (never changing one in
        place) and by ``own_seat`` before it changes a seat, so this state stays as it is.
        """
        new = State.__new__(State)
        new.rules = self.rules
        new.seats = self.seats[:]
        new.round = self.round
        new.phase = self.phase
        new.turn = self.turn
        new.initiative = self.initiative
        new.deploy_order = self.deploy_order
        new.activation_track = self.activation_track
        new.deployment_track = self.deployment_track
        new.staging = self.staging
        new.spaces = self.spaces
        new.market = self.market
        new.heads = self.heads
        new.deck = self.deck
        new.display = self.display
        new.removed = self.removed
        new.pending_order = self.pending_order
        new.pending_deal = self.pending_deal
        new.pending_rolls = self.pending_rolls
        new.pending_reroll = self.pending_reroll
        new.offered = ()
        return new

    def own_seat(self, seat: int) -> SeatState:
        """Seat ``seat`` made this state's own, to change: until then it may be shared with others.

        Its pools are its own; its card lists are still shared, so the engine replaces them.
        """
        own = self.seats[seat] = self.seats[seat].successor()
        return own

    def copy(self) -> "State":
        """An independent copy, sharing nothing that can change."""
        new = State.__new__(State)
        new.rules = self.rules
        new.seats = [s.copy() for s in self.seats]
        new.round = self.round
        new.phase = self.phase
        new.turn = self.turn
        new.initiative = self.initiative
        new.deploy_order = self.deploy_order[:]
        new.activation_track = self.activation_track[:]
        new.deployment_track = self.deployment_track[:]
        new.staging = {area: dice[:] for area, dice in self.staging.items()}
        new.spaces = {area: slots[:] for area, slots in self.spaces.items()}
        new.market = dict(self.market)
        new.heads = self.heads[:]
        new.deck = self.deck[:]
        new.display = self.display[:]
        new.removed = self.removed[:]
        new.pending_order = self.pending_order
        new.pending_deal = self.pending_deal
        new.pending_rolls = self.pending_rolls[:]
        new.pending_reroll = self.pending_reroll
        new.offered = ()
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    # -- JSON -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        def slot_json(slot: Slot) -> Any:
            return None if slot is None else {"seat": slot[0], "dice": list(slot[1])}

        return {
            "seats": [s.to_json() for s in self.seats],
            "round": self.round, "phase": self.phase, "turn": self.turn, "initiative": self.initiative,
            "deploy_order": self.deploy_order, "activation_track": self.activation_track,
            "deployment_track": self.deployment_track,
            "staging": {a: [[seat, list(die)] for seat, die in dice] for a, dice in self.staging.items()},
            "spaces": {a: [slot_json(s) for s in slots] for a, slots in self.spaces.items()},
            "market": {t: slot_json(s) for t, s in self.market.items()},
            "heads": self.heads, "deck": self.deck, "display": self.display, "removed": self.removed,
            "pending": {
                "order": self.pending_order, "deal": self.pending_deal, "rolls": self.pending_rolls,
                "reroll": None if self.pending_reroll is None
                else {"seat": self.pending_reroll[0], "die": list(self.pending_reroll[1])},
            },
        }

    def dumps(self) -> str:
        """Canonical JSON text: the same state gives the same text in any process."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: dict[str, Any], rules: Optional[Ruleset] = None) -> "State":
        def slot(value: Any) -> Slot:
            return None if value is None else (int(value["seat"]), tuple(value["dice"]))

        state = cls(rules)
        state.seats = [SeatState.from_json(s) for s in data["seats"]]
        state.round = int(data["round"])
        state.phase = Phase(data["phase"])
        state.turn = data["turn"]
        state.initiative = int(data["initiative"])
        state.deploy_order = list(data["deploy_order"])
        state.activation_track = list(data["activation_track"])
        state.deployment_track = list(data["deployment_track"])
        state.staging = {a: [(int(s), (str(d[0]), int(d[1]))) for s, d in dice] for a, dice in data["staging"].items()}
        state.spaces = {a: [slot(s) for s in slots] for a, slots in data["spaces"].items()}
        state.market = {t: slot(s) for t, s in data["market"].items()}
        state.heads = list(data["heads"])
        state.deck = list(data["deck"])
        state.display = list(data["display"])
        state.removed = list(data["removed"])
        pending = data["pending"]
        state.pending_order = bool(pending["order"])
        state.pending_deal = int(pending["deal"])
        state.pending_rolls = list(pending["rolls"])
        reroll = pending["reroll"]
        state.pending_reroll = None if reroll is None else (int(reroll["seat"]), (str(reroll["die"][0]), int(reroll["die"][1])))
        return state

    @classmethod
    def loads(cls, text: str, rules: Optional[Ruleset] = None) -> "State":
        return cls.from_json(json.loads(text), rules)

    def __repr__(self) -> str:
        return f"<State round={self.round} phase={self.phase} turn={self.turn} initiative={self.initiative}>"
