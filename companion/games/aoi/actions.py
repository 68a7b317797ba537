"""Her actions [L372–523]: each a condition, its options, the selection methods in order until one is left, and
what she does. The app keeps what it can (her supply, disciplines, score, inventions); what only the map shows
is asked as one count a method: the options that method leaves, while more than one is left, and the direction
count then names the one she takes ("the 3rd from the top left"). What the rules or earlier answers decide is
not asked."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from . import events as said
from .buildings import Pieces
from .cards import Action, Support
from .direction import counted
from .disciplines import DISCIPLINES, TOP, at_zero, options, tile_choice
from .events import Question

MOST_HEXES = 12        # the buttons of a count of hexes
MOST_INVENTIONS = 12
MOST_ROW = 8           # power or book actions in their row
MOST_SPACE = 4         # the highest number of a scholar space
INVENTIONS_HELD = 2    # "2 oder weniger Erfindungen" [L393]
INVENTION_ROUNDS = (3, 6)


class Pending(Exception):
    """The turn needs an answer from the table before it can go on."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.key)
        self.question = question


class WrongAnswer(ValueError):
    """An answer that does not answer the question asked."""


@dataclass
class Her:
    """The Automa's own things: score, disciplines, pieces, inventions."""

    score: int
    levels: dict[str, int]
    pieces: Pieces
    inventions: int = 0
    bonus: str = "left"  # the bonus she holds, as taken: at setup the leftmost [L159]
    # The most power and book actions still uncovered this round, as last told less her cover: none is uncovered
    # again before the round's end (B12), so a row told empty is not asked again that round.
    uncovered: dict[str, int] = field(default_factory=dict)
    # Each discipline's highest free scholar space at most, as last told: scholars stay on their spaces [L505–506].
    spaces: dict[str, int] = field(default_factory=dict)

    def rise(self, discipline: str, steps: int) -> int:
        """Rise ``steps`` in ``discipline``, stopping at 12 (B5); the level reached."""
        self.levels[discipline] = min(TOP, self.levels[discipline] + steps)
        return self.levels[discipline]


@dataclass(frozen=True)
class Context:
    """What the turn reads besides her things: the round, the support area, the round's tile, the level row."""

    round: int
    support: Support
    tile_colour: str
    x: Optional[int]                 # the level card's X this round; None: asked
    shipping: Optional[int]          # her shipping value this round; None: the table reads it off the level card
    terrains: tuple[str, ...] = ()   # the support card's row of her terrain-priority card, if the file gives it
    community_methods: str = ""      # her community card's selection methods, for a community build


@dataclass
class Answers:
    """The answers given to the turn's questions, read in order; a question with no answer yet is Pending."""

    given: list[str]
    used: int = 0

    def word(self, question: Question) -> list[str]:
        if self.used == len(self.given):
            raise Pending(question)
        head, *rest = self.given[self.used].split()
        if head != question.key:
            raise WrongAnswer(f"the question asked is {question.key}")
        self.used += 1
        return rest

    def count(self, question: Question) -> int:
        words = self.word(question)
        if len(words) != 1 or not words[0].isdigit() or not question.least <= int(words[0]) <= question.most:
            raise WrongAnswer(f"{question.key} N, N from {question.least} to {question.most}")
        return int(words[0])

    def choice(self, question: Question) -> str:
        words = self.word(question)
        if len(words) != 1 or words[0] not in question.about:
            raise WrongAnswer(f"{question.key} one of {', '.join(question.about)}")
        return words[0]

    def among(self, question: Question) -> list[str]:
        """One or more words of ``about``, each once: the options a method keeps, ties included."""
        words = self.word(question)
        if not words or len(set(words)) != len(words) or not set(words) <= set(question.about):
            raise WrongAnswer(f"{question.key} and one or more of {', '.join(question.about)}, each once")
        return words


@dataclass
class Turn:
    """One action card resolved against the support card, on a copy of her things."""

    her: Her
    context: Context
    answers: Answers
    events: list[said.Event] = field(default_factory=list)

    def perform(self, action: Action, community: Optional[tuple[Action, ...]] = None) -> bool:
        """Do ``action``; whether she did anything."""
        kind = action.kind
        if kind == "community":
            assert community is not None
            self.events.append(said.CommunityAction(tuple(str(a) for a in community)))
            done = [self.perform(a) if a.kind != "build" else self.build(True) for a in community]
            return any(done)
        handlers: dict[str, Callable[[], bool]] = {
            "invention": self.invention, "build": lambda: self.build(False), "upgrade": self.upgrade,
            "cover": self.cover, "scholar": lambda: self.rise(True), "step": lambda: self.rise(False)}
        if kind == "points":
            return self.points(action.points)
        return handlers[kind]()

    def _choose(self, what: str, options_left: int) -> None:
        support = self.context.support
        self.events.append(said.Chosen(what, counted(support.count, options_left), options_left, support.forward))

    def points(self, fixed: Optional[int]) -> bool:
        """*Punkte erhalten* [L398–408]: the number, or for X the level card's value for the round."""
        value = fixed if fixed is not None else self.context.x
        if value is None:
            value = self.answers.count(Question("x", 0, 9, (str(self.context.round),)))
        self.her.score += value
        self.events.append(said.Scored(value, "points" if fixed is not None else "x"))
        return True

    def invention(self) -> bool:
        """*Erfindung nehmen* [L387–396]: rounds 3–6 and 2 or fewer held; direction; she gains nothing from it."""
        first, last = INVENTION_ROUNDS
        if not first <= self.context.round <= last:
            self.events.append(said.Skipped("invention", "round"))
            return False
        if self.her.inventions > INVENTIONS_HELD:
            self.events.append(said.Skipped("invention", "held"))
            return False
        left = self.answers.count(Question("inventions", 0, MOST_INVENTIONS))
        if not left:
            self.events.append(said.Skipped("invention", "none"))
            return False
        self._choose("invention", left)
        self.her.inventions += 1
        self.events.append(said.InventionTaken(self.her.inventions))
        return True

    def _at_most(self, key: str, most: int, about: tuple[str, ...] = ()) -> int:
        """A count from 0 to ``most``, asked unless what the table told before makes it 0."""
        return self.answers.count(Question(key, 0, most, about)) if most else 0

    def _narrowed(self, key: str, left: int, about: tuple[str, ...] = ()) -> int:
        """One selection method on the ``left`` options: how many it keeps, asked while more than one is left, as
        the methods run "bis nur noch eine Option übrig bleibt" (→ until one is left) [L376]."""
        return left if left <= 1 else self.answers.count(Question(key, 1, left, about))

    def build(self, community: bool) -> bool:
        """*Umwandeln und Bauen* [L414–436], a count for each method: the empty hexes in range of her marked or
        unmarked buildings (B1); with merge, those that shorten the path (none: all, B15); her community card's
        methods (a community build); the first terrain of her LTP row (B3); nearest yours (B14); then direction.
        Impossible: she upgrades instead."""
        if not self.her.pieces.supply["workshop"]:
            self.events.append(said.Instead("workshop"))
            return self.upgrade()
        support, context = self.context.support, self.context
        reach = "" if context.shipping is None else str(context.shipping)
        left = self.answers.count(Question("hexes", 0, MOST_HEXES, (support.group, reach)))
        if not left:
            self.events.append(said.Instead("hexes"))
            return self.upgrade()
        if support.merge:
            left = self._narrowed("shorten", left)
        if community and context.community_methods:
            left = self._narrowed("selected", left, (context.community_methods,))
        left = self._narrowed("terrain", left, (support.row, " ".join(context.terrains)))
        left = self._narrowed("nearest", left)
        self._choose("hex", left)
        self.her.pieces.build_workshop()
        self.events.append(said.WorkshopBuilt(self._unmarked()))
        return True

    def _unmarked(self) -> bool:
        """Whether the new workshop is surely unmarked [L434]: built from her unmarked buildings with shipping 0,
        it is next to an unmarked one (B1), and nothing is nearer than next to it, so a marked one is at best as
        near. Else the table marks it by the rule; the app keeps no marks, so it asks nothing."""
        return self.context.support.group == "unmarked" and self.context.shipping == 0

    def upgrade(self) -> bool:
        """*Ein Gebäude aufwerten* [L455–468], a count for each method: her workshops next to yours (none: all she
        can upgrade, which the app knows), the least power to you (B13), direction; to the highest she may. A
        workshop with none of yours next to it gives you no power, the least there is: so with none next to yours,
        her workshops all stay and only her other buildings with none of yours next to them are asked. Her
        workshops alone left, the app knows the type."""
        kinds = self.her.pieces.upgradable()
        if not kinds:
            self.events.append(said.Skipped("upgrade", "none"))
            return False
        left = sum(self.her.pieces.built[k] for k in kinds)
        if left > 1 and "workshop" in kinds:
            workshops = self.her.pieces.built["workshop"]
            adjacent = self.answers.count(Question("adjacent", 0, workshops, (str(left),)))
            if adjacent:
                left, kinds = self._narrowed("least", adjacent), ["workshop"]
            else:
                others = tuple(k for k in kinds if k != "workshop")
                apart = self._at_most("apart", left - workshops, others)
                left = workshops + apart
                kinds = kinds if apart else ["workshop"]
        else:
            left = self._narrowed("least", left)
        self._choose("building", left)
        kind = kinds[0] if len(kinds) == 1 else self.answers.choice(Question("type", 0, 0, tuple(kinds)))
        self.events.append(said.Upgraded(kind, self.her.pieces.upgrade(kind)))
        return True

    def cover(self) -> bool:
        """*Macht- und Buchaktionen abdecken* [L472–480]: an X marker on an uncovered power action, then on a book
        action; the book part runs even if the power part cannot (B12)."""
        done = False
        for row in ("power", "book"):
            left = self._at_most(row, self.her.uncovered.get(row, MOST_ROW))
            self.her.uncovered[row] = max(0, left - 1)
            if not left:
                self.events.append(said.Skipped(row, "none"))
                continue
            self._choose(row, left)
            done = True
        return done

    def rise(self, scholar: bool) -> bool:
        """*Einen Gelehrten entsenden* [L484–506] (``scholar``) or *1 Schritt* [L510–523]: the tile's colour (a
        scholar with the tile symbol), else catch up: her marker on 0, the smallest gap to yours (B16), direction.
        The table names the discipline of the smallest gap, or all that tie for it, in one tap; the app counts
        among them."""
        among = options(self.her.levels)
        if not among:
            self.events.append(said.Skipped("scholar" if scholar else "step", "top"))
            return False
        chosen = tile_choice(self.context.tile_colour, among) \
            if scholar and self.context.support.scholar == "tile" else None
        if chosen is None:
            chosen = self._catch_up(among)
        steps, placed = 1, False
        if scholar and self.her.pieces.supply["scholar"]:
            space = self._at_most("space", self.her.spaces.get(chosen, MOST_SPACE), (chosen,))
            self.her.spaces[chosen] = space
            if space:
                steps, placed = space, True
                self.her.pieces.supply["scholar"] -= 1
        self.events.append(said.Rose(chosen, steps, placed, self.her.rise(chosen, steps)))
        return True

    def _catch_up(self, among: list[str]) -> str:
        left = at_zero(self.her.levels, among)
        if len(left) > 1:
            left = self.answers.among(Question("gap", 0, 0, tuple(left)))
        ordered = [d for d in DISCIPLINES if d in left]
        place = counted(self.context.support.count, len(ordered))
        return ordered[place - 1] if self.context.support.forward else ordered[-place]
