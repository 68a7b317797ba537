"""The evenings' report of a games database, as ``stats --json`` prints it and the Evenings screen draws it: games
played and won per player name, each Automa level's win rate against the people evening by evening, the mean
scores, and the next levels offered (read by ``companion.session.evenings``)."""
from __future__ import annotations

from collections import defaultdict
from statistics import fmean
from typing import Any

from ..store import GameStore
from .evenings import Finished, finished_games, level_offers


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
            "players": players(games), "automa_levels": automa_levels(games), "mean_scores": mean_scores(games),
            "offers": [offer.to_json() for offer in level_offers(games)]}
