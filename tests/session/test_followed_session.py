"""Following a camera table without Kivy: frames of a rendered table go through the follower (settle gate,
reader, zones) to the runtime, which plays what the table shows; and the headless session does it from a
replayed folder of frames.

The dice reader answers with the render's labels (looked up by the frame's pixels), so these tests do
not depend on the reader's accuracy, which vision's own tests measure.
"""
from __future__ import annotations

import dataclasses
import hashlib
import io
import random
import threading

import cv2
import numpy as np
import pytest

from calibration.camera_settings import CameraSettings
from calibration.layout import default_layout
from calibration.profile import CalibrationProfile
from companion.cli import build_parser
from companion.games.automata.rules import State, apply_action, sample_chance
from companion.session import SeatSpec, TableSession, follower
from companion.session.follower import CameraFollower, SettleGate, ZoneReader, settle_detector
from companion.session.headless import run
from companion.session.reader_trust import ReadDie, load_record, save_record
from companion.session.runtime import TableRuntime
from companion.store import GameStore
from hardware.camera import SyntheticSource
from sim.physical_table import PhysicalTable
from sim.table_scene import TableScene
from vision.readings import CONFIDENCE_THRESHOLD, ColourProfile
from vision.zones import ZoneFinder

COLOURS = ColourProfile({"red": [(100.0, 180.0, 160.0)], "blue": [(90.0, 140.0, 90.0)]})


class LabelReader:
    """A dice reader that knows the frames it was shown: their render's labels, by the frame's pixels."""

    def __init__(self) -> None:
        self.labels: dict[str, list] = {}
        self.asked: list[dict] = []

    def frame(self, table: PhysicalTable) -> np.ndarray:
        rendered = table.render()
        self.labels[self.key(rendered.frame)] = rendered.readings()
        return rendered.frame

    @staticmethod
    def key(frame: np.ndarray) -> str:
        return hashlib.sha1(frame.tobytes()).hexdigest()

    def __call__(self, frame, profile=None, ignore=(), die_size=None):
        self.asked.append({"profile": profile, "ignore": list(ignore), "die_size": die_size})
        return self.labels[self.key(frame)]


def rolled_actions(state: State) -> list:
    """The chance events ahead of ``state``: the rolls a person makes at the table."""
    chance, actions = random.Random(1), []
    while state.is_chance_node:
        actions.append(sample_chance(state, chance))
        state = apply_action(state, actions[-1])
    return actions


def rolled(state: State) -> State:
    """``state`` once the rolls ahead of it are made."""
    for action in rolled_actions(state):
        state = apply_action(state, action)
    return state


@pytest.fixture
def table() -> PhysicalTable:
    return PhysicalTable(["red", "blue"], np.random.default_rng(4), TableScene.arranged(default_layout(2)))


class Camera(SyntheticSource):
    """A camera on the table's current frame, which stops delivering frames while ``working`` is off."""

    def __init__(self) -> None:
        super().__init__(lambda: self.shown if self.working else None, (640, 400))
        self.shown = None
        self.working = True


def _followed_game(store, camera, reader):
    """A new two-seat game whose runtime follows ``camera`` read by ``reader``: (session, runtime, follower)."""
    session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=4)
    runtime = TableRuntime(session)
    runtime.follow_table()
    return session, runtime, CameraFollower(camera, reader, default_layout(2), every_s=0)


@pytest.mark.slow
def test_rolls_and_a_placement_seen_by_the_camera_are_played(tmp_path, table):
    reader = LabelReader()
    camera = Camera()
    camera.start()
    with GameStore(tmp_path / "g.db") as store:
        session, runtime, following = _followed_game(store, camera, reader)
        target = rolled(session.upcoming_state())
        table.follow(target)
        camera.shown = reader.frame(table)
        sights = [following.look() for _ in range(3)]
        assert [s.settled is not None for s in sights] == [False, False, True]  # once still for two reads
        assert sights[-1].readings and len(reader.asked[-1]["ignore"]) == len(default_layout(2).zones)
        assert reader.asked[-1]["die_size"] == pytest.approx(table.die_size, rel=0.1)
        step = runtime.table_settled(sights[-1].settled)
        assert [str(m).split()[0] for m in step.moves] == ["roll", "roll"] and session.state == target
        assert following.look().settled is None  # the same rest is handed over once
        seat = target.turn
        die = target.seats[seat].available[0]
        table.move(seat, die, "staging.upgrade")
        camera.shown = reader.frame(table)
        settled = [s.settled for s in (following.look() for _ in range(3)) if s.settled is not None]
        step = runtime.table_settled(settled[0])
        assert [str(m) for m in step.moves] == [f"{target.seats[seat].colour} place {die[0]}:{die[1]} upgrade"]
        assert session.state.staging["upgrade"] == [(seat, die)]


@pytest.mark.slow
def test_a_vanishing_camera_loses_nothing_and_the_rolls_are_typed_until_it_is_back(tmp_path, table):
    reader = LabelReader()
    camera = Camera()
    camera.start()
    with GameStore(tmp_path / "g.db") as store:
        session, runtime, following = _followed_game(store, camera, reader)
        assert session.play_seeded().ok  # the deployment order and the deal
        before = session.state.dumps()
        camera.working = False
        assert [following.look() for _ in range(3)] == [None, None, None]
        assert session.state.dumps() == before and camera.last_error is not None
        for roll in rolled_actions(session.upcoming_state()):
            assert runtime.submit(roll).ok  # typed by a person
        table.follow(session.upcoming_state())
        camera.shown, camera.working = reader.frame(table), True
        settled = [s.settled for s in (following.look() for _ in range(3)) if s.settled is not None]
        step = runtime.table_settled(settled[0])
        assert step.report.in_sync and step.played == () and camera.last_error is None


def test_an_unreadable_frame_is_refused_and_changes_nothing(tmp_path):
    with GameStore(tmp_path / "g.db") as store:
        session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=2)
        TableRuntime(session).follow_table()
        before = len(store.events(session.game_id))
        with pytest.raises(ValueError):
            ZoneReader(ZoneFinder(default_layout(2)), lambda frame, **hints: [])(None)
        assert len(store.events(session.game_id)) == before


@pytest.mark.parametrize("still_reads", [1, 3])
def test_the_table_settles_once_after_the_still_reads_asked_for(still_reads):
    """``vision.settle_frames``: how many reads without motion make a settle (the first read has nothing to
    compare with)."""
    gate = SettleGate(settle_detector(still_reads))
    frame = np.full((90, 160, 3), 120, np.uint8)
    assert [gate(frame) for _ in range(still_reads + 2)] == [False] * still_reads + [True, False]


def test_a_failing_reader_stops_the_reading_and_says_why():
    camera = SyntheticSource(lambda: np.zeros((80, 128, 3), np.uint8), (64, 40))
    camera.start()

    def broken(frame, **hints):
        raise FileNotFoundError("dice model not found")

    ended = []
    following = CameraFollower(camera, broken, every_s=0)
    following.start(lambda sight: None, on_end=lambda: ended.append(following.failure))
    following._thread.join(timeout=5)
    assert ended == ["dice reader failed"]


def replayed_rolls(tmp_path, table, monkeypatch):
    """A calibrated table whose first recorded frame shows the rolls of a new game of red and blue with seed 4, read
    by a ``LabelReader`` in place of the dice reader: (the reader, the profile, the state rolled, the frames' folder)."""
    reader = LabelReader()
    monkeypatch.setattr(follower, "dice_reader", lambda table_dice=None: (reader, ""))
    profile = tmp_path / "calibration.json"
    CalibrationProfile(COLOURS, default_layout(2), CameraSettings((1280, 800))).save(profile)
    with GameStore(tmp_path / "scratch.db") as scratch:  # the same seed: the same order and deal
        ahead = TableSession.new(scratch, [SeatSpec("red"), SeatSpec("blue")], seed=4, table_rolls=True)
        assert ahead.play_seeded().ok
        target = rolled(ahead.upcoming_state())
    frames = tmp_path / "frames"
    frames.mkdir()
    table.follow(target)
    cv2.imwrite(str(frames / "001.png"), reader.frame(table))
    return reader, profile, target, frames


def trusted(profile) -> None:
    """This table's reader has earned its trust: its sure rolls play by themselves (``reader_trust``)."""
    record = load_record(profile, CONFIDENCE_THRESHOLD)
    record.add(ReadDie(t, 1, 1.0, 1) for t in ("d4", "d6", "d8") for _ in range(381))
    save_record(profile, record)


@pytest.mark.slow
def test_the_headless_session_follows_a_replayed_camera(tmp_path, table, monkeypatch):
    """``session --camera replay:FOLDER``: the whole chain from recorded frames to saved moves."""
    reader, profile, target, frames = replayed_rolls(tmp_path, table, monkeypatch)
    trusted(profile)
    seat = target.turn
    die = target.seats[seat].available[0]
    table.move(seat, die, "staging.upgrade")
    cv2.imwrite(str(frames / "002.png"), reader.frame(table))

    out = io.StringIO()
    db = tmp_path / "games.sqlite3"
    args = build_parser().parse_args(["session", "--db", str(db), "--new", "--seats", "red,blue", "--seed", "4",
                                      "--camera", f"replay:{frames}", "--profile", str(profile)])
    assert run(args, io.StringIO(""), out) == 0
    lines = out.getvalue().splitlines()
    placement = f"{target.seats[seat].colour} place {die[0]}:{die[1]} upgrade"
    assert [line.split(" ", 2)[2].split()[0] for line in lines[1:3]] == ["roll", "roll"]
    assert lines[3].startswith("table ") and lines[3].endswith(placement) and len(lines) == 4
    assert all(asked["profile"] is not None for asked in reader.asked)  # read with the calibrated colours
    with GameStore(db) as store:
        game = store.latest_game_id()
        assert store.events(game)[-1] == placement and int(lines[3].split()[1]) == len(store.events(game))
        assert store.meta(game)["table_rolls"] is True


def test_the_headless_session_says_when_the_dice_can_no_longer_be_read(tmp_path, table, monkeypatch):
    def broken(frame, **hints):
        raise FileNotFoundError("dice model not found")

    monkeypatch.setattr(follower, "dice_reader", lambda table_dice=None: (broken, ""))
    profile = tmp_path / "calibration.json"
    CalibrationProfile(COLOURS, default_layout(2), CameraSettings((1280, 800))).save(profile)
    frames = tmp_path / "frames"
    frames.mkdir()
    cv2.imwrite(str(frames / "001.png"), table.render().frame)
    out = io.StringIO()
    args = build_parser().parse_args(["session", "--db", str(tmp_path / "g.db"), "--new", "--seats", "red,blue",
                                      "--camera", f"replay:{frames}", "--profile", str(profile)])
    assert run(args, io.StringIO("legal\n"), out) == 0
    lines = out.getvalue().splitlines()
    assert "table stopped dice reader failed" in lines
    assert any(line.startswith('["roll ') for line in lines)  # the rolls wait for the table, typed now


class Conversation:
    """stdin and stdout of a headless session whose next line waits for what the session says first."""

    def __init__(self, turns: list[tuple]) -> None:
        self.turns = turns  # (what the session must have said, the line then sent)
        self.said: list[str] = []
        self._heard = threading.Condition()

    def write(self, text: str) -> int:
        with self._heard:
            self.said += text.splitlines()
            self._heard.notify_all()
        return len(text)

    def flush(self) -> None:
        pass

    def __iter__(self):
        for awaited, line in self.turns:
            with self._heard:
                assert self._heard.wait_for(lambda: any(s.startswith(awaited) for s in self.said), timeout=60), \
                    f"the session never said {awaited!r}: {self.said}"
            yield line + "\n"


@pytest.mark.slow
def test_a_headless_misread_teaches_the_reader_the_games_value_from_the_settled_frame(tmp_path, table, monkeypatch):
    """``session --camera``: the runtime is given the table's dice and each settled frame, so ``misread`` (the
    alert's answer) saves the die the camera read wrong as an example of the value the game has."""
    from .test_dice_learning import misreadable, saved

    reader, profile, target, frames = replayed_rolls(tmp_path, table, monkeypatch)
    trusted(profile)
    die, shown = misreadable(table, 1 - target.turn)
    table.dice[table.dice.index(die)] = dataclasses.replace(die, value=shown)  # the camera reads this value
    cv2.imwrite(str(frames / "002.png"), reader.frame(table))

    talk = Conversation([("table alert", "misread")])
    args = build_parser().parse_args(["session", "--db", str(tmp_path / "games.sqlite3"), "--new", "--seats",
                                      "red,blue", "--seed", "4", "--camera", f"replay:{frames}",
                                      "--profile", str(profile)])
    assert run(args, talk, talk) == 0
    assert "ok misread" in talk.said
    assert saved(profile) == [(die.die_type, die.value, target.colours[die.seat])]  # the game's value, not the read
