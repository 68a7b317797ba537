"""The games finished in a games database, of every registered game, as the evenings' record reads them: who
sat where (a person, an Automa with its level, a robot), each seat's points, by category where the game keeps
them, and who won; and the next level offered to a person who beat one three games in a row.

Each game is replayed from its record through the registry (``RegisteredGame.replay``, what ``replay`` prints),
so nothing here reads a game's rules or the notes of the saved-games list, which may be missing. The score the
replay gives is Automata's (``seats``, each category a ``..._vp`` field) or another game's (``points`` per seat).
A game that names no winner (Tokaido keeps only the Automas' points) is played, not won or lost by anyone.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Optional

from ..games.registry import game_named
from ..store import GameStore, StoreError, game_kind

CATEGORY = "_vp"  # the end of a score field that is a category of the total


@dataclass(frozen=True)
class Seat:
    name: str
    automa_level: Optional[str]  # None for a person (or a robot)
    won: bool
    total: Optional[int]         # None where the game keeps no points for the seat
    categories: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Finished:
    game: str     # the registered game's name
    evening: str  # the local date it was last played, YYYY-MM-DD
    seats: tuple[Seat, ...]
    decided: bool  # the game names its winners

    @property
    def people(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.seats if s.automa_level is None)


def seats_of(header: dict[str, Any], score: dict[str, Any]) -> tuple[Seat, ...]:
    """The header's seats with the replayed ``score``: Automata's (``seats`` by category) or another game's
    (``points`` per seat)."""
    winners = set(score.get("winners", ()))
    by_colour: dict[str, dict[str, Any]] = {s["colour"]: s for s in score.get("seats", ())}
    points: dict[str, int] = score.get("points", {})
    seats = []
    for seat in header.get("seats", ()):
        colour = seat["colour"]
        scored = by_colour.get(colour, {})
        level = seat.get("level", header.get("level")) if seat.get("kind") == "automa" else None
        total = scored.get("total", points.get(colour))
        seats.append(Seat(name=seat.get("name") or colour.title(), automa_level=None if level is None else str(level),
                          won=colour in winners, total=total,
                          categories={k[:-len(CATEGORY)]: v for k, v in scored.items() if k.endswith(CATEGORY)}))
    return tuple(seats)


def finished_games(store: GameStore, game: Optional[str] = None,
                   newest: Optional[int] = None) -> tuple[list[Finished], int, list[str]]:
    """The finished games, oldest first; how many are still in play; and a line for each game that cannot be
    replayed (it is left out). Only those of ``game`` when it is given, and only among its ``newest`` games."""
    finished: list[Finished] = []
    in_play = 0
    unreadable: list[str] = []
    summaries = [s for s in store.games() if game is None or game_kind(s.header) == game][:newest]  # newest first
    for summary in sorted(summaries, key=lambda s: s.updated_at):
        try:
            replayed = game_named(game_kind(summary.header)).replay(store.export_jsonl(summary.id))
        except (StoreError, ValueError) as exc:
            unreadable.append(f"game {summary.id} cannot be replayed: {exc}")
            continue
        if not replayed["over"]:
            in_play += 1
            continue
        score = replayed["score"]
        finished.append(Finished(game_kind(summary.header), evening_of(summary.updated_at),
                                 seats_of(summary.header, score), bool(score.get("winners"))))
    return finished, in_play, unreadable


def evening_of(when: datetime) -> str:
    return when.astimezone().date().isoformat()


IN_A_ROW = 3  # games won in a row against a level before the next is offered


@dataclass(frozen=True)
class Offer:
    """The next level offered (never set) to a person who beat an Automa of ``level`` in their last games of
    ``game``: ``harder``, where the game names its levels."""

    name: str
    game: str
    level: str
    harder: Optional[str] = None

    @property
    def words(self) -> str:
        harder = f"level {self.harder}" if self.harder else "the next level"
        has = "have" if self.name == "You" else "has"  # a game that calls its person "you" (Age of Innovation's)
        return (f"{self.name} {has} won {IN_A_ROW} games in a row against the {game_named(self.game).title} Automa "
                f"of level {self.level}: try {harder} next game?")

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "game": self.game, "level": self.level, "words": self.words}


def offer(name: str, game: str, level: str) -> Optional[Offer]:
    """The next level of ``game`` after ``level`` offered to ``name``; none after its hardest."""
    levels = game_named(game).levels
    if level not in levels:
        return Offer(name, game, level)
    following = levels[levels.index(level) + 1:]
    return Offer(name, game, level, following[0]) if following else None


def level_offers(games: list[Finished]) -> list[Offer]:
    """An offer to each person whose last ``IN_A_ROW`` games of a game with a winner named were all against
    Automas of one level below its hardest, and all won by that person (``games`` oldest first)."""
    recent: dict[tuple[str, str], list[tuple[frozenset[str], bool]]] = {}
    for game in games:
        if not game.decided:
            continue
        faced = frozenset(s.automa_level for s in game.seats if s.automa_level is not None)
        for seat in game.people:
            recent.setdefault((seat.name, game.game), []).append((faced, seat.won))
    offers = []
    for (name, game_name), played in sorted(recent.items()):
        last = played[-IN_A_ROW:]
        levels = sorted({level for faced, _ in last for level in faced})
        if len(last) == IN_A_ROW and len(levels) == 1 and all(won for _, won in last) and \
                (made := offer(name, game_name, levels[0])) is not None:
            offers.append(made)
    return offers


RECENT_GAMES = 12  # the newest games of a game replayed, at a game's end, for a level to offer


def offers_at_end(store: GameStore, game_id: str) -> list[str]:
    """The next level offered, in words, to each person at the finished game ``game_id`` who beat an Automa's level
    in their last games of that game (among its newest ``RECENT_GAMES``), whichever game it is: only offered,
    never set."""
    header = store.header(game_id)
    people = {seat.name for seat in seats_of(header, {}) if seat.automa_level is None}
    games, _, _ = finished_games(store, game_kind(header), newest=RECENT_GAMES)
    return [offer.words for offer in level_offers(games) if offer.name in people]
