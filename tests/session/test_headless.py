"""The headless session contract, and bad input that must change nothing."""
import io
import json
import random
import subprocess
import sys

import pytest

from companion.session import SeatSpec, TableSession
from companion.session.headless import serve
from companion.session.runtime import TableRuntime
from companion.store import GameStore


def talk(session, lines):
    out = io.StringIO()
    serve(TableRuntime(session), io.StringIO("".join(line + "\n" for line in lines)), out)
    return out.getvalue().splitlines()


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path / "games.db") as s:
        yield s


def test_contract_game_legal_ok_state(store):
    session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=5)
    legal = json.loads(talk(session, ["legal"])[1])
    first = legal[0]
    replies = talk(session, [first, "state"])
    assert replies[0] == f"game {session.game_id}"
    assert replies[1].startswith("ok ") and int(replies[1][3:]) == len(store.events(session.game_id))
    assert json.loads(replies[2]) == session.state.to_json()


def test_garbage_and_illegal_lines_are_refused_and_change_nothing(store):
    session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue"), SeatSpec("green")], seed=9)
    talk(session, [json.loads(talk(session, ["legal"])[1])[0]])
    before, events = session.state.dumps(), store.events(session.game_id)
    rng = random.Random(3)
    garbage = ["", "\x00\x01", "red", "red place", "white place d4:1 market", "red place d9:9 market",
               "roll red d4:1", "deal A1", "order red blue green", "red forfeit scavenge"]
    garbage += ["".join(chr(rng.randrange(32, 127)) for _ in range(rng.randrange(1, 40))) for _ in range(50)]
    replies = talk(session, garbage)[1:]
    assert replies and all(r.startswith("refused ") and len(r) > len("refused x") for r in replies)
    assert session.state.dumps() == before and store.events(session.game_id) == events


def test_undo_takes_back_the_last_move_and_is_recorded(store):
    session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=1)
    start = session.upcoming_state().dumps()
    move = str(session.legal()[0])
    assert session.submit(move).ok
    assert session.undo().ok
    assert session.upcoming_state().dumps() == start
    assert store.events(session.game_id)[-1] == "undo"
    resumed = TableSession.resume(store, session.game_id)
    assert resumed.upcoming_state().dumps() == start


def test_resume_latest_replays_the_same_state(store):
    session = TableSession.new(store, [SeatSpec("red"), SeatSpec("white")], seed=2)
    for _ in range(25):
        assert session.submit(session.legal()[0]).ok
    resumed = TableSession.resume(store)
    assert resumed.game_id == session.game_id and resumed.state == session.state


def test_a_store_that_fails_to_write_refuses_the_move(store):
    session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=4)
    before = session.state.dumps()
    store.close()
    outcome = session.submit(session.legal()[0])
    assert not outcome.ok and outcome.reason.startswith("Not saved, so not played")
    assert session.state.dumps() == before


def run_cli(*args, stdin="", cwd=None):
    return subprocess.run([sys.executable, "-m", "companion.cli", "session", *args], input=stdin,
                          capture_output=True, text=True, timeout=60, cwd=cwd)


@pytest.mark.slow
def test_command_line_new_resume_and_errors(tmp_path):
    db = str(tmp_path / "g.db")
    new = run_cli("--db", db, "--new", "--seats", "red,blue", "--seed", "3", stdin="legal\nquit\n")
    game_id = new.stdout.split()[1]
    move = json.loads(new.stdout.splitlines()[1])[0]
    assert run_cli("--db", db, "--resume", game_id, stdin=move + "\n").stdout.splitlines()[1].startswith("ok ")
    latest = run_cli("--db", db, "--resume", "latest", stdin="state\n")
    assert latest.stdout.splitlines()[0] == f"game {game_id}"
    bad = run_cli("--db", db, "--new", "--seats", "red,purple")
    assert bad.returncode == 2 and "colours" in bad.stderr
    missing = run_cli("--db", db, "--resume", "nosuchgame")
    assert missing.returncode == 2 and "nosuchgame" in missing.stderr


@pytest.mark.slow
def test_a_corrupted_database_gives_a_message_not_a_crash(tmp_path):
    db = tmp_path / "g.db"
    first = run_cli("--db", str(db), "--new", "--seats", "red,blue", "--seed", "3", stdin="quit\n")
    assert first.returncode == 0
    db.write_bytes(b"this is not a database" * 100)
    again = run_cli("--db", str(db), "--resume", "latest", stdin="state\n")
    assert again.returncode == 0
    assert "warning:" in again.stderr and again.stdout.startswith("game ")


@pytest.mark.slow
@pytest.mark.parametrize("relative", [True, False], ids=["relative path", "absolute path"])
def test_a_damaged_database_is_recovered_once_whatever_the_path(tmp_path, relative):
    db = "games.sqlite" if relative else str(tmp_path / "games.sqlite")
    first = run_cli("--db", db, "--new", "--seats", "red,blue", "--seed", "3", stdin="quit\n", cwd=tmp_path)
    game = first.stdout.split()[1]
    (tmp_path / "games.sqlite").write_bytes(random.Random(1).randbytes(4096))
    again = run_cli("--db", db, "--resume", "latest", stdin="quit\n", cwd=tmp_path)
    assert (again.returncode, again.stdout) == (0, f"game {game}\n")
    assert len(again.stderr.splitlines()) == 1 and again.stderr.startswith("warning: ")
    assert "restored (1 game(s))" in again.stderr


def test_a_roll_from_the_table_comes_after_the_seeded_order_and_deal(store):
    session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=8)
    session.take_rolls_from_table()
    first = session.upcoming_state().pending_rolls[0]
    colour = session.upcoming_state().seats[first].colour
    outcome = session.submit(f"roll {colour} d4:1 d4:2 d4:3 d6:4 d6:5")
    assert outcome.ok, outcome.reason
    assert store.events(session.game_id)[0].startswith("order") and store.events(session.game_id)[1].startswith("deal")
    assert session.state.seats[first].available == [("d4", 1), ("d4", 2), ("d4", 3), ("d6", 4), ("d6", 5)]


def test_a_refusal_names_the_rule_it_rests_on(store):
    session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=6)
    replies = talk(session, ["white place d4:1 market", "red place d9:9 market", "undo"])[1:]
    assert replies[0] == "refused There is no white seat at this table [R3]"
    assert replies[1].startswith("refused ") and replies[1].endswith(" [notation]")
    assert replies[2] == "refused There is no move to undo [undo]"


def test_the_session_keeps_the_notes_of_the_saved_games_list_and_where_rolls_come_from(store):
    session = TableSession.new(store, [SeatSpec("red", name="Ann"), SeatSpec("blue", "automa", level=2)], seed=3,
                               table_rolls=True)
    assert store.meta(session.game_id) == {"round": 1, "phase": "setup", "table_rolls": True,
                                           "seats": ["Ann (red)", "Blue (blue, Automa)"]}
    assert session.play_seeded().ok  # the order and the deal; the rolls wait for the table
    first = session.state.colours[session.state.pending_rolls[0]]
    assert session.submit(f"roll {first} d4:1 d4:1 d4:1 d6:1 d6:1").ok
    resumed = TableSession.resume(store, session.game_id)
    assert resumed.table_rolls and resumed.upcoming_state() == session.upcoming_state()
