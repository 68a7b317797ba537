"""The Euphoria Automas' worker dice read from rendered frames of the Euphoria zones: black and white D6
with pips in each Automa's supply and on her penalty card; her roll read, or asked when the camera is
unsure; the dice checked against the game's as the Automas' turn starts."""
from __future__ import annotations

import itertools
import threading
from dataclasses import replace
from typing import Sequence

import cv2
import numpy as np
import pytest

from calibration.guided import calibrate_table
from companion.games.euphoria import AUTOMAS as EUPHORIA_AUTOMAS
from companion.games.euphoria.table.zones import layout as euphoria_layout, zone as euphoria_zone
from calibration.profile import CalibrationProfile
from companion.cli import main
from companion.games.euphoria import EuphoriaGame, Setup, Workers, level, parse_deck
from companion.games.euphoria.game import Automa, Table
from companion.games.euphoria.board import Board
from companion.line_games.camera_look import LooksInTurn, TableLook
from companion.games.euphoria.table.camera import mismatches, read_roll, roll_from_camera, seen
from companion.line_games.table import READING_ROLL, TAP_INSTEAD, OtherGameTable
from companion.store import GameStore
from hardware.camera import CameraUnavailable, SyntheticSource
from sim.table_scene import RenderedTable, TableScene, render_table
from vision.reader import read_dice
from vision.synth import DieSpec, SceneStyle
from vision.zones import ZoneFinder
from tests.euphoria.decks import invented_deck_text

SCENE = TableScene.arranged(euphoria_layout(), 1280, 720)
DIE = SCENE.marker_px * 0.6  # 16 mm dice beside 25 mm markers
DECK = Setup("intermediate", 1, ("icarus", "subterra"), deck=parse_deck(invented_deck_text(), level("intermediate")))
ANSWERS = {"next": "next", "sites": "sites none", "completes": "completes no"}
SUPPLIES = [euphoria_zone(c, "supply") for c in EUPHORIA_AUTOMAS]


def render(dice: dict[str, Sequence[int]], seed: int = 0, style: SceneStyle = SceneStyle(),
           colours: dict[str, str] = {}) -> RenderedTable:
    """``dice[zone]``: the values shown there, each die of the zone's Automa's colour unless ``colours`` names
    another for the zone."""
    rng = np.random.default_rng(seed)
    specs = []
    for zone, values in dice.items():
        colour = colours.get(zone, zone.split(".")[0])
        for value, centre in zip(values, SCENE.scatter(zone, len(values), DIE, rng, spacing=1.8)):
            specs.append((zone, DieSpec("d6", value, colour, centre, float(rng.uniform(0, 360)), DIE)))
    return render_table(SCENE, specs, rng, style)


def exact(rendered: RenderedTable):
    """The rendered dice as a sure reader would read them, by zone."""
    return ZoneFinder(SCENE.layout).find(rendered.frame).placed(rendered.readings())


@pytest.fixture(scope="module")
def profile():
    """The Automas' colours, calibrated as a person does: four dice of each in her supply."""
    rendered = render({zone: [1, 3, 4, 6] for zone in SUPPLIES}, seed=9)
    done = calibrate_table(rendered.frame, EUPHORIA_AUTOMAS, CalibrationProfile(layout=SCENE.layout),
                           zone_names=SUPPLIES)
    assert done.dice_seen == {"black": 4, "white": 4}
    assert done.result.check.ok, done.result.check.text()  # black and white stand apart from each other and the felt
    return done.profile.colours


def read(rendered: RenderedTable, profile):
    found = ZoneFinder(SCENE.layout).find(rendered.frame)
    return found.placed(read_dice(rendered.frame, profile, **found.reader_hints()))


def at_roll() -> EuphoriaGame:
    """A game whose first retrieval waits for its roll: Black retrieves 3 workers, with none left."""
    game = EuphoriaGame(DECK)
    game.play("workers 3 5 1 6 2 2 4 5")
    while game.waiting_for() != "roll":
        game.play(ANSWERS[game.waiting_for()])
    automa, count = game.rolling()
    assert (automa.colour, automa.workers.available, count) == ("black", [], 3)
    return game


def automa(available, penalty_side=False, colour="black") -> Automa:
    return Automa(colour, "euphoria", Workers(list(available), penalty_side=penalty_side))


# -- the dice reader on rendered frames --------------------------------------------------------------

def test_her_roll_is_read_from_the_frame(profile):
    game = at_roll()
    roll = roll_from_camera(game, read(render({"black.supply": [2, 6, 4]}, seed=1), profile))
    assert roll.values == (2, 4, 6)
    assert roll.line() == "roll 2 4 6"


def test_a_blurred_frame_is_read_unsurely_and_her_roll_is_asked(profile):
    game = at_roll()
    rendered = render({"black.supply": [2, 6, 4]}, seed=1, style=SceneStyle(blur_sigma=4.0))
    roll = roll_from_camera(game, read(rendered, profile))
    assert (roll.values, roll.why) == (None, "the camera is not sure of a die in Black's supply")


# -- what the readings tell (the rendered dice read exactly) ---------------------------------------

def test_the_6s_on_her_penalty_card_are_part_of_her_roll_and_the_workers_she_kept_are_not():
    view = seen(exact(render({"black.supply": [3, 1, 5], "black.penalty": [6, 6]})))
    assert read_roll(view, automa([3], penalty_side=True), 4).values == (1, 5, 6, 6)


@pytest.mark.parametrize("dice, penalty_side, why", [
    ({"black.supply": [3, 1]}, False, "the camera sees 2 of Black's dice in her supply and on her penalty card, "
                                      "where 4 should be"),
    ({"black.supply": [2, 1, 5, 4]}, False, "Black's supply does not show the workers she kept (3)"),
    ({"black.supply": [3, 1, 5], "black.penalty": [6]}, False,
     "Black's penalty card shows 6: only a 6 rolled with its penalty side up goes there"),
    ({"black.supply": [3, 1, 5, 6]}, True, "a 6 she rolled lies in Black's supply: it goes on her penalty card"),
])
def test_dice_that_do_not_fit_her_roll_are_asked_with_the_reason(dice, penalty_side, why):
    roll = read_roll(seen(exact(render(dice))), automa([3], penalty_side), 3)
    assert (roll.values, roll.why) == (None, why)


def test_a_die_of_the_other_colour_or_read_unsurely_leaves_her_dice_unread():
    wrong = seen(exact(render({"black.supply": [3, 1, 5], "white.supply": [2]}, colours={"black.supply": "white"})))
    assert wrong.unread == {"black": "a white die lies in Black's supply"} and "white" in wrong.dice
    placed = exact(render({"black.supply": [3, 1, 5]}))
    placed["black.supply"][1] = replace(placed["black.supply"][1], value_confidence=0.4)
    unsure = seen(placed)
    assert unsure.unread == {"black": "the camera is not sure of a die in Black's supply"}
    assert read_roll(unsure, automa([3]), 2).why == "the camera is not sure of a die in Black's supply"


def test_a_zone_whose_marker_is_hidden_is_not_read():
    placed = exact(render({"black.supply": [3]}))
    del placed["white.penalty"]
    assert seen(placed).unread == {"white": "the camera does not see the marker of White's penalty card"}


def test_dice_that_differ_from_the_games_are_named_in_a_line():
    table = Table(Board(), {"black": automa([2, 5, 6]), "white": automa([1, 4], colour="white")})
    table.automas["white"].workers.on_penalty_card = 1
    view = seen(exact(render({"black.supply": [5, 2], "white.supply": [4, 1], "white.penalty": [6]})))
    assert mismatches(view, table) == ["Black's supply shows 2 5; the game has 2 5 6."]
    table.automas["white"].workers.on_penalty_card = 0
    assert mismatches(view, table) == ["Black's supply shows 2 5; the game has 2 5 6.",
                                       "White's penalty card holds 1 die; the game has 0 dice."]


# -- at the touchscreen ----------------------------------------------------------------------------

@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path / "games.sqlite3") as opened:
        yield opened


def at_once(look):
    """A look whose readings are handed on as it is asked."""
    return lambda deliver: deliver(look())


class Later:
    """Looks whose readings are handed on when the test says (as the screen's looks, taken on a thread)."""

    def __init__(self) -> None:
        self.waiting = []

    def __call__(self, deliver) -> None:
        self.waiting.append(deliver)

    def hand_on(self, placed) -> None:
        self.waiting.pop(0)(placed)


def table_at_roll(store, look) -> OtherGameTable:
    table = OtherGameTable.new(store, "euphoria", DECK, look=look)
    table.session.submit("workers 3 5 1 6 2 2 4 5")
    while table.session.game.waiting_for() != "roll":
        table.session.submit(ANSWERS[table.session.game.waiting_for()])
    return table


def test_the_roll_the_camera_read_is_played_with_one_tap(store):
    table = table_at_roll(store, at_once(lambda: exact(render({"black.supply": [2, 6, 4]}))))
    step = table.step()
    assert step.question == "The camera read her roll: 2 4 6. Right?"
    assert table.choose(step.choices[0]).ok
    assert table.session.store.effective_events(table.session.game_id)[-1] == "roll 2 4 6"


def test_a_roll_the_camera_read_can_be_tapped_instead(store):
    table = table_at_roll(store, at_once(lambda: exact(render({"black.supply": [2, 6, 4]}))))
    table.choose(TAP_INSTEAD)
    for value in ("1", "1", "3"):
        answer = table.choose(next(c for c in table.step().choices if c.text == value))
    assert answer.ok and table.session.store.effective_events(table.session.game_id)[-1] == "roll 1 1 3"


def test_a_roll_the_camera_cannot_read_is_tapped_with_a_line_saying_why(store):
    table = table_at_roll(store, at_once(lambda: exact(render({"black.supply": [2, 6]}))))
    assert table.step().question == "Her retrieved die 1 of 3: its value"
    assert table.camera_line == ("The camera could not read her roll: the camera sees 2 of Black's dice in her "
                                 "supply and on her penalty card, where 3 should be. Tap her dice.")


def test_the_automas_dice_are_checked_as_their_turn_starts(store):
    table = OtherGameTable.new(store, "euphoria", DECK, look=at_once(lambda: exact(render({
        "black.supply": [3, 5, 1, 6], "white.supply": [2, 4, 5]}))))
    table.session.submit("workers 3 5 1 6 2 2 4 5")
    table.choose(table.step().choices[0])  # the Automas' turn
    assert table.camera_line == "Camera: White's supply shows 2 4 5; the game has 2 2 4 5."


def test_while_the_camera_reads_her_roll_her_dice_can_be_tapped_and_its_reading_then_offered(store):
    later = Later()
    table = table_at_roll(store, later)
    assert table.step().question == "Her retrieved die 1 of 3: its value"
    assert table.camera_line == READING_ROLL
    assert len(later.waiting) == 1
    table.step()
    assert len(later.waiting) == 1  # one look a question
    later.hand_on(exact(render({"black.supply": [2, 6, 4]})))
    assert table.camera_line == ""
    assert table.step().question == "The camera read her roll: 2 4 6. Right?"


def test_a_reading_that_comes_after_the_roll_was_tapped_is_dropped(store):
    later = Later()
    table = table_at_roll(store, later)
    for value in ("1", "1", "3"):
        answer = table.choose(next(c for c in table.step().choices if c.text == value))
    assert answer.ok
    asked = table.step().question  # her next roll: a look of its own is asked
    later.hand_on(exact(render({"black.supply": [2, 6, 4]})))  # the first look's, come late
    assert table.step().question == asked and table.camera_line == READING_ROLL
    assert len(later.waiting) == 1


def test_the_turn_start_check_stays_said_while_her_roll_is_read(store):
    later = Later()
    table = table_at_roll(store, later)  # the lines up to her roll were played past the table, unchecked
    table.undo()
    table.choose(table.step().choices[0])  # the Automas' turn, told at the table: its check, then her roll
    assert table.session.game.waiting_for() == "roll"
    assert table.step().question.startswith("Her retrieved die")
    assert len(later.waiting) == 2
    frame = exact(render({"black.supply": [2, 6, 4]}))
    later.hand_on(frame)
    assert table.camera_line.startswith("Camera: Black's supply shows 2 4 6") and table.camera_line.endswith(READING_ROLL)
    later.hand_on(frame)
    assert table.camera_line.startswith("Camera: Black's supply shows 2 4 6") and READING_ROLL not in table.camera_line
    assert table.step().question == "The camera read her roll: 2 4 6. Right?"


def test_looks_in_turn_run_on_a_thread_and_hand_on_their_readings_through_post():
    posted, threads = [], []
    done = threading.Event()

    def look():
        threads.append(threading.current_thread())
        if len(threads) == 2:
            raise RuntimeError("the camera fell over")
        return {"black.supply": []}

    def post(hand_on):
        posted.append(hand_on)
        if len(posted) == 2:
            done.set()

    looks = LooksInTurn(look, post)
    got = []
    looks(got.append)
    looks(got.append)
    assert done.wait(5)
    assert threading.main_thread() not in threads and not got  # nothing handed on off the screen's thread
    for hand_on in posted:
        hand_on()
    assert got == [{"black.supply": []}, None]  # a look that fails hands on None


# -- the look: the camera opened, the table let settle, one frame read ------------------------------

def started(render_frame) -> SyntheticSource:
    camera = SyntheticSource(render_frame, (320, 180))
    camera.start()
    return camera


def test_a_look_reads_a_settled_frame_over_the_euphoria_zones_and_closes_the_camera():
    rendered = render({"black.supply": [2, 6, 4], "white.supply": [5]})
    opened = []
    look = TableLook(lambda: opened.append(started(lambda: rendered.frame.copy())) or opened[-1],
                     CalibrationProfile(layout=SCENE.layout), reader=lambda frame, colours, **hints: rendered.readings())
    placed = look()
    assert {zone: sorted(r.value for r in found) for zone, found in placed.items()} == {
        "black.supply": [2, 4, 6], "black.penalty": [], "white.supply": [5], "white.penalty": []}
    assert not opened[0].started


def test_a_look_without_a_camera_or_a_still_table_gives_nothing():
    def unavailable():
        raise CameraUnavailable("no camera here")

    profile = CalibrationProfile(layout=SCENE.layout)
    assert TableLook(unavailable, profile)() is None
    rolling = itertools.cycle([render({"black.supply": [1]}).frame, render({"black.supply": [5]}, seed=1).frame])
    assert TableLook(lambda: started(lambda: next(rolling)), profile, reader=lambda *a, **k: [])() is None


def test_calibrate_game_euphoria_learns_black_and_white_into_the_euphoria_profile(tmp_path, capsys):
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), render({zone: [2, 3, 5, 6] for zone in SUPPLIES}, seed=4).frame)
    assert main(["calibrate", "--game", "euphoria", "--image", str(photo), "--profile", str(tmp_path / "eu.json")]) == 0
    assert "Dice seen: black 4, white 4" in capsys.readouterr().out
    saved = CalibrationProfile.load(tmp_path / "eu.json")
    assert set(saved.colours.players) == {"black", "white"} and saved.layout == euphoria_layout()
    assert main(["calibrate", "--game", "euphoria", "--players", "red", "--image", str(photo)]) == 2
