"""The Evenings screen, on Home: what ``stats --json`` reports of a games database of three evenings (games of every
registered game) drawn as charts, each game's levels and scores; nothing yet said plainly; every view legible at
800x480 (18 px text, 48 px touch targets, nothing cut off or overlapping)."""
from __future__ import annotations

import json
from datetime import date, timedelta

import pytest
from kivy.uix.button import Button
from kivy.uix.label import Label

from companion.cli import build_parser
from companion.cli.stats import show_stats
from companion.games.registry import registered
from sim.app_driver import build_app, buttons, pump, tap, texts, walk
from sim.evenings import EVENINGS, evenings_database
from ui.evening_series import EveningPoint, LevelSeries, PlayerRow, ScoreBar, game_title
from ui.theme import CATEGORY_RGBA

from .test_table_four_seats import apart, corners, window_box

WINDOW = (800, 480)


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    return evenings_database(tmp_path_factory.mktemp("evenings") / "games.sqlite3")


@pytest.fixture(scope="module")
def stats(database):
    """What ``stats --db PATH --json`` prints of the database."""
    printed: list[str] = []
    assert show_stats(build_parser().parse_args(["stats", "--db", str(database), "--json"]), printed.append) == 0
    return json.loads(printed[0])


@pytest.fixture()
def evenings(database):
    """The app on the database, its Evenings screen shown (from Home)."""
    app = build_app(database)
    tap("Evenings")
    assert app.manager.current == "evenings"
    yield app.manager.get_screen("evenings")
    app.teardown()


def views(screen):
    """Each view of each game the screen offers, shown in turn: (view, game)."""
    yield "Players", ""
    for view in ("Levels", "Scores"):
        tap(view)
        for game in list(screen.games):
            tap(game_title(game))
            assert screen.game == game
            yield view, game


def test_the_players_chart_holds_each_name_s_games_played_and_won(evenings, stats):
    players, _, _ = evenings.charts
    shown = {row.name: (row.played, row.won, row.by_game) for row in players.shown}
    assert shown == {name: (p["played"], p["won"], tuple(sorted((game_title(g), c["played"], c["won"])
                                                              for g, c in p["by_game"].items())))
                     for name, p in stats["players"].items()}
    assert {name for name in stats["players"]} >= {"Ann", "Ben"}
    said = [t.text for t in players.sheet.texts]
    assert f"won {stats['players']['Ann']['won']} of {stats['players']['Ann']['played']}" in said


def test_each_game_s_levels_are_charted_evening_by_evening_as_stats_reports_them(evenings, stats):
    tap("Levels")
    assert set(evenings.games) == {level["game"] for level in stats["automa_levels"]} == {"aoi", "automata", "euphoria"}
    _, levels, _ = evenings.charts
    heights: dict[float, float] = {}  # each win rate's height on the plot
    for game in list(evenings.games):
        tap(game_title(game))
        reported = [level for level in stats["automa_levels"] if level["game"] == game]
        assert [(s.level, s.played, s.won) for s in levels.series] == [(r["level"], r["played"], r["won"])
                                                                       for r in reported]
        for one, level in zip(levels.series, reported):
            assert [(p.evening, p.played, p.won) for p in one.points] == [(e["evening"], e["played"], e["won"])
                                                                         for e in level["evenings"]]
            drawn = levels.points[one.level]
            assert len(drawn) == len(one.points)
            heights.update({round(p.rate, 3): round(y, 1) for (_, y), p in zip(drawn, one.points)})
    rates = sorted(heights)
    assert rates[0] == 0 and rates[-1] == 1 and len(rates) > 2
    assert all(heights[a] < heights[b] for a, b in zip(rates, rates[1:]))  # the higher the rate, the higher its point
    tap("Automata")
    assert levels.evenings == list(EVENINGS)
    said = [t.text for t in levels.sheet.texts]
    assert {"14 Nov", "21 Nov", "28 Nov", "0%", "50%", "100%"} <= set(said)
    ann = [offer["words"] for offer in stats["offers"] if offer["game"] == "automata"]
    assert ann and all(words in evenings.note for words in ann)  # the next level offered, shown with its game


def test_each_game_s_mean_scores_are_charted_by_category(evenings, stats):
    tap("Scores")
    assert set(evenings.games) == set(stats["mean_scores"]) == set(registered())
    _, _, scores = evenings.charts
    for game in list(evenings.games):
        tap(game_title(game))
        means = stats["mean_scores"][game]
        drawn = {(bar.category, bar.side): bar.mean for bar in scores.bars}
        for side, title in (("people", "People"), ("automas", "Automas")):
            for category, mean in means.get(side, {}).items():
                if mean or category == "total":
                    assert drawn[(category.replace("_", " ").capitalize(), title)] == mean
        assert scores.bars[0].category == "Total"
    tap("Automata")
    assert {"Total", "Sets", "Coins", "Dice"} <= {bar.category for bar in scores.bars}


def test_nothing_finished_yet_is_said_plainly(app):
    tap("Evenings")
    screen = app.manager.get_screen("evenings")
    for view in ("Players", "Levels", "Scores"):
        tap(view)
        assert any("No finished games yet." in text for text in texts(screen))
        assert all(not chart.sheet.texts for chart in screen.charts)
    tap("Home")
    assert app.manager.current == "home"


def assert_fits(chart, where) -> None:
    """The chart's words in 18 px, inside the chart on the window, none over another."""
    x0, y0, x1, y1 = window_box(chart)
    assert 0 <= x0 and x1 <= WINDOW[0] and 0 <= y0 and y1 <= WINDOW[1], where
    drawn = [(t.text, corners(t.box)) for t in chart.sheet.texts]
    for text, (left, bottom, right, top) in drawn:
        assert x0 <= left and right <= x1 and y0 <= bottom and top <= y1, (where, text)
    for i, (text_a, a) in enumerate(drawn):
        for text_b, b in drawn[i + 1:]:
            assert apart(a, b), (where, text_a, text_b)
    assert all(t.font_size >= 18 for t in chart.sheet.texts), where


def test_every_view_fits_800x480_with_18_px_text_and_48_px_targets(evenings):
    for view, game in views(evenings):
        where = (view, game)
        assert_fits(next(c for c in evenings.charts if c.sheet.texts), where)
        labels = [w for w in walk(evenings) if isinstance(w, Label) and w.text and w.opacity and w.height]
        for label in labels:
            assert label.font_size >= 18, (where, label.text)
            assert label.texture_size[0] <= label.width + 1 and label.texture_size[1] <= label.height + 1, \
                (where, label.text)
            lx0, ly0, lx1, ly1 = window_box(label)
            assert 0 <= lx0 and lx1 <= WINDOW[0] and 0 <= ly0 and ly1 <= WINDOW[1], (where, label.text)
        for button in (w for w in walk(evenings) if isinstance(w, Button) and w.opacity and w.height):
            assert button.height >= 48 and button.width >= 48, (where, button.text)
        assert all(b.text != "" for b in buttons(evenings))


def test_a_crowded_chart_still_fits_and_says_what_it_leaves_out(evenings):
    """Twenty names, seven levels over thirty evenings, every category of Automata's score."""
    players, levels, scores = evenings.charts
    players.rows = [PlayerRow(f"Player {n}", 30 - n, n % 7, (("Automata", 30 - n, n % 7),)) for n in range(20)]
    pump(2)
    assert 0 < len(players.shown) < 20 and f"and {20 - len(players.shown)} more" in [t.text for t in players.sheet.texts]
    assert_fits(players, "players")
    players.rows = []
    tap("Levels")
    tap("Automata")
    evenings_30 = [(date(2026, 1, 1) + timedelta(days=7 * n)).isoformat() for n in range(30)]
    levels.series = [LevelSeries(str(level), 30, 10, tuple(EveningPoint(e, 1, (n + level) % 2)
                                                           for n, e in enumerate(evenings_30)))
                     for level in range(1, 8)]
    pump(2)
    assert len(levels.points) == 7 and levels.evenings == evenings_30
    assert_fits(levels, "levels")
    levels.series = []
    tap("Scores")
    categories = ["Total", *CATEGORY_RGBA]
    scores.bars = [ScoreBar(c, side, 10.5 - n) for n, c in enumerate(categories) for side in ("People", "Automas")]
    pump(2)
    left_out = [t.text for t in scores.sheet.texts if t.text.startswith("and ")]
    assert len({bar.category for bar in scores.shown}) < len(categories) and left_out
    assert all(c in left_out[0] for c in categories[len({bar.category for bar in scores.shown}):])
    assert_fits(scores, "scores")
