"""``stats --db PATH [--json]``: the evenings a games database remembers, on a database of three finished games of
every registered game (Automata with a person, Ann, against an Automa of level 2) and one game still in play."""
from __future__ import annotations

import json
from statistics import fmean

import pytest

from companion.cli import main
from companion.session.evenings_report import automa_levels
from companion.session.evenings import Finished, Seat
from companion.games.registry import played_by_lines, registered
from companion.session import SeatSpec, TableSession
from companion.store import GameStore
from sim.played_games import play_to_the_end

GAMES_EACH = 3


def automata_against_ann(store: GameStore, seed: int, finish: bool = True) -> str:
    session = TableSession.new(store, [SeatSpec("red", "person", "Ann"), SeatSpec("blue", "automa", "Bot", 2)], seed)
    session.play_seeded()
    while finish:
        list(session.play_automas())
        if session.state.is_over:
            break
        assert session.submit(session.legal()[0]).ok
    return session.game_id


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    path = tmp_path_factory.mktemp("evenings") / "games.db"
    with GameStore(path) as store:
        automata = [automata_against_ann(store, seed) for seed in range(GAMES_EACH)]
        for name in played_by_lines():
            for seed in range(GAMES_EACH):
                play_to_the_end(store, name, seed)
        automata_against_ann(store, 99, finish=False)
        scores = [store.meta(game_id)["score"] for game_id in automata]  # the notes: the Score screen's own
    return path, scores


def stats(capsys, path, *options: str) -> str:
    assert main(["stats", "--db", str(path), *options]) == 0
    return capsys.readouterr().out


@pytest.mark.slow  # the database of finished games takes seconds to write, each move committed
def test_every_game_finished_is_counted_and_the_one_in_play_is_not(capsys, database):
    path, _ = database
    report = json.loads(stats(capsys, path, "--json"))
    assert report["games"] == {"finished": {name: GAMES_EACH for name in sorted(registered())}, "in_play": 1,
                               "unreadable": []}
    for name in played_by_lines():  # each game's people, as its header names them, played every game of it
        assert sum(p["by_game"].get(name, {}).get("played", 0) for p in report["players"].values()) >= GAMES_EACH


@pytest.mark.slow
def test_ann_and_the_level_2_automa_share_out_the_games_as_the_score_screen_said(capsys, database):
    path, scores = database
    report = json.loads(stats(capsys, path, "--json"))
    ann_won = sum("red" in s["winners"] for s in scores)
    bot_won = sum("blue" in s["winners"] for s in scores)
    ann = report["players"]["Ann"]  # a name, whichever game: Automaton's robot "ann" too
    assert ann["by_game"]["automata"] == {"played": GAMES_EACH, "won": ann_won}
    assert ann["played"] == sum(g["played"] for g in ann["by_game"].values())
    assert ann["won"] == sum(g["won"] for g in ann["by_game"].values())
    [level] = [entry for entry in report["automa_levels"] if entry["game"] == "automata"]
    assert (level["level"], level["played"], level["won"]) == ("2", GAMES_EACH, bot_won)
    assert level["win_rate"] == round(bot_won / GAMES_EACH, 3)
    assert sum(e["won"] for e in level["evenings"]) == bot_won


@pytest.mark.slow
def test_mean_scores_are_kept_by_category_where_the_game_keeps_them(capsys, database):
    path, scores = database
    means = json.loads(stats(capsys, path, "--json"))["mean_scores"]
    ann = [seat for s in scores for seat in s["seats"] if seat["colour"] == "red"]
    assert means["automata"]["people"]["total"] == round(fmean(seat["total"] for seat in ann), 2)
    assert means["automata"]["people"]["coins"] == round(fmean(seat["coins_vp"] for seat in ann), 2)
    assert {"sets", "coins", "dice", "card_points", "reserved"} <= set(means["automata"]["automas"])
    assert set(means) == set(registered())  # every game keeps some points
    assert all(set(sides["automas" if "automas" in sides else "people"]) >= {"total"} for sides in means.values())


@pytest.mark.slow
def test_a_game_that_names_no_winner_counts_for_no_level(capsys, database):
    """Tokaido keeps only the Automas' points: who won is the people's to say."""
    path, _ = database
    levels = json.loads(stats(capsys, path, "--json"))["automa_levels"]
    assert "tokaido" not in {entry["game"] for entry in levels}
    assert all(offer["game"] != "tokaido" for offer in json.loads(stats(capsys, path, "--json"))["offers"])
    assert {"automata", "euphoria", "aoi"} <= {entry["game"] for entry in levels}


@pytest.mark.slow
def test_the_words_say_the_same(capsys, database):
    path, _ = database
    text = stats(capsys, path)
    assert f"automata {GAMES_EACH}" in text and "in play: 1." in text
    assert "  Ann: won " in text and "automata level 2: won " in text and "Mean scores:" in text


def test_a_level_is_followed_evening_by_evening():
    def game(evening: str, automa_won: bool) -> Finished:
        return Finished("automata", evening, (Seat("Ann", None, not automa_won, 40),
                                              Seat("Blue", "3", automa_won, 35)), decided=True)

    games = [game("2026-11-20", True), game("2026-11-20", True), game("2026-11-27", False), game("2026-11-27", True),
             game("2026-11-28", False)]
    [level] = automa_levels(games)
    assert (level["played"], level["won"], level["win_rate"]) == (5, 3, 0.6)
    assert level["evenings"] == [{"evening": "2026-11-20", "played": 2, "won": 2, "win_rate": 1.0},
                                 {"evening": "2026-11-27", "played": 2, "won": 1, "win_rate": 0.5},
                                 {"evening": "2026-11-28", "played": 1, "won": 0, "win_rate": 0.0}]


def test_a_missing_database_is_refused_in_one_line(tmp_path, capsys):
    assert main(["stats", "--db", str(tmp_path / "none.db")]) == 2
    assert "no such file" in capsys.readouterr().err
