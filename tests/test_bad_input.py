"""Every subcommand that takes a path, given a bad file of each kind: one line on stderr, exit 2,
no traceback. A damaged game database is the exception: it is recovered and the command goes on."""
from __future__ import annotations

import io
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.session import SeatSpec, TableSession
from companion.store import GameStore

GAME_RECORD = '{"type": "header", "rules_version": 1, "seats": [{"colour": "red"}, {"colour": "blue"}], "seed": 1}\n'
MANIFEST = '{"image": "a.png", "group": "g", "dice": []}\n'
OTHER_TOML = "[game]\nseats = 2\n"


def other_database(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    conn.close()


def make(kind: str, path: Path, wrong_kind) -> Path:
    """Put a bad file of ``kind`` at ``path`` ("missing" leaves nothing there)."""
    if kind == "folder":
        path.mkdir()
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "random bytes":
        path.write_bytes(random.Random(28).randbytes(2048))
    elif kind == "wrong kind" and callable(wrong_kind):
        wrong_kind(path)
    elif kind == "wrong kind":
        path.write_text(wrong_kind)
    return path


ALL = ("missing", "folder", "empty", "random bytes", "wrong kind")
# A missing profile or database is a first start, and an empty config file means the defaults.
NOT_MISSING = ALL[1:]
CONFIG = ("missing", "folder", "random bytes", "wrong kind")
# Bytes that are not SQLite's, with no backup beside them, are not a game database (damaged or not).
DATABASE = ("folder", "random bytes", "wrong kind")
# A database to read from must be there, and hold games.
SAVED_GAMES = ("missing", "folder", "empty", "random bytes", "wrong kind")

# name: (command line with {path} for the bad file and {photo} for a good one, kinds it refuses, the wrong kind)
COMMANDS = {
    "replay": (["replay", "{path}"], ALL, MANIFEST),
    "vision-eval": (["vision-eval", "{path}"], ALL, GAME_RECORD),
    "read-dice": (["read-dice", "{path}"], ALL, GAME_RECORD),
    "print-markers --layout": (["print-markers", "{out}", "--layout", "{path}"], ALL, GAME_RECORD),
    "calibrate --image": (["calibrate", "--players", "red,blue", "--image", "{path}"], ALL, GAME_RECORD),
    "calibrate --layout": (["calibrate", "--players", "red,blue", "--image", "{photo}", "--layout", "{path}"],
                           ALL, GAME_RECORD),
    "calibrate --profile": (["calibrate", "--players", "red,blue", "--image", "{photo}", "--profile", "{path}"],
                            NOT_MISSING, GAME_RECORD),
    "calibrate --config": (["calibrate", "--players", "red,blue", "--config", "{path}"], CONFIG, OTHER_TOML),
    "devices --config": (["devices", "--config", "{path}"], CONFIG, OTHER_TOML),
    "app --config": (["app", "--config", "{path}"], CONFIG, OTHER_TOML),
    "app --db": (["app", "--db", "{path}"], DATABASE, other_database),
    "session --db": (["session", "--db", "{path}", "--new", "--seats", "red,blue"], DATABASE, other_database),
    "export --db": (["export", "--db", "{path}", "latest", "{out}"], SAVED_GAMES, other_database),
}
# Files a command writes, each put where it cannot be written: (command line, the places refused).
OUTPUT_PLACES = {"folder": "out.png", "in a missing folder": "nowhere/out.png", "wrong kind": "out.txt"}
OUTPUTS = {
    "read-dice --annotate": (["read-dice", "{photo}", "--annotate", "{path}"], tuple(OUTPUT_PLACES)),
    "print-markers": (["print-markers", "{path}"], tuple(OUTPUT_PLACES)),
    "export": (["export", "--db", "{db}", "latest", "{path}"], ("folder", "in a missing folder")),
}


@pytest.fixture
def run(tmp_path, capsys, monkeypatch):
    """Run ``automata-companion`` in-process; returns the exit status, stdout and stderr."""
    photo = tmp_path / "photo.png"
    cv2.imwrite(str(photo), np.full((48, 64, 3), 90, np.uint8))
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    monkeypatch.setitem(sys.modules, "kivy.config", None)  # the app must stop before Kivy starts
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config-home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))

    def run(argv: list[str], path: Path) -> tuple[int, str, str]:
        db = tmp_path / "games.sqlite3"
        if "{db}" in argv:
            with GameStore(db) as store:
                TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=1)
        filled = [a.format(path=path, photo=photo, out=tmp_path / "sheet.pdf", db=db) for a in argv]
        status = main(filled)
        out, err = capsys.readouterr()
        return status, out, err

    return run


def refused_in_one_line(status: int, out: str, err: str, path: Path) -> None:
    assert "Traceback" not in out + err
    assert status == 2, (out, err)
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert path.name in err


@pytest.mark.parametrize("command,kind", [(c, k) for c, (_, kinds, _) in COMMANDS.items() for k in kinds])
def test_a_bad_input_file_is_refused_in_one_line(run, tmp_path, command, kind):
    argv, _, wrong_kind = COMMANDS[command]
    path = make(kind, tmp_path / "given.file", wrong_kind)
    refused_in_one_line(*run(argv, path), path)


@pytest.mark.parametrize("command,place", [(c, p) for c, (_, places) in OUTPUTS.items() for p in places])
def test_an_output_that_cannot_be_written_is_refused_in_one_line(run, tmp_path, command, place):
    path = tmp_path / OUTPUT_PLACES[place]
    if place == "folder":
        path.mkdir()
    refused_in_one_line(*run(OUTPUTS[command][0], path), path)


def test_a_damaged_database_is_recovered_in_one_warning_line_and_the_session_goes_on(run, tmp_path):
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=1)
    with open(path, "r+b") as f:  # SQLite's header stays: a game database, damaged
        f.truncate(path.stat().st_size // 2)
    status, out, err = run(COMMANDS["session --db"][0], path)
    assert status == 0 and out.startswith("game ")
    assert len(err.splitlines()) == 1 and err.startswith("warning: ") and "Traceback" not in err


@pytest.mark.parametrize("command", ["session --db", "export --db", "app --db"])
@pytest.mark.parametrize("kind", ["random bytes", "wrong kind"])
def test_a_file_that_is_not_a_game_database_is_left_untouched(run, tmp_path, command, kind):
    folder = tmp_path / "mine"
    folder.mkdir()
    argv, _, wrong_kind = COMMANDS[command]
    path = make(kind, folder / "photo.jpg", wrong_kind)
    before = path.read_bytes()
    refused_in_one_line(*run(argv, path), path)
    assert [p.name for p in folder.iterdir()] == ["photo.jpg"] and path.read_bytes() == before


@pytest.mark.parametrize("argv", [["export", "--db", "{path}", "latest", "{out}"],
                                  ["session", "--db", "{path}", "--resume", "latest"]])
@pytest.mark.parametrize("kind", ["missing", "empty"])
def test_commands_that_start_no_game_create_no_database(run, tmp_path, argv, kind):
    folder = tmp_path / "games"
    folder.mkdir()
    path = make(kind, folder / "games.sqlite3", None)
    refused_in_one_line(*run(argv, path), path)
    assert [p.name for p in folder.iterdir()] == ([] if kind == "missing" else ["games.sqlite3"])
    assert kind == "missing" or path.read_bytes() == b""


def test_an_explicit_database_in_a_missing_folder_is_refused_not_made(run, tmp_path):
    path = tmp_path / "nowhere" / "deeper" / "games.sqlite3"
    status, out, err = run(COMMANDS["session --db"][0], path)
    refused_in_one_line(status, out, err, path)
    assert "there is no folder" in err and not (tmp_path / "nowhere").exists()


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], capture_output=True, text=True,
                          timeout=60, cwd=cwd)


@pytest.mark.slow
def test_opencv_says_nothing_of_its_own(tmp_path):
    missing = run_cli("read-dice", "nothere.png", cwd=tmp_path)
    assert missing.returncode == 2
    assert missing.stdout == "" and missing.stderr == "read-dice: nothere.png: no such file\n"
    config = tmp_path / "config.toml"
    config.write_text('[camera]\nsource = "opencv"\ndevice = 63\n[panel]\nbackend = "keyboard"\n'
                      '[storage]\ndb_path = "games.sqlite3"\n')
    devices = run_cli("devices", "--config", str(config), cwd=tmp_path)
    assert devices.returncode == 1
    assert devices.stderr == "" and "camera: unavailable" in devices.stdout
    assert "[ WARN" not in devices.stdout and "[ERROR" not in devices.stdout


def test_a_manifest_whose_photo_is_missing_is_refused_naming_it(run, tmp_path):
    manifest = tmp_path / "manifest.jsonl"
    manifest.write_text('{"image": "photo.png", "dice": []}\n{"image": "gone.png", "dice": []}\n'
                        '{"image": "gone too.png", "dice": []}\n')
    status, out, err = run(["vision-eval", "{path}"], manifest)
    refused_in_one_line(status, out, err, manifest)
    assert err.endswith(f"line 2: the photo {tmp_path / 'gone.png'} is missing\n")


@pytest.mark.parametrize("argv,said", [
    (["vision-eval", "{path}", "--enrol", "-3"], "argument --enrol: -3 is less than 0"),
    (["vision-eval", "{path}", "--every", "0"], "argument --every: 0 is less than 1"),
    (["simulate", "--games", "-1"], "argument --games: -1 is less than 1"),
    (["automa-sim", "--level", "1", "--games", "-5"], "argument --games: -5 is less than 1"),
    (["simulate", "--games", "many"], "argument --games: 'many' is not a whole number"),
])
def test_a_count_below_its_least_is_refused(run, tmp_path, capsys, argv, said):
    manifest = tmp_path / "manifest.jsonl"
    manifest.write_text('{"image": "photo.png", "dice": []}\n')
    with pytest.raises(SystemExit) as stopped:
        run(argv, manifest)
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and err.endswith(f"error: {said}\n") and "Traceback" not in err


@pytest.mark.parametrize("source,said", [
    ("bogus", "--camera bogus: not a camera source; give replay:PATH, picamera2, opencv or auto"),
    ("replay:{path}", "--camera replay:{path}: there is no such folder or video"),
    ("opencv", "the table is not calibrated (there is no profile at {profile}): calibrate it first, with "
               "Calibrate in the app or `automata-companion calibrate --players red,blue`"),
])
def test_the_camera_source_is_checked_first_then_the_calibration(run, tmp_path, source, said):
    db = tmp_path / "games.sqlite3"
    missing = tmp_path / "no frames"
    status, out, err = run(["session", "--db", str(db), "--new", "--seats", "red,blue", "--camera", source], missing)
    profile = tmp_path / "data-home" / "automata-companion" / "calibration.json"
    assert (status, out) == (2, "") and err == "error: " + said.format(path=missing, profile=profile) + "\n"
    assert not db.exists()  # no game was made for a camera that cannot follow it


def test_calibrate_names_a_colour_that_is_not_a_seat_colour(run, tmp_path):
    status, out, err = run(["calibrate", "--players", "purple,red", "--image", "{photo}"], tmp_path / "unused")
    assert (status, out) == (2, "") and err == "calibrate: 'purple' is not a seat colour: choose from red, blue, " \
                                               "green, white\n"
