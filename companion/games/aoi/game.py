"""A game of Age of Innovation against her Automa, as a header plus the lines given at the table.

Rebuilt by replaying its lines, so undo and resume are a replay. Lines:

    community law medicine / build step   without her community card in the file: its knowledge icons and actions
    tile 3 law                            each round: the tile's Automa points and the discipline of its symbol's colour
    tile 3a                               or a round tile of the card file, by its name
    next                                  her turn (you have played yours)
    next card 7 [ACTIONS | SUPPORT | PASS]
                                          where the table draws: her turn and the card drawn for it, in one line
    passed                                you pass (each of you, where two of you play)
    card 7 [ACTIONS | SUPPORT | PASS]     where the table draws: the card drawn (its areas the first time it is seen)
    hexes 5, shorten 3, selected 2, terrain 2, nearest 1, adjacent 1, apart 0, least 1, type guild, inventions 5,
    power 4, book 2, gap law medicine, space 2, x 2
                                          the answers to her turn's questions
    knowledge 18, area 12, communityscore 0, extra 0, score 134, partnerscore 120
                                          the end of the game (partnerscore: where two of you play)

Each line changes the game and returns what she does, as events (``events``, said by ``wording``), or raises
:class:`Refused` and changes nothing.
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from . import events as said
from . import wording
from .actions import Answers, Context, Her, Pending, Turn, WrongAnswer
from .buildings import Pieces
from .cards import Card, CardError, parse_areas
from .deck import Deck
from .disciplines import DISCIPLINES
from .levels import CARDS, LATE_CARD, ROUNDS, LevelRow, highest_shipping, shipping
from .owner import MOST_TILE_POINTS, Community, parse_actions, parse_knowledge
from .setup import PARTNER, Setup

START_SCORE = 20  # "Feld 20 der Punkteleiste" [L165]
END_QUESTIONS = ("knowledge", "area", "communityscore", "extra", "score", "partnerscore")  # the last: two of you


class Refused(ValueError):
    """A line that cannot be played now; the game is unchanged."""


@dataclass
class AoiGame:
    setup: Setup
    rng: Optional[random.Random] = field(init=False, default=None)
    deck: Deck = field(init=False)
    her: Her = field(init=False)
    known: dict[int, Card] = field(init=False, default_factory=dict)  # every card's areas known: file and tapped
    community: Optional[Community] = field(init=False, default=None)
    first_workshops: str = field(init=False, default="")
    round: int = field(init=False, default=1)
    tile: Optional[tuple[int, str]] = field(init=False, default=None)  # this round's Automa points, symbol colour
    tiles_used: list[str] = field(init=False, default_factory=list)     # the card file's round tiles played
    passed: int = field(init=False, default=0)  # how many of you have passed this round
    she_passed: bool = field(init=False, default=False)
    hers_next: bool = field(init=False, default=False)  # you start round 1 [L147]
    first_passer: str = field(init=False, default="")  # "you" (one of you) or "her", this round
    in_turn: bool = field(init=False, default=False)    # her turn started: cards to draw or questions to answer
    action_turned: bool = field(init=False, default=False)
    answers: list[str] = field(init=False, default_factory=list)
    shown: int = field(init=False, default=0)
    end: dict[str, int] = field(init=False, default_factory=dict)
    turns: int = field(init=False, default=0)
    turn_lines: int = field(init=False, default=0)  # the lines of the turn the last line played belongs to

    def __post_init__(self) -> None:
        owner = self.setup.cards
        if self.setup.app_draws:
            self.rng = random.Random(f"aoi:{self.setup.seed}")
            assert owner is not None
            # B6: the first-workshop card is drawn from all 14, then returned
            self.first_workshops = owner.cards[self.rng.choice(CARDS)].letters
        self.deck = Deck.start(self.setup.level, self.rng)
        self.known = dict(owner.cards) if owner else {}
        self.community = owner.community if owner else None
        self.her = Her(START_SCORE, {d: 0 for d in DISCIPLINES}, Pieces.at_setup(owner.supply if owner else None))
        if self.community is not None:
            self._starting_knowledge(self.community)

    @property
    def you_passed(self) -> bool:
        """Whether you (both of you, in the variant for two) have passed this round."""
        return self.passed == self.setup.players

    def _starting_knowledge(self, community: Community) -> None:
        """Her markers on 0, +1 for each knowledge icon on her community card [L163]."""
        for discipline in community.knowledge:
            self.her.rise(discipline, 1)

    # -- what the table is asked ---------------------------------------------------------------

    def setup_events(self) -> list[said.Event]:
        events: list[said.Event] = [said.DeckBuilt(self.setup.level, len(self.deck.deck), len(self.deck.reserve),
                                                   LATE_CARD if self.setup.level == "automalein" else None,
                                                   self.setup.app_draws, self.setup.players),
                                    said.SetupTiles(self.setup.players), said.FirstWorkshops(self.first_workshops)]
        if self.community is not None:
            events.append(said.StartingKnowledge(tuple(self.her.levels.items())))
        return events

    def waiting_for(self) -> str:
        if self.round > ROUNDS:
            asked = END_QUESTIONS if self.setup.players == 2 else END_QUESTIONS[:-1]
            return next((k for k in asked if k not in self.end), "over")
        if self.community is None:
            return "community"
        if self.tile is None:
            return "tile"
        if not self.in_turn:
            return "turn"
        if self.drawing():
            return "card"
        question = self.question()
        return question.key if question else "turn"

    def question(self) -> Optional[said.Question]:
        """The question her turn asks now, if any."""
        if not self.in_turn or self.drawing():
            return None
        return self._run_turn()[1]

    def prompt(self) -> str:
        waiting = self.waiting_for()
        question = self.question()
        if question is not None:
            return wording.ask(question, self.support_card(), self.setup.players)
        return wording.waiting(waiting, self._view())

    def _view(self) -> wording.View:
        return wording.View(self.round, self.you_passed, self.she_passed, self.hers_next,
                            dict(self.her.levels),
                            highest_shipping(self._level_row(), self.setup.level),
                            self.community.end if self.community else "", tuple(self.unused_tiles()),
                            self.draws_at_turn(), self.setup.players)

    # -- lines -----------------------------------------------------------------------------------

    def play(self, event: str) -> list[said.Event]:
        """Play a line; what she does. Her turn's lines (``next``, its cards and answers) count as one turn, which
        Undo at the table takes back whole."""
        mid_turn = self.in_turn
        events = self._play(event)
        starts_hers = event.split()[0].lower() == "next"
        self.turn_lines = self.turn_lines + 1 if mid_turn and not starts_hers else 1
        return events

    def _play(self, event: str) -> list[said.Event]:
        words = event.split()
        if not words:
            raise Refused("an empty line")
        head, rest = words[0].lower(), words[1:]
        waiting = self.waiting_for()
        if waiting == "over":
            raise Refused("the game is over")
        if waiting == "turn" and head in ("next", "passed"):
            if head == "next" and rest:
                return self._next_with_card(" ".join(event.split()[1:]))
            return self._next(rest) if head == "next" else self._you_pass(rest)
        if head != waiting:
            raise Refused(f"not now: {head}; the line asked starts with {waiting}")
        if waiting == "community":
            return self._tapped_community(rest)
        if waiting == "tile":
            return self._tile(rest)
        if waiting == "card":
            return self._card(rest, " ".join(event.split()[1:]))
        if waiting in END_QUESTIONS:
            return self._end(waiting, rest)
        self.answers.append(" ".join(words).lower())
        try:
            return self._resolve()
        except (Refused, WrongAnswer) as exc:
            self.answers.pop()
            raise Refused(str(exc)) from None

    def _tapped_community(self, words: Sequence[str]) -> list[said.Event]:
        """``community KNOWLEDGE... / ACTIONS...`` (``-`` for no knowledge icon)."""
        text = " ".join(words)
        if "/" not in text:
            raise Refused("community KNOWLEDGE... / ACTIONS... (KNOWLEDGE: disciplines, or -)")
        knowledge, _, actions = text.partition("/")
        try:
            community = Community("tapped", parse_knowledge(knowledge.split()), parse_actions(actions))
        except CardError as exc:
            raise Refused(str(exc)) from None
        if not community.actions or any(a.kind == "community" for a in community.actions):
            raise Refused("her community card's actions: at least one, none of them the community action")
        self.community = community
        self._starting_knowledge(community)
        return [said.StartingKnowledge(tuple(self.her.levels.items()))]

    def unused_tiles(self) -> dict[str, tuple[int, str]]:
        """The card file's round tiles not yet played: each round's tile is removed after it [L358]."""
        tiles = self.setup.cards.tiles if self.setup.cards else {}
        return {name: tile for name, tile in tiles.items() if name not in self.tiles_used}

    def _tile(self, words: Sequence[str]) -> list[said.Event]:
        """``tile POINTS DISCIPLINE``, or ``tile NAME`` for a round tile of the card file."""
        if len(words) == 1 and not words[0].isdigit():
            name = words[0].lower()
            if name not in self.unused_tiles():
                raise Refused(f"'{name}' is no round tile of the card file left: "
                              f"{', '.join(self.unused_tiles()) or 'none'}")
            self.tile = self.unused_tiles()[name]
            self.tiles_used.append(name)
            return []
        if len(words) != 2 or not words[0].isdigit() or int(words[0]) > MOST_TILE_POINTS \
                or words[1].lower() not in DISCIPLINES:
            raise Refused(f"tile POINTS DISCIPLINE: the points at its bottom right (0 to {MOST_TILE_POINTS}) and "
                          f"the discipline of its Automa symbol's colour ({', '.join(DISCIPLINES)})")
        self.tile = (int(words[0]), words[1].lower())
        return []

    def _next(self, words: Sequence[str]) -> list[said.Event]:
        """Her turn [L318–336]: draw two on the round's first, else the old action card onto the support card and,
        with the deck empty, she passes."""
        if words:
            raise Refused("next takes nothing")
        if self.she_passed:
            raise Refused("she has passed this round; when you pass: passed")
        self.turns += 1
        self.in_turn, self.answers, self.shown = True, [], 0
        if self.deck.support:
            self.deck.action_to_support()
            if not self.deck.deck:
                return self._pass("empty")
        if not self.deck.drawn_by_app:
            return []
        first_of_round = not self.deck.support
        if first_of_round:
            self.deck.take()
        self.action_turned = self.deck.turned()
        self.deck.take()
        assert self.deck.action is not None
        drawn: list[said.Event] = [said.PairDrawn(self.deck.action, self.deck.support[-1]) if first_of_round
                                   else said.CardDrawn(self.deck.action, self.action_turned)]
        return drawn + self._cards_known()

    def draws_at_turn(self) -> bool:
        """Whether her next turn starts with the table drawing a card (where the table draws, her deck not empty):
        then "her turn" and the card's number are one line."""
        return not self.deck.drawn_by_app and bool(self.deck.deck)

    def _next_with_card(self, card: str) -> list[said.Event]:
        """``next card N [ACTIONS | SUPPORT | PASS]``: her turn and the card the table drew, as one line; refused
        whole, the game unchanged, if the card cannot be drawn."""
        if not self.draws_at_turn():
            raise Refused("no card is drawn at this turn: next")
        trial = copy.deepcopy(self)
        events = trial._next([])
        events += trial._play(card)
        self.__dict__.update(trial.__dict__)
        return events

    def drawing(self) -> bool:
        """Whether the table is to tap the card it drew for her (where the table draws her cards)."""
        return self.in_turn and not self.deck.drawn_by_app and self.deck.action is None

    def _card(self, words: Sequence[str], text: str) -> list[said.Event]:
        """``card N [ACTIONS | SUPPORT | PASS]``: the card drawn (where the table draws), with its areas the first
        time the app sees it."""
        if not words or not words[0].isdigit() or int(words[0]) not in CARDS:
            raise Refused(f"card N (1 to {len(CARDS)}), then its areas if the app has not seen them")
        number = int(words[0])
        if not self.deck.can_draw(number):
            raise Refused(f"card {number} is not in her deck")
        areas = text.partition(" ")[2].strip()
        card = self.known.get(number)
        if card is None:
            if not areas:
                raise Refused(f"card {number} is new to the app: card {number} ACTIONS | SUPPORT | PASS")
            try:
                card = parse_areas(number, areas)
            except CardError as exc:
                raise Refused(str(exc)) from None
        elif areas:
            raise Refused(f"the app knows card {number}: card {number}")
        events: list[said.Event] = []
        if self.deck.support:
            self.action_turned = self.deck.turned()
        self.deck.take(number)
        if self.deck.action is not None:
            events.append(said.PairDrawn(self.deck.action, self.deck.support[0]) if len(self.deck.support) == 1
                          else said.CardDrawn(self.deck.action, self.action_turned))
        self.known[number] = card
        return events + self._cards_known()

    def _cards_known(self) -> list[said.Event]:
        """Once the action and support cards are drawn: the turned card's pass, or her actions."""
        if self.drawing():
            return []
        action = self.known[self.deck.action]  # type: ignore[index]
        if self.action_turned and action.pass_icon:
            return self._pass("turned")
        return self._resolve()

    # -- her actions -------------------------------------------------------------------------------

    def support_card(self) -> Optional[Card]:
        return self.known.get(self.deck.support[-1]) if self.deck.support else None

    def _level_row(self) -> Optional[LevelRow]:
        return self.setup.cards.levels.get(self.setup.level) if self.setup.cards else None

    def _context(self) -> Context:
        support = self.support_card()
        assert support is not None and self.tile is not None
        row = self._level_row()
        terrains = self.setup.cards.ltp.get(support.support.row, ()) if self.setup.cards else ()
        return Context(self.round, support.support, self.tile[1], row.x[self.round - 1] if row else None,
                       shipping(row, self.setup.level, self.round), terrains,
                       self.community.methods if self.community else "")

    def _run_turn(self) -> tuple[Turn, Optional[said.Question]]:
        """Her action card, top to bottom [L336, L362], on a copy of her things with the answers given so far;
        the question it stops at, if any."""
        turn = Turn(copy.deepcopy(self.her), self._context(), Answers(list(self.answers)))
        action = self.known[self.deck.action]  # type: ignore[index]
        try:
            done = [turn.perform(a, self.community.actions if self.community else ()) for a in action.actions]
        except Pending as pending:
            return turn, pending.question
        if not any(done):
            turn.events.append(said.NothingDone())
        if turn.answers.used < len(self.answers):
            raise Refused(f"not asked: {self.answers[-1]}")
        return turn, None

    def _resolve(self) -> list[said.Event]:
        """Say what she does up to the next question; keep her things once no question is left."""
        turn, question = self._run_turn()
        new = turn.events[self.shown:]
        self.shown = len(turn.events)
        if question is None:
            self.her = turn.her
            self.in_turn, self.answers, self.shown = False, [], 0
            self.hers_next = self.you_passed
        return new

    # -- passing and the rounds ---------------------------------------------------------------------

    def _pass(self, why: str) -> list[said.Event]:
        """Her pass [L340–358]: the tile's points once, the arrowed bonus (B7), the new deck with the reserve's
        top card unseen (none after round 6, B8), her order marker to the topmost free space."""
        assert self.tile is not None
        support = self.support_card()
        assert support is not None
        points = self.tile[0]
        self.her.score += points
        self.her.bonus = support.support.bonus
        new_deck = self.round < ROUNDS
        if new_deck:
            self.deck.rebuild(self.rng)
        self.first_passer = self.first_passer or "her"
        self.she_passed, self.in_turn, self.answers, self.shown = True, False, [], 0
        self.hers_next = False
        events: list[said.Event] = [said.Passes(why), said.PassSteps(points, support.support.bonus,
                                                                      1 + self.passed, new_deck,
                                                                      len(self.deck.deck))]
        return events + self._round_end()

    def _you_pass(self, words: Sequence[str]) -> list[said.Event]:
        if words:
            raise Refused("passed takes nothing")
        if self.you_passed:
            raise Refused(f"you have {'both ' if self.setup.players == 2 else ''}passed this round; her turn: next")
        self.passed += 1
        self.first_passer = self.first_passer or "you"
        self.hers_next = not self.she_passed and self.you_passed
        return self._round_end()

    def _round_end(self) -> list[said.Event]:
        if not (self.you_passed and self.she_passed):
            return []
        she_starts = self.first_passer == "her"
        self.her.uncovered.clear()  # the X markers and your action tokens leave the board (B12)
        self.round += 1
        self.passed, self.she_passed = 0, False
        self.first_passer = ""
        self.tile = None
        self.hers_next = she_starts
        if self.round > ROUNDS:
            return []
        return [said.RoundStarts(self.round, she_starts, shipping(self._level_row(), self.setup.level, self.round))]

    # -- the end ----------------------------------------------------------------------------------------

    def _end(self, key: str, words: Sequence[str]) -> list[said.Event]:
        digits = "".join(words)
        if not digits.isdigit():
            raise Refused(f"{key} N: a whole number of points")
        self.end[key] = int(digits)
        if self.waiting_for() != "over":
            return []
        yours = tuple(self.end[k] for k in END_QUESTIONS[-2:] if k in self.end)
        return [said.FinalTally(tuple(self.tally().items()), self.her_total(), yours)]

    def tally(self) -> dict[str, int]:
        """Her points by where they came from [L122–127, L527]: the 20 of setup, her cards and tiles (the score
        kept through the game), knowledge and area scoring, her community card, the last round's extra tile
        (B10)."""
        return {"play": self.her.score, "knowledge": self.end.get("knowledge", 0), "area": self.end.get("area", 0),
                "community": self.end.get("communityscore", 0), "extra": self.end.get("extra", 0)}

    def her_total(self) -> int:
        return sum(self.tally().values())

    def scores(self) -> dict[str, int]:
        partner = {PARTNER: self.end.get("partnerscore", 0)} if self.setup.players == 2 else {}
        return {"automa": self.her_total(), "you": self.end.get("score", 0), **partner}

    def winners(self) -> list[str]:
        if self.waiting_for() != "over":
            return []
        points = self.scores()
        best = max(points.values())
        return [who for who, p in points.items() if p == best]

    def to_json(self) -> dict[str, Any]:
        return {"waiting_for": self.waiting_for(), "round": min(self.round, ROUNDS), "turns": self.turns,
                "tile": list(self.tile) if self.tile else None, "you_passed": self.you_passed, "passed": self.passed,
                "she_passed": self.she_passed, "hers_next": self.hers_next, "answers": list(self.answers),
                "automa": {"score": self.her.score, "disciplines": dict(self.her.levels),
                           "supply": dict(self.her.pieces.supply), "built": dict(self.her.pieces.built),
                           "inventions": self.her.inventions, "bonus": self.her.bonus},
                "cards": self.deck.to_json(), "end": dict(self.end), "scores": self.scores()}


def replay(setup: Setup, lines: Sequence[str]) -> AoiGame:
    game = AoiGame(setup)
    for line in lines:
        game.play(line)
    return game
