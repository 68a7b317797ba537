"""What the Evenings screen's charts show, read from the evenings' report (``companion.session.evenings_report``, what
``stats --json`` prints): pure Python, no Kivy, so that the numbers are tested apart from the drawing."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from companion.games.registry import game_named

from . import theme


@dataclass(frozen=True)
class PlayerRow:
    name: str
    played: int
    won: int
    by_game: tuple[tuple[str, int, int], ...] = ()  # (game's title, played, won), as many games as they played

    @property
    def games_words(self) -> str:
        """The games they played by title, each with the games won of those played where there are several."""
        if len(self.by_game) == 1:
            return self.by_game[0][0]
        return ", ".join(f"{title} {won}/{played}" for title, played, won in self.by_game)


@dataclass(frozen=True)
class EveningPoint:
    evening: str  # YYYY-MM-DD
    played: int
    won: int

    @property
    def rate(self) -> float:
        return self.won / self.played


@dataclass(frozen=True)
class LevelSeries:
    level: str
    played: int
    won: int
    points: tuple[EveningPoint, ...]  # oldest first

    @property
    def label(self) -> str:
        level = f"Level {self.level}" if self.level.isdigit() else self.level.title()
        return f"{level}: won {self.won} of {self.played} ({self.won / self.played:.0%})"


@dataclass(frozen=True)
class ScoreBar:
    category: str  # as the Score screen names it ("Card points"), "Total" first
    side: str      # "People" or "Automas"
    mean: float


SIDES = (("people", "People"), ("automas", "Automas"))
ORDER = list(theme.CATEGORY_RGBA)  # the categories in the Score screen's order


def game_title(game: str) -> str:
    return game_named(game).title


def player_rows(report: dict[str, Any]) -> list[PlayerRow]:
    """Each person's name with the games played and won, most games first."""
    rows = [PlayerRow(name, counts["played"], counts["won"],
                      tuple(sorted((game_title(g), c["played"], c["won"]) for g, c in counts["by_game"].items())))
            for name, counts in report["players"].items()]
    return sorted(rows, key=lambda row: (-row.played, -row.won, row.name))


def level_games(report: dict[str, Any]) -> list[str]:
    """The games with an Automa level that played a game with a winner named against the people."""
    return sorted({level["game"] for level in report["automa_levels"]}, key=game_title)


def level_series(report: dict[str, Any], game: str) -> list[LevelSeries]:
    """Each Automa level of ``game``: how often it beat the people, in all and evening by evening."""
    return [LevelSeries(level["level"], level["played"], level["won"],
                        tuple(EveningPoint(e["evening"], e["played"], e["won"]) for e in level["evenings"]))
            for level in report["automa_levels"] if level["game"] == game]


def evenings_of(series: list[LevelSeries]) -> list[str]:
    """Every evening any of the levels played, oldest first."""
    return sorted({point.evening for one in series for point in one.points})


def evening_label(evening: str, years: bool = False) -> str:
    """``2026-11-28`` as ``28 Nov`` (``28 Nov 26`` when the evenings shown span years)."""
    return date.fromisoformat(evening).strftime("%d %b %y" if years else "%d %b").lstrip("0")


def score_games(report: dict[str, Any]) -> list[str]:
    return sorted(report["mean_scores"], key=game_title)


def score_bars(report: dict[str, Any], game: str) -> list[ScoreBar]:
    """The mean scores of ``game``: the total, then each category the game keeps that scored anything, the people's
    bar above the Automas'; a side that never scored (no person, or a game that keeps no Automa's points) has none."""
    sides = report["mean_scores"].get(game, {})
    categories: list[str] = []
    for by_category in sides.values():
        categories += [c for c in by_category if c not in categories]
    scored = [c for c in categories if c != "total" and any(s.get(c) for s in sides.values())]
    shown = ["total"] + sorted(scored, key=lambda c: ORDER.index(category_title(c)) if category_title(c) in ORDER
                               else len(ORDER))
    return [ScoreBar(category_title(category), title, sides[side][category])
            for category in shown for side, title in SIDES if category in sides.get(side, {})]


def category_title(category: str) -> str:
    """A score field's category as the Score screen names it: ``card_points`` is "Card points"."""
    return category.replace("_", " ").capitalize()
