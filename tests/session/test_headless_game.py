"""A whole game headless: Automa seats that play by themselves, the dice shown as soon as a round
starts, the score and the game record."""
from __future__ import annotations

import io
import json
import random
from typing import Callable, Iterator, Optional

import pytest

from companion.cli import build_parser, main
from companion.games.automata.rules import Game, State, apply_action, parse_action, score
from companion.session import SeatSpec, TableSession
from companion.session.headless import run
from companion.session.protocol import END_NEWS
from companion.store import GameStore

SOLO = "red,blue:automa:4,green:automa:6"


def converse(argv: list[str], speak: Callable[[list[str]], Optional[str]]) -> list[str]:
    """Run ``automata-companion session`` in this process. ``speak`` gets the lines printed since it
    last spoke (first the ``game`` line and anything after it) and answers the next input line, or
    None to quit. Returns every line printed."""
    out = io.StringIO()
    seen = 0

    def printed() -> list[str]:
        nonlocal seen
        lines = out.getvalue().splitlines()
        new, seen = lines[seen:], len(lines)
        return new

    def stdin() -> Iterator[str]:
        while (line := speak(printed())) is not None:
            yield line + "\n"
        yield "quit\n"

    status = run(build_parser().parse_args(["session", *argv]), stdin(), out)
    assert status == 0
    return out.getvalue().splitlines()


def answer_and_automas(lines: list[str]) -> tuple:
    """The answer to the last line sent, and the Automa lines printed after it (the end of the game is news
    too)."""
    automa = [line for line in lines if line.startswith("automa ")]
    others = [line for line in lines if not line.startswith(("automa ", *END_NEWS))]
    assert len(others) <= 1, lines  # one answer line per input line
    return (others[0] if others else None), automa


def test_automa_seats_play_by_themselves_and_are_saved(tmp_path):
    db = tmp_path / "games.sqlite3"
    turns: list[str] = []
    played: list[str] = []

    def speak(lines: list[str]) -> Optional[str]:
        answer, automa = answer_and_automas(lines)
        played.extend(automa)
        if answer.startswith("{"):
            state = json.loads(answer)
            turns.append(state["seats"][state["turn"]]["colour"])
            return "legal" if len(turns) < 8 else None
        if answer.startswith("["):
            return json.loads(answer)[0]
        return "state"

    converse(["--db", str(db), "--new", "--seats", SOLO, "--seed", "5"], speak)
    assert set(turns) == {"red"}  # a person is asked only on their own turn
    assert len(played) >= 14
    with GameStore(db) as store:
        game_id = store.latest_game_id()
        events = store.events(game_id)
        header = store.header(game_id)
    for line in played:
        prefix, number, action = line.split(" ", 2)
        decisions = [e for e in events[:int(number)] if not e.startswith(("order ", "deal ", "roll "))]
        assert prefix == "automa" and decisions[-1] == action  # saved as event N, or before the rolls up to N
    assert [(s["kind"], s.get("level")) for s in header["seats"]] == [("person", None), ("automa", 4),
                                                                      ("automa", 6)]


@pytest.mark.parametrize("seats,problem", [("red,blue:automa:9", "unknown Automa level"),
                                           ("red,blue:robot", "is not a seat"),
                                           ("red,blue:automa:4:x", "is not a seat")])
def test_a_seat_that_cannot_be_read_is_said_in_one_line(tmp_path, capsys, seats, problem):
    assert main(["session", "--db", str(tmp_path / "g.db"), "--new", "--seats", seats]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and problem in err


def test_seats_name_a_person_or_an_automa_of_a_level():
    assert SeatSpec.parse("red") == SeatSpec.parse("red:person") == SeatSpec("red")
    assert SeatSpec.parse("blue:automa:Engineer") == SeatSpec("blue", "automa", level=4)
    assert SeatSpec.parse("blue:automa") == SeatSpec("blue", "automa", level=1)


def test_undo_takes_back_the_automa_moves_with_the_persons(tmp_path):
    answers: list[tuple] = []
    script = ["state", "legal", "move", "undo", "state"]

    def speak(lines: list[str]) -> Optional[str]:
        answers.append(answer_and_automas(lines))
        if len(answers) > len(script):
            return None
        line = script[len(answers) - 1]
        if line == "move":  # a placement, which ends the turn
            return next(m for m in json.loads(answers[-1][0]) if " place " in m)
        return line

    converse(["--db", str(tmp_path / "g.db"), "--new", "--seats", "blue:automa:3,red,green:automa:2",
              "--seed", "2"], speak)
    moved, automa_moves = answers[3]
    assert moved.startswith("ok ") and len(automa_moves) >= 2  # both Automas moved after the person
    undone, replayed = answers[4]
    assert undone.startswith("ok ") and replayed == []  # the person's turn again, nothing replayed
    assert answers[5][0] == answers[1][0]  # the state before the person's move


def test_the_dice_of_a_new_round_are_in_the_state_as_it_starts(tmp_path):
    """What ``state`` shows is what ``legal`` lists moves for: at the start and at every new round."""
    rng = random.Random(4)
    checked_rounds = set()

    def speak(lines: list[str]) -> Optional[str]:
        answer, _ = answer_and_automas(lines)
        if answer is None or answer.startswith(("game", "ok")):
            return "state"
        if answer.startswith("{"):
            speak.state = State.from_json(json.loads(answer))
            return "legal"
        legal = json.loads(answer)
        state = speak.state
        assert not state.is_chance_node and state.phase in ("deploy", "activate")
        for line in legal:
            apply_action(state, parse_action(line))  # legal in the state shown
        if state.round not in checked_rounds:  # the first decision of a round: every seat's dice rolled
            assert state.phase == "deploy" and all(seat.available for seat in state.seats)
            checked_rounds.add(state.round)
        if len(checked_rounds) == 3:
            return None
        return rng.choice(legal)

    converse(["--db", str(tmp_path / "g.db"), "--new", "--seats", "red,blue", "--seed", "3"], speak)
    assert checked_rounds == {1, 2, 3}


def test_with_table_rolls_legal_lists_only_the_roll_awaited(tmp_path):
    db = tmp_path / "g.db"
    replies: list[str] = []

    def speak(lines: list[str]) -> Optional[str]:
        answer, _ = answer_and_automas(lines)
        replies.append(answer)
        if len(replies) == 1:
            return "legal"
        if answer.startswith("[") and json.loads(answer)[0].startswith("roll ") and len(replies) < 8:
            return json.loads(answer)[0].replace("?", "2")
        if answer.startswith("ok"):
            return "legal"
        return None

    converse(["--db", str(db), "--new", "--seats", "red,blue", "--seed", "3", "--table-rolls"], speak)
    patterns = [json.loads(r) for r in replies if r.startswith("[")]
    assert len(patterns[0]) == 1 and patterns[0][0].endswith(" d4:? d4:? d4:? d6:? d6:?")
    assert len(patterns[1]) == 1 and patterns[1][0].startswith("roll ") and patterns[1] != patterns[0]
    assert not patterns[2][0].startswith("roll ")  # both rolled: now the moves
    with GameStore(db) as store:
        resumed = TableSession.resume(store)
        assert resumed.table_rolls and resumed.state.seats[0].available[0] == ("d4", 2)


def test_score_and_export_of_a_game_in_progress(tmp_path):
    db = tmp_path / "g.db"
    record = tmp_path / "game.jsonl"
    replies: list[str] = []
    script = iter(["legal", "pick", "score", f"export {record}", f"export {tmp_path}", "export"])

    def speak(lines: list[str]) -> Optional[str]:
        answer, _ = answer_and_automas(lines)
        replies.append(answer)
        line = next(script, None)
        return json.loads(answer)[0] if line == "pick" else line

    converse(["--db", str(db), "--new", "--seats", SOLO, "--seed", "8"], speak)
    with GameStore(db) as store:
        game_id = store.latest_game_id()
        state = TableSession.resume(store, game_id).state
        assert record.read_text() == store.export_jsonl(game_id)
    assert json.loads(replies[3]) == json.loads(json.dumps({"over": False, **score(state).to_json()}))
    assert replies[4] == f"ok exported {record}"
    assert Game.from_jsonl(record.read_text()).state == state
    assert replies[5].startswith(f"refused {tmp_path}: a folder") and replies[5].endswith(" [export]")
    assert replies[6] == "refused Name the file: export PATH [export]"


def test_the_export_command_writes_the_record_replay_reads(tmp_path, capsys):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=1)
        for _ in range(12):
            assert session.submit(session.legal()[0]).ok
        first = session.game_id
        TableSession.new(store, [SeatSpec("green"), SeatSpec("white")], seed=2)
        latest = store.latest_game_id()
    for which, game_id in ((first, first), ("latest", latest)):
        out = tmp_path / f"{which}.jsonl"
        assert main(["export", "--db", str(db), which, str(out)]) == 0
        with GameStore(db) as store:
            assert out.read_text() == store.export_jsonl(game_id)
            actions = len(store.effective_events(game_id))
        assert capsys.readouterr().out == f"game {game_id}: {actions} actions written to {out}\n"
    assert main(["replay", str(tmp_path / f"{first}.jsonl")]) == 0
    assert json.loads(capsys.readouterr().out)["state"] == session.state.to_json()


def test_export_of_an_unknown_game_is_one_line_and_status_2(tmp_path, capsys):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=1)
    assert main(["export", "--db", str(db), "nosuchgame", str(tmp_path / "out.jsonl")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "nosuchgame" in err
    assert not (tmp_path / "out.jsonl").exists()


def test_a_whole_solo_game_headless_scores_as_its_record_replays(tmp_path, capsys):
    """One person playing random legal moves, two Automas, to the end; the score the session gives
    is the score ``replay`` gives of the record it exports."""
    db, record = tmp_path / "g.db", tmp_path / "solo.jsonl"
    rng = random.Random(11)
    said = {"automa": 0, "person": 0}
    final: list[str] = []

    def speak(lines: list[str]) -> Optional[str]:
        answer, automa = answer_and_automas(lines)
        said["automa"] += len(automa)
        if final:
            final.append(answer)
            return f"export {record}" if len(final) == 2 else None
        if answer is None or answer.startswith(("game", "ok")):
            return "legal"
        assert answer.startswith("["), answer
        legal = json.loads(answer)
        if not legal:
            final.append(answer)
            return "score"
        said["person"] += 1
        return rng.choice(legal)

    converse(["--db", str(db), "--new", "--seats", SOLO, "--seed", "21"], speak)
    session_score = json.loads(final[1])
    assert session_score["over"] is True and final[2] == f"ok exported {record}"
    assert said["person"] >= 20 and said["automa"] >= 40
    assert main(["replay", str(record)]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["over"] is True
    assert {"over": True, **replayed["score"]} == session_score
    assert [s["total"] for s in session_score["seats"]] == [s["total"] for s in replayed["score"]["seats"]]
    with GameStore(db) as store:  # the list of saved games shows it finished, with its score
        notes = store.meta(store.latest_game_id())
    assert notes["phase"] == "over" and {"over": True, **notes["score"]} == session_score
    assert notes["seats"] == ["Red (red)", "Blue (blue, Automa)", "Green (green, Automa)"]
