"""Evenings remembered: ``stats``' report of the games finished in a games database, of every registered game.

Each game is replayed from its record through the registry (``RegisteredGame.replay``, what ``replay`` prints),
so the report reads no game's rules and no notes that might be missing. From each finished game it takes the
seats of its header (a person, an Automa with its level, a robot) and the score the replay gives: each seat's
points and the winners, and for a game whose score is kept by category (the ``..._vp`` fields, Automata's) each
category. A game that names no winner (Tokaido keeps only the Automas' points) counts as played, not as won or
lost by anyone.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from statistics import fmean
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


def finished_games(store: GameStore) -> tuple[list[Finished], int, list[str]]:
    """The finished games, oldest first; how many are still in play; and a line for each game that cannot be
    replayed (it is left out)."""
    finished: list[Finished] = []
    in_play = 0
    unreadable: list[str] = []
    for summary in sorted(store.games(), key=lambda s: s.updated_at):
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


def players(games: list[Finished]) -> dict[str, dict[str, Any]]:
    """Each person's name: games played and won, in all and by game."""
    table: dict[str, dict[str, Any]] = {}
    for game in games:
        for seat in game.people:
            entry = table.setdefault(seat.name, {"played": 0, "won": 0, "by_game": {}})
            by_game = entry["by_game"].setdefault(game.game, {"played": 0, "won": 0})
            for counts in (entry, by_game):
                counts["played"] += 1
                counts["won"] += seat.won
    return dict(sorted(table.items()))


def automa_levels(games: list[Finished]) -> list[dict[str, Any]]:
    """Each game's Automa levels against the people: the games it played with at least one person and a named
    winner, those it won (an Automa of that level among the winners), and the same evening by evening."""
    counts: dict[tuple[str, str], dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for game in games:
        if not game.decided or not game.people:
            continue
        for level in sorted({s.automa_level for s in game.seats if s.automa_level is not None}):
            tally = counts[(game.game, level)][game.evening]
            tally[0] += 1
            tally[1] += any(s.won for s in game.seats if s.automa_level == level)
    report = []
    for (name, level), evenings in sorted(counts.items()):
        played, won = sum(t[0] for t in evenings.values()), sum(t[1] for t in evenings.values())
        report.append({"game": name, "level": level, "played": played, "won": won, "win_rate": rate(won, played),
                       "evenings": [{"evening": day, "played": t[0], "won": t[1], "win_rate": rate(t[1], t[0])}
                                    for day, t in sorted(evenings.items())]})
    return report


def rate(won: int, played: int) -> float:
    return round(won / played, 3) if played else 0.0


def mean_scores(games: list[Finished]) -> dict[str, dict[str, dict[str, float]]]:
    """Each game's mean scores, for the people and for the Automas apart: the total, and each category where the
    game keeps them."""
    scores: dict[str, dict[str, dict[str, list[int]]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for game in games:
        for seat in game.seats:
            if seat.total is None:
                continue
            side = scores[game.game]["automas" if seat.automa_level is not None else "people"]
            side["total"].append(seat.total)
            for category, points in seat.categories.items():
                side[category].append(points)
    return {name: {side: {category: round(fmean(points), 2) for category, points in by_category.items()}
                   for side, by_category in sorted(sides.items())}
            for name, sides in sorted(scores.items())}


def report(store: GameStore) -> dict[str, Any]:
    """The report as ``stats --json`` prints it."""
    games, in_play, unreadable = finished_games(store)
    finished: dict[str, int] = defaultdict(int)
    for game in games:
        finished[game.game] += 1
    return {"games": {"finished": dict(sorted(finished.items())), "in_play": in_play, "unreadable": unreadable},
            "players": players(games), "automa_levels": automa_levels(games), "mean_scores": mean_scores(games)}


def lines(data: dict[str, Any]) -> list[str]:
    """The report in words, as ``stats`` prints it."""
    games = data["games"]
    finished = ", ".join(f"{name} {n}" for name, n in games["finished"].items()) or "none"
    out = [f"Games finished: {finished}; in play: {games['in_play']}.", *games["unreadable"], "", "Players:"]
    for name, counts in data["players"].items():
        by_game = ", ".join(f"{g} {c['won']}/{c['played']}" for g, c in counts["by_game"].items())
        out.append(f"  {name}: won {counts['won']} of {counts['played']} ({by_game})")
    out += ["", "Automa levels against the people (games with a winner named):"]
    for level in data["automa_levels"]:
        evenings = ", ".join(f"{e['evening']} {e['won']}/{e['played']}" for e in level["evenings"])
        out.append(f"  {level['game']} level {level['level']}: won {level['won']} of {level['played']} "
                   f"({level['win_rate']:.0%}); by evening: {evenings}")
    out += ["", "Mean scores:"]
    for name, sides in data["mean_scores"].items():
        for side, by_category in sides.items():
            out.append(f"  {name}, {side}: " + ", ".join(f"{c} {v:g}" for c, v in by_category.items()))
    return out
