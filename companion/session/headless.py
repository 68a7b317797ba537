"""The headless session: one command per line on stdin, one answer per line on stdout.

    automata-companion session --db PATH (--new --seats red,blue:automa:4 [--seed S] [--table-rolls]
                                          | --resume ID|latest) [--camera SOURCE [--profile PATH]]

(``--game NAME`` plays a game registered in ``companion.games.registry`` instead: ``companion.line_games.headless``.)

It first prints ``game GAME_ID``. Then each line is an action in notation (answered ``ok N``
once event N is durable, or ``refused <reason> [<rule>]``), or ``legal``, ``state``, ``score``,
``export PATH``, ``undo`` or ``quit``. The Automa seats play by themselves: each of their moves
is a line of its own, ``automa N <action>``, printed as soon as it is saved; so is the end of the
game, ``over ...`` (``companion.session.protocol``, shared with the other games); with ``--speak`` each Automa's
move is also spoken aloud in the words the app shows for it (``hardware.speech``). With ``--camera``
the session follows a calibrated camera table too (``companion.session.follower``): each move
seen there and played is a line ``table N <action>``. The whole protocol is in docs/notation.md.
"""
from __future__ import annotations

import argparse
import json
import queue
import sys
import threading
from pathlib import Path
from typing import IO, TYPE_CHECKING, Callable, Iterable, Optional

from hardware.speech import SilentSpeaker, Speaker, open_speaker

from ..games.automata.rules import IllegalAction, State, cited, score
from ..games.registry import game_named, registered
from ..line_games.headless import add_options, new_game_options as other_new_game_options
from ..store import GameStore, StoreError
from .protocol import INTERRUPTED, EndOfGame, FinalScore, export_record, line_refusal, lines_of, speaker
from .rolls import roll_pattern
from .table import SeatSpec, TableSession

if TYPE_CHECKING:
    from calibration.profile import CalibrationProfile

    from ..games.automata.sync import SyncStep
    from .follower import CameraFollower, Sight
    from .runtime import TableRuntime

AUTOMA_PREFIX = "automa "
CAMERA_SOURCES = ("replay", "picamera2", "opencv", "auto")
NEW_GAME_OPTIONS = ("seats", "seed", "table_rolls")
TABLE_PREFIX = "table "
ALERT_ANSWERS = ("accept", "misread", "confirm")  # a table alert's answers and a roll's confirmation, from a person
# who sees the table


def register(subparsers: "argparse._SubParsersAction") -> None:
    parser = subparsers.add_parser("session", help="run a game headless: commands on stdin, answers on stdout")
    parser.add_argument("--db", type=Path, required=True, help="the game database (SQLite)")
    start = parser.add_mutually_exclusive_group(required=True)
    start.add_argument("--new", action="store_true", help="start a new game")
    start.add_argument("--resume", metavar="GAME_ID", help="resume a game by id, or 'latest'")
    parser.add_argument("--seats", help="the seats in order (with --new): a colour for a person, "
                                        "COLOUR:automa:LEVEL for an Automa, e.g. red,blue:automa:4")
    parser.add_argument("--seed", type=int, default=None, help="seed of the chance events (with --new)")
    parser.add_argument("--table-rolls", action="store_true",
                        help="the dice are rolled at the table and given as roll lines (with --new)")
    parser.add_argument("--camera", metavar="SOURCE",
                        help="follow the table through a camera: replay:PATH (a folder of frames or a video, "
                             "each frame held for one settle), picamera2, opencv or auto")
    parser.add_argument("--profile", type=Path, default=None,
                        help="the calibration profile of the table (with --camera; default: the one Calibrate saves)")
    parser.add_argument("--game", choices=registered(), default="automata",
                        help="the game at the table: Automata, or the Automas of another game")
    parser.add_argument("--speak", action="store_true",
                        help="speak each Automa's move aloud (espeak-ng; silent where it is not installed)")
    add_options(parser)
    parser.set_defaults(handler=run)


def open_session(args: argparse.Namespace, store: GameStore) -> TableSession:
    if args.new:
        return new_session(args, store)
    return TableSession.resume(store, None if args.resume == "latest" else args.resume)


def new_session(args: argparse.Namespace, store: GameStore) -> TableSession:
    """A new game with the seats of ``--seats``, ``--seed`` and ``--table-rolls``."""
    if not args.seats:
        raise ValueError("--new needs --seats, e.g. --seats red,blue:automa:4")
    seats = [SeatSpec.parse(token) for token in args.seats.split(",") if token.strip()]
    return TableSession.new(store, seats, args.seed, args.table_rolls)


def play_seeded(session: TableSession) -> None:
    """Play the chance events ahead that the companion supplies, once it is known which the table gives."""
    started = session.play_seeded()
    if not started.ok:
        raise StoreError(started.reason)


def legal_lines(session: TableSession) -> list[str]:
    """The legal actions; while a roll is awaited from the table, that roll with ``?`` for each value."""
    pattern = roll_pattern(session.upcoming_state())
    return [pattern] if pattern else [str(a) for a in session.legal()]


def score_json(session: TableSession) -> str:
    state = session.state
    return json.dumps({"over": state.is_over, **score(state).to_json()})


def final_score(state: State) -> Optional[FinalScore]:
    """Each seat's total and the winners once the game is over; None before."""
    if not state.is_over:
        return None
    final = score(state)
    return {seat.colour: seat.total for seat in final.seats}, final.winners


def export(session: TableSession, path: str) -> str:
    why = export_record(session.store, session.game_id, path)
    return "refused " + cited(why, "export") if why else f"ok exported {path}"


def answer(runtime: "TableRuntime", line: str) -> str:
    session = runtime.session
    refusal = line_refusal(line)
    if refusal is not None:
        return "refused " + cited(refusal, "notation")
    if line == "legal":
        return json.dumps(legal_lines(session))
    if line == "state":
        return session.state.dumps()
    if line == "score":
        return score_json(session)
    if line in ALERT_ANSWERS:
        return "refused " + cited("No camera follows this table", "sync")
    command, _, rest = line.partition(" ")
    if command == "export":
        return export(session, rest.strip())
    outcome = runtime.undo(through_automas=True) if line == "undo" else runtime.submit(line)
    return f"ok {outcome.event}" if outcome.ok else f"refused {outcome.refusal}"


def answer_followed(runtime: "TableRuntime", line: str) -> "tuple[str, Optional[SyncStep]]":
    """The answer to ``line`` where a camera follows the table, and what comparing the table again leaves to say.
    ``confirm`` plays the roll the table shows for confirmation as read. ``accept`` and ``misread`` answer its
    alert as the screen's buttons do: the table's move is played (and the
    dice it shows surely are learnt), or the differences are the camera's error (the game's values are learnt)."""
    try:
        if line == "accept":
            outcomes = runtime.accept_table()
            refused = next((o for o in outcomes if not o.ok), None)
            return (f"refused {refused.refusal}" if refused else f"ok {outcomes[-1].event}"), runtime.recheck()
        if line == "misread":
            return "ok misread", runtime.camera_misread()
        if line == "confirm":
            outcomes = runtime.confirm_roll()
            refused = next((o for o in outcomes if not o.ok), None)
            return (f"refused {refused.refusal}" if refused else f"ok {outcomes[-1].event}"), runtime.recheck()
    except IllegalAction as exc:
        return "refused " + str(exc), None
    return answer(runtime, line), runtime.recheck()


def tell_news(runtime: "TableRuntime", say: Callable[[str], None], end: EndOfGame, speaker: Speaker) -> None:
    """The Automa seats' moves, each as it is saved (and spoken, in the app's words for it); then the end of the
    game once it comes (or its undo)."""
    for decision, outcome in runtime.play_automas():
        say(AUTOMA_PREFIX + (f"{outcome.event} {decision.action}" if outcome.ok else f"refused {outcome.refusal}"))
        if outcome.ok:
            speaker.say(decision.instruction)
    for line in end.lines(final_score(runtime.session.state)):
        say(line)


def table_lines(step: Optional["SyncStep"], runtime: "TableRuntime") -> list[str]:
    """What a comparison with the table leaves to say: each move played from the table (``table N <action>``,
    or ``table refused <reason> [<rule>]``), then the alert (``table alert <what differs>``) or the move seen
    that waits for a person to send it (``table seen <moves>``)."""
    if step is None:
        return []
    lines = [TABLE_PREFIX + (f"{outcome.event} {action}" if outcome.ok else f"refused {outcome.refusal}")
             for action, outcome in zip(step.moves, step.played)]
    if step.alert is not None:
        lines.append(TABLE_PREFIX + "alert " + step.alert.summary())
    elif runtime.sync is not None and runtime.sync.pending_choice is not None:
        lines.append(TABLE_PREFIX + "seen " + step.report.summary())
    return lines


def serve(runtime: "TableRuntime", stdin: Iterable[str], stdout: IO[str],
          camera: Optional["CameraFollower"] = None, voice: Optional[Speaker] = None) -> None:
    """Answer ``stdin`` until ``quit`` or its end; with a ``camera``, follow the table too, until ``quit``,
    or until both stdin and the camera have ended (a replay at its last frame). ``voice`` speaks the Automas'
    moves (silent if None)."""
    say = speaker(stdout)
    voice = voice or SilentSpeaker()
    say(f"game {runtime.session.game_id}")
    end = EndOfGame()
    tell_news(runtime, say, end, voice)
    if camera is None:
        for line in lines_of(stdin):
            if line == "quit":
                return
            say(answer(runtime, line))
            tell_news(runtime, say, end, voice)
        return
    serve_followed(runtime, stdin, say, camera, end, voice)


def serve_followed(runtime: "TableRuntime", stdin: Iterable[str], say: Callable[[str], None],
                   camera: "CameraFollower", end: EndOfGame, voice: Speaker) -> None:
    """Lines from stdin and the tables the camera saw settle, answered in the order they came, on this thread
    (the only one that changes the game)."""
    inbox: "queue.SimpleQueue[tuple]" = queue.SimpleQueue()

    def read_lines() -> None:
        for line in lines_of(stdin):
            inbox.put(("line", line))
        inbox.put(("stdin ended", None))

    def take_sight(sight: "Sight") -> None:
        if sight.settled is not None:
            inbox.put(("settled", (sight.settled, sight.frame)))

    threading.Thread(target=read_lines, name="stdin", daemon=True).start()
    camera.start(take_sight, on_end=lambda: inbox.put(("camera ended", None)))
    ended: set = set()
    try:
        while len(ended) < 2:
            kind, item = inbox.get()
            if kind == "line" and item == "quit":
                return
            step = None
            if kind == "line":
                said, step = answer_followed(runtime, item)
                say(said)
            elif kind == "settled":
                step = runtime.table_settled(*item)
            else:
                ended.add(kind)
                if kind == "camera ended" and camera.failure:
                    say(TABLE_PREFIX + "stopped " + camera.failure)
            for line in table_lines(step, runtime):
                say(line)
            tell_news(runtime, say, end, voice)
    finally:
        camera.stop()
        camera.camera.stop()


def camera_source(text: str) -> tuple[str, Optional[Path]]:
    """The source ``--camera`` names and the path a replay reads, checked before anything is opened."""
    source, _, path = text.partition(":")
    if source not in CAMERA_SOURCES or (path and source != "replay"):
        raise ValueError(f"--camera {text}: not a camera source; give replay:PATH, picamera2, opencv or auto")
    if source == "replay" and not path:
        raise ValueError("--camera replay:PATH needs the folder of frames or the video to replay")
    if source == "replay" and not Path(path).exists():
        raise ValueError(f"--camera replay:{path}: there is no such folder or video")
    return source, Path(path) if source == "replay" else None


def calibration(args: argparse.Namespace) -> tuple[Path, "CalibrationProfile"]:
    """Where the table's calibration profile is, and the profile; a table never calibrated is told how to be."""
    from calibration.profile import CalibrationProfile, default_profile_path

    from ..invocation import program

    path = args.profile or default_profile_path()
    if args.profile is None and not path.exists():
        raise ValueError(f"the table is not calibrated (there is no profile at {path}): calibrate it first, "
                         f"with Calibrate in the app or `{program()} calibrate --players red,blue`")
    profile = CalibrationProfile.load(path)
    if profile.colours is None:
        raise ValueError("the calibration profile has no dice colours: calibrate with the players' dice")
    return path, profile


def open_camera_follower(args: argparse.Namespace) -> "CameraFollower":
    """The camera ``--camera`` names, read through the calibration profile and the table's dice examples saved
    beside it. The source is checked first, then the calibration, then the camera is opened."""
    from hardware.camera import open_camera

    from ..config import CameraConfig
    from . import follower
    from .dice_learning import TableDiceLearner

    source, replay_path = camera_source(args.camera)
    profile_path, profile = calibration(args)
    settings = CameraConfig(replay_path=replay_path,
                            replay_hold=follower.STILL_READS + 1)  # one settle per recorded frame
    camera = open_camera(source, **settings.hardware_arguments())
    table_dice, unusable = TableDiceLearner.open(profile_path, background=False)
    if unusable:
        print(f"warning: {unusable}", file=sys.stderr)
    following, why = follower.follow_camera(camera, profile, table_dice,
                                            every_s=0.0 if replay_path is not None else follower.READ_EVERY_S)
    if following is None:
        camera.stop()
        raise ValueError(f"the camera cannot be followed: {why}")
    return following


def run(args: argparse.Namespace, stdin: Optional[IO[str]] = None, stdout: Optional[IO[str]] = None) -> int:
    """The session of any game; Ctrl-C ends it quietly (every move answered was saved already)."""
    try:
        return run_game(args, stdin or sys.stdin, stdout or sys.stdout)
    except KeyboardInterrupt:
        return INTERRUPTED


def run_game(args: argparse.Namespace, stdin: IO[str], stdout: IO[str]) -> int:
    ignored = new_game_options(args) if args.resume else []
    if ignored:
        print(f"error: {', '.join(ignored)} set up a new game (--new); a resumed game keeps its own", file=sys.stderr)
        return 2
    return game_named(args.game).serve(args, stdin, stdout)


def serve_engine_game(args: argparse.Namespace, stdin: IO[str], stdout: IO[str]) -> int:
    """Automata's session: its engine's, with the camera following the table when ``--camera`` says so."""
    from calibration.profile import ProfileError
    from hardware.camera import CameraUnavailable

    from vision.readings import CONFIDENCE_THRESHOLD

    from ..user_files import open_game_store
    from .roll_trust import RollKeeper
    from .runtime import TableRuntime

    try:
        camera = open_camera_follower(args) if args.camera else None  # refused before a game is made
    except (ValueError, ProfileError, CameraUnavailable) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        with open_game_store(args.db, create=args.new) as store:
            try:
                runtime = TableRuntime(open_session(args, store))
                if camera is not None:
                    runtime.table_dice = camera.table_dice  # the dice a person's answers confirm teach the reader
                    keeper = (RollKeeper.open(camera.table_dice.profile_path, CONFIDENCE_THRESHOLD)
                              if camera.table_dice is not None else None)
                    runtime.follow_table(rolls=keeper)
                play_seeded(runtime.session)
            except (StoreError, IllegalAction, ValueError) as exc:
                print(f"error: {exc}", file=sys.stderr)
                return 2
            voice = open_speaker(args.speak)
            try:
                serve(runtime, stdin, stdout, camera, voice)
            finally:
                voice.close()
            return 0
    finally:
        if camera is not None:
            camera.camera.stop()


def new_game_options(args: argparse.Namespace) -> list[str]:
    """The options given that only set up a new game, as they are written."""
    return [f"--{dest.replace('_', '-')}" for dest in NEW_GAME_OPTIONS + other_new_game_options()
            if getattr(args, dest, None) not in (None, False)]
