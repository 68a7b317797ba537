"""A Tokaido game against two Automas, as a header plus the lines typed or tapped at the table.

The game is rebuilt from its setup and its events (plain text, as the store keeps them), so
undo and resume are a replay. Events, with a road model (``Setup.road``):

    card 2 [temple|inn]         the Automa to move flipped this card
    go 3                        the person moves to the 3rd free space ahead
    meals 3 1 2 1 [took 2|took none]   the 4 Meal prices in the order drawn; the person's pick,
                                needed when they arrived before an Automa
    first sea                   the person took a Panorama achievement before the Automas
    end 4 2 3 9 5               the person's Souvenirs, Encounters, Hot Springs, Meal prices, Temple coins

Without a road model the app cannot know whose turn it is, nor the spaces ahead:

    green card 2 temple ahead paddy farm temple
    meals 3 1 2 1 order green you purple [took 2]

Each event either changes the game and returns what the Automas do, as events of the game (``events``, said
by ``wording``), or raises :class:`Refused` and changes nothing.

With the Crossroads expansion (``Setup.crossroads``) each Automa scores 5 more points at setup;
with the Matsuri (``Setup.matsuri``) the setup only reminds how she takes a Matsuri (ruling T10).
Of the base game's variants, the Journey of Initiation (``Setup.initiation``) gives you 5 points;
with the Preparations (``Setup.preparations``, the additional coins each Traveler receives) she
scores 3 points for each coin instead (seed 001, "Variations").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from . import events as said
from .card import AutomaCard, BadCard
from .choice import choose
from .collection import Collection
from .difficulty import check_level, deal
from .meals import MEALS_DRAWN, YOU, assign_meals
from .road import Road, parse_road
from .spaces import INN, PANORAMA_LENGTH, SPACE_TYPES, TEMPLE, UnknownSpace, space_type
from .tally import ACHIEVEMENT_NAMES, END_ACHIEVEMENT_POINTS, Counts, automa_counts, end_achievements, temple_points

RULES_VERSION = "tokaido-automa/rulings-T1-T11"
CROSSROADS_POINTS = 5  # each Automa's extra points at setup with the Crossroads expansion
END_WORDS = "end SOUVENIRS ENCOUNTERS HOT-SPRINGS MEAL-PRICES TEMPLE-COINS"
PREPARATIONS_POINTS = 3  # hers for each additional coin the Preparations variant would give her
INTERMEDIATE_INNS = 3  # the Inns before Edo on the board: without a road model, the 4th Meals are Edo's


class Refused(ValueError):
    """An event that cannot be played now; the game is unchanged."""


@dataclass(frozen=True)
class Setup:
    """What the game is started with (the store's header)."""

    automas: tuple[str, str]
    you: str = "blue"
    level: int = 4
    seed: int = 0
    road: Optional[Road] = None
    leaving_order: tuple[str, ...] = ()  # with a road: who leaves Kyoto first, second, third
    crossroads: bool = False  # playing with the Crossroads expansion
    matsuri: bool = False     # playing with the Matsuri expansion
    initiation: bool = False  # the Journey of Initiation variant
    preparations: int = 0     # the Preparations variant: the additional coins each Traveler receives (0: not played)

    def __post_init__(self) -> None:
        check_level(self.level)
        if len(set(self.automas) | {self.you}) != 3:
            raise ValueError("the person and the two Automas need three different colours")
        if self.preparations < 0:
            raise ValueError("the Preparations give 0 or more additional coins")
        if self.road is not None and sorted(self.leaving_order) != sorted(self.travelers):
            raise ValueError(f"name each Traveler once in the order they leave Kyoto: {', '.join(self.travelers)}")

    @property
    def travelers(self) -> tuple[str, ...]:
        return (self.you,) + tuple(self.automas)

    def to_json(self) -> dict[str, Any]:
        return {"game": "tokaido", "rules_version": RULES_VERSION, "seed": self.seed, "level": self.level,
                "seats": [{"colour": self.you, "kind": "person"}]
                + [{"colour": c, "kind": "automa"} for c in self.automas],
                "road": self.road.to_text() if self.road else None, "leaving_order": list(self.leaving_order),
                "crossroads": self.crossroads, "matsuri": self.matsuri, "initiation": self.initiation,
                "preparations": self.preparations}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Setup":
        seats = data["seats"]
        return cls(tuple(s["colour"] for s in seats if s["kind"] == "automa"),
                   next(s["colour"] for s in seats if s["kind"] == "person"), data.get("level", 4),
                   data.get("seed", 0), parse_road(data["road"]) if data.get("road") else None,
                   tuple(data.get("leaving_order", ())), bool(data.get("crossroads", False)),
                   bool(data.get("matsuri", False)), bool(data.get("initiation", False)),
                   int(data.get("preparations", 0)))


@dataclass
class TokaidoGame:
    setup: Setup
    collections: dict[str, Collection] = field(init=False)
    achievements_taken: set[str] = field(init=False, default_factory=set)
    positions: dict[str, int] = field(init=False, default_factory=dict)
    arrivals: dict[int, list[str]] = field(init=False, default_factory=dict)  # inn -> Travelers, first first
    fed: list[int] = field(init=False, default_factory=list)  # inns whose Meals are served
    final: Optional[dict[str, Any]] = field(init=False, default=None)
    meals_told: int = field(init=False, default=0)  # without a road model: the Inns whose Meals were told
    _setup: list[said.Event] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.collections = {c: Collection.at_setup(c) for c in self.setup.automas}
        if self.setup.road is not None:
            self.positions = {t: 0 for t in self.setup.travelers}
            self.arrivals[0] = list(reversed(self.setup.leaving_order))  # the last to arrive leaves first
        self._setup = self._expansion_reminders() + [self._start(c) for c in self.setup.automas] + self._deal()

    # -- setup ----------------------------------------------------------------------------

    def _expansion_reminders(self) -> list[said.Event]:
        played = {"crossroads": self.setup.crossroads, "matsuri": self.setup.matsuri,
                  "initiation": self.setup.initiation}
        return [said.Reminder(name) for name, on in played.items() if on]

    def _start(self, colour: str) -> said.Event:
        """She scores her coin's point and, with the Crossroads, 5 more; with the Preparations, 3 for each
        additional coin she would have received."""
        her = self.collections[colour]
        extras = ([("Crossroads", CROSSROADS_POINTS)] if self.setup.crossroads else []) + \
            ([("Preparations", PREPARATIONS_POINTS * self.setup.preparations)] if self.setup.preparations else [])
        her.score += sum(points for _, points in extras)
        return said.Started(colour, tuple(extras), her.score)

    def _deal(self) -> list[said.Event]:
        """The Difficulty Level cards dealt, then the Automa deck shuffled."""
        dealt: list[said.Event] = []
        for who, cards in deal(self.setup.level, self.setup.automas, self.setup.seed).items():
            for card in cards:
                if who == "you":
                    dealt.append(said.YourDifficultyCard(card))
                else:
                    points, _ = self.collections[who].receive(card, self.achievements_taken)
                    dealt.append(said.HerDifficultyCard(who, card, points, self.collections[who].score))
        return dealt + [said.Shuffle(into_deck=True)]

    def setup_events(self) -> list[said.Event]:
        """What to do at setup: the expansions' reminders, the Automas' coins (and Crossroads points)
        and the Difficulty Level cards dealt."""
        return list(self._setup)

    # -- whose turn -------------------------------------------------------------------------

    def waiting_for(self) -> str:
        """What the game waits for: ``card COLOUR``, ``go``, ``meals``, ``end`` or ``over``
        (without a road model: ``card`` for any Automa, ``meals`` and ``end`` when told)."""
        if self.final is not None:
            return "over"
        if self.setup.road is None:
            return "card"
        spots = set(self.positions.values())
        if len(spots) == 1:
            (spot,) = spots
            if spot != 0 and spot not in self.fed:
                return "meals"
            if spot == self.setup.road.end:
                return "end"
        mover = self.to_move()
        return "go" if mover == self.setup.you else f"card {mover}"

    def to_move(self) -> str:
        """The Traveler farthest back; at an Inn, the last to arrive leaves first (ruling T7)."""
        back = min(self.positions.values())
        here = [t for t in self.setup.travelers if self.positions[t] == back]
        if len(here) == 1:
            return here[0]
        order = self.arrivals.get(back, [])
        return max(here, key=lambda t: order.index(t) if t in order else -1)

    def _occupied(self, mover: str) -> list[int]:
        return [p for t, p in self.positions.items() if t != mover]

    def free_ahead(self, traveler: str) -> list[int]:
        assert self.setup.road is not None
        return self.setup.road.free_ahead(self.positions[traveler], self._occupied(traveler))

    # -- events -----------------------------------------------------------------------------

    def play(self, event: str) -> list[said.Event]:
        words = event.split()
        if not words:
            raise Refused("an empty line")
        head = words[0].lower()
        if self.final is not None:
            raise Refused("the journey is over")
        if head == "first":
            return self._first(words[1:])
        if self.setup.road is None:
            if head in self.setup.automas and len(words) > 1 and words[1] == "card":
                return self._card_told(head, words[2:])
            if head == "meals":
                return self._meals_told(words[1:])
            if head == "end":
                return self._end(words[1:])
            raise Refused("write COLOUR card RANGE [ICON] ahead SPACES, meals ..., first PANORAMA or end ...")
        waiting = self.waiting_for()
        if head == "card" and waiting.startswith("card "):
            return self._card_on_road(waiting.split()[1], words[1:])
        if head == "go" and waiting == "go":
            return self._go(words[1:])
        if head == "meals" and waiting == "meals":
            return self._meals_on_road(words[1:])
        if head == "end" and waiting == "end":
            return self._end(words[1:])
        raise Refused(f"waiting for {self._asking(waiting)}")

    def _asking(self, waiting: str) -> str:
        """What the table is to type now, in full."""
        if waiting == "card":
            return self._asking_told()
        if waiting.startswith("card "):
            return f"{waiting.split()[1].title()}'s Automa card: card RANGE [temple|inn] (RANGE 1 to 3)"
        if waiting == "go":
            return f"your move: go N (the Nth free space ahead, 1 to {len(self.free_ahead(self.setup.you))})"
        if waiting == "meals":
            return (f"the {MEALS_DRAWN} Meal prices in the order drawn: meals P P P P"
                    + (" took N|took none (the Meal you bought)" if self.you_came_before_an_automa() else ""))
        return {"end": f"your end counts: {END_WORDS}", "over": "nothing: the journey is over"}[waiting]

    def _asking_told(self) -> str:
        """Without a road model: an Automa's card and the spaces ahead, the Meals at an Inn, or the end."""
        arrivals = ", ".join((YOU,) + self.setup.automas)
        return (f"{'|'.join(self.setup.automas)} card RANGE [temple|inn] ahead SPACE... (her card, then the free "
                f"spaces ahead of her, nearest first, up to her range or an Inn; SPACE one of {', '.join(SPACE_TYPES)}); "
                f"at an Inn once all have arrived: meals P P P P order FIRST SECOND THIRD [took N|took none] ({arrivals} "
                f"in the order of arrival; took: the Meal you bought, when you came before an Automa); at Edo: "
                f"{END_WORDS}; first {'|'.join(PANORAMA_LENGTH)} when you complete a Panorama first")

    def prompt(self) -> str:
        """The question the table is asked now, in one line."""
        return self._asking(self.waiting_for())

    def _card(self, words: Sequence[str]) -> AutomaCard:
        try:
            return AutomaCard.parse(words)
        except BadCard as exc:
            raise Refused(str(exc)) from None

    def _card_on_road(self, colour: str, words: Sequence[str]) -> list[said.Event]:
        card = self._card(words)
        free = self.free_ahead(colour)
        kinds = [self.setup.road.spaces[p] for p in free]  # type: ignore[union-attr]
        index = choose(kinds, card, self.collections[colour])
        self._arrive(colour, free[index])
        return [self._benefit(colour, index, kinds[index])]

    def _card_told(self, colour: str, words: Sequence[str]) -> list[said.Event]:
        if "ahead" not in words:
            raise Refused("name the free spaces ahead, nearest first: ... ahead paddy farm temple")
        split = list(words).index("ahead")
        card = self._card(words[:split])
        try:
            kinds = [space_type(w) for w in words[split + 1:]]
        except UnknownSpace as exc:
            raise Refused(str(exc)) from None
        if INN in kinds:
            kinds = kinds[:kinds.index(INN) + 1]  # she stops at the Inn: nothing beyond it is in reach
        if not kinds or (len(kinds) < card.range and kinds[-1] != INN):
            raise Refused(f"name the {card.range} free spaces ahead (fewer only up to an Inn)")
        index = choose(kinds, card, self.collections[colour])
        return [self._benefit(colour, index, kinds[index])]

    def _benefit(self, colour: str, index: int, space: str) -> said.Event:
        her = self.collections[colour]
        if space == INN:
            return said.Stopped(colour, index + 1, space)
        if space == TEMPLE:
            points = her.visit_temple()
            return said.Stopped(colour, index + 1, space, points, her.score)
        points, taken = her.receive(space, self.achievements_taken)
        return said.Stopped(colour, index + 1, space, points, her.score, tuple(taken))

    def _arrive(self, traveler: str, position: int) -> None:
        self.positions[traveler] = position
        if self.setup.road is not None and self.setup.road.is_inn(position):
            self.arrivals.setdefault(position, []).append(traveler)

    def _go(self, words: Sequence[str]) -> list[said.Event]:
        free = self.free_ahead(self.setup.you)
        if len(words) != 1 or not words[0].isdigit() or not 1 <= int(words[0]) <= len(free):
            raise Refused(f"go N, N from 1 to {len(free)} (the free spaces up to the next Inn)")
        position = free[int(words[0]) - 1]
        self._arrive(self.setup.you, position)
        return [said.YouMoved(self.setup.road.spaces[position])]  # type: ignore[union-attr]

    def _prices(self, words: Sequence[str]) -> tuple[list[int], Optional[int], bool]:
        """The Meal prices, the person's pick (index) and whether a pick was given."""
        words = list(words)
        pick: Optional[int] = None
        told = "took" in words
        if told:
            at = words.index("took")
            if at + 2 != len(words):
                raise Refused("end the line with took N or took none")
            choice = words[at + 1]
            del words[at:at + 2]
            if choice != "none":
                if not choice.isdigit() or not 1 <= int(choice) <= MEALS_DRAWN:
                    raise Refused(f"took N, N from 1 to {MEALS_DRAWN}, or took none")
                pick = int(choice) - 1
        prices = words[:MEALS_DRAWN]
        if len(prices) != MEALS_DRAWN or not all(p.isdigit() for p in prices):
            raise Refused(f"give the {MEALS_DRAWN} Meal prices in the order drawn: meals 3 1 2 1")
        return [int(p) for p in prices], pick, told

    def _serve(self, prices: list[int], arrivals: list[str], pick: Optional[int],
               intermediate: bool) -> list[said.Event]:
        try:
            taken = assign_meals(prices, arrivals, pick)
        except ValueError as exc:
            raise Refused(str(exc)) from None
        served: list[said.Event] = [said.Shuffle(into_deck=False)] if intermediate else []
        for colour, index in taken.items():
            her = self.collections[colour]
            points = her.eat(prices[index])
            served.append(said.MealServed(colour, index + 1, prices[index], points, her.score))
        return served

    def arrival_order(self) -> list[str]:
        """With a road model: the Travelers at the person's Inn in the order they arrived, the person as ``you``."""
        return [YOU if t == self.setup.you else t for t in self.arrivals[self.positions[self.setup.you]]]

    def you_came_before_an_automa(self) -> bool:
        """With a road model, at an Inn: whether the person must say which Meal they bought (ruling T9)."""
        order = self.arrival_order()
        return order.index(YOU) < len(order) - 1

    def _meals_on_road(self, words: Sequence[str]) -> list[said.Event]:
        prices, pick, told = self._prices(words)
        spot = self.positions[self.setup.you]
        if not told and self.you_came_before_an_automa():
            raise Refused("you arrived before an Automa: say which Meal you bought, took N or took none")
        served = self._serve(prices, self.arrival_order(), pick, spot != self.setup.road.end)  # type: ignore[union-attr]
        self.fed.append(spot)
        return served

    def _meals_told(self, words: Sequence[str]) -> list[said.Event]:
        words = list(words)
        if "order" not in words:
            raise Refused("give the order of arrival: meals 3 1 2 1 order green you purple")
        at = words.index("order")
        order = [YOU if w == self.setup.you or w == YOU else w for w in words[at + 1:at + 4]]
        if sorted(order) != sorted([YOU, *self.setup.automas]):
            raise Refused(f"order names you, {' and '.join(self.setup.automas)} once each")
        prices, pick, told = self._prices(words[:at] + words[at + 4:])
        if not told and order.index(YOU) < 2:
            raise Refused("you arrived before an Automa: say which Meal you bought, took N or took none")
        served = self._serve(prices, order, pick, intermediate=self.meals_told < INTERMEDIATE_INNS)
        self.meals_told += 1
        return served

    def _first(self, words: Sequence[str]) -> list[said.Event]:
        if len(words) != 1 or words[0] not in PANORAMA_LENGTH:
            raise Refused(f"first {'|'.join(PANORAMA_LENGTH)}: the Panorama you completed first")
        if words[0] in self.achievements_taken:
            raise Refused(f"the {ACHIEVEMENT_NAMES[words[0]]} achievement is already taken")
        self.achievements_taken.add(words[0])
        return [said.YourAchievement(words[0])]

    def _end(self, words: Sequence[str]) -> list[said.Event]:
        """The End of the Journey as in the base game: the four end achievements, then the Temple."""
        if len(words) != 5 or not all(w.isdigit() for w in words):
            raise Refused(f"{END_WORDS}: your five counts")
        souvenirs, encounters, springs, prices, coins = (int(w) for w in words)
        counts = {YOU: Counts(prices, souvenirs, encounters, springs)}
        counts.update({c: automa_counts(self.collections[c].items, self.collections[c].meals)
                       for c in self.setup.automas})
        winners = end_achievements(counts)
        ended: list[said.Event] = []
        for achievement, who in winners.items():
            ended.append(said.EndAchievement(achievement, tuple(who)))
            for colour in who:
                if colour != YOU:
                    self.collections[colour].score += END_ACHIEVEMENT_POINTS
                    self.collections[colour].achievements.append(achievement)
        ended.append(self._temple({YOU: coins, **{c: self.collections[c].temple_coins for c in self.setup.automas}}))
        ended += [said.FinalScore(c, self.collections[c].score, CROSSROADS_POINTS if self.setup.crossroads else None)
                  for c in self.setup.automas]
        self.final = {"achievements": winners, "scores": self.scores()}
        return ended

    def _temple(self, donations: dict[str, int]) -> said.Event:
        """The Temple's donors ranked, the Automas scoring theirs."""
        points = temple_points(donations)
        for colour, scored in points.items():
            if colour != YOU:
                self.collections[colour].score += scored
        ranked = sorted(points, key=lambda who: -donations[who])
        return said.TempleRanked(tuple((who, donations[who], points[who]) for who in ranked))

    # -- what the table sees ----------------------------------------------------------------

    def scores(self) -> dict[str, int]:
        return {c: self.collections[c].score for c in self.setup.automas}

    def winners(self) -> list[str]:
        """None: the game keeps the Automas' points, not yours, so who won is yours to say."""
        return []

    def to_json(self) -> dict[str, Any]:
        return {"waiting_for": self.waiting_for(), "positions": dict(self.positions),
                "automas": {c: {"score": h.score, "items": dict(h.items), "temple_coins": h.temple_coins,
                                "meals": list(h.meals), "achievements": list(h.achievements)}
                            for c, h in self.collections.items()},
                "final": self.final}


def replay(setup: Setup, events: Sequence[str]) -> TokaidoGame:
    """The game after these events (each must be playable)."""
    game = TokaidoGame(setup)
    for event in events:
        game.play(event)
    return game
