"""Render every screen at 800x480 into a folder (``make screenshots``).

    python -m sim.screenshots [OUT_DIR]

Plays seeded games on a scratch database with the demo camera, so the pictures show a real
game in progress (with a die tapped on the camera preview), a dialog asking for a reading, a
refused move and a final score; a two-seat game in its second Deployment; a four-seat game in
its third round, a seat's cards and its final score; then a calibration from a rendered table with markers, the camera taught one colour's
dice, and a table that differs from the game.
"""
from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from sim.app_driver import headless

if TYPE_CHECKING:
    import numpy as np

SHOTS = ("home", "new-game", "setup", "setup-levels", "table", "table-camera", "table-activation", "automa", "roll-reading",
         "alert", "history", "score", "table-2-seats", "table-4-seats", "table-4-seats-cards", "score-4-seats", "calibrate",
         "teach-dice", "teach-dice-progress", "table-mismatch", "tokaido-setup", "tokaido", "tokaido-meals", "euphoria-setup", "euphoria-sites",
         "euphoria", "euphoria-camera-reading", "euphoria-camera-roll",
         "home-other-games", "euphoria-deck-entry", "tokaido-road-entry", "automaton-setup", "automaton")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0] if argv else "docs/screenshots")
    headless()
    from companion.games.automata.rules import Phase
    from companion.session.table import SeatSpec
    from sim.app_driver import build_app, buttons, close_popups, pump, screenshot, tap

    def shot(name: str) -> None:
        path = screenshot(out / f"{name}.png")
        print(f"wrote {path}")

    rng = random.Random(7)

    def play_until(done) -> None:
        """Play seeded random taps (never Modify, Forfeit only when nothing else is offered)."""
        while not done():
            if app.manager.current == "automa":
                tap("Done: next")
            elif app.manager.current == "table":
                table = app.manager.get_screen("table")
                shown = [b.text for b in buttons(table.choices) if not b.text.startswith("More")]
                tap(rng.choice(sorted(shown)) if shown else "Forfeit")
            else:
                raise RuntimeError(f"the game left the table: {app.manager.current}")

    with tempfile.TemporaryDirectory() as scratch:
        app = build_app(Path(scratch) / "games.sqlite3", camera_on=True)
        # a finished game and one in progress, for the Home list
        app.controller.new_game([SeatSpec("green", "person", "Mia"), SeatSpec("white", "automa", "Tock", 2)], seed=5)
        app.camera.wanted = False
        app.show_next()
        play_until(lambda: app.manager.current == "score")
        app.go_home()
        app.controller.new_game([SeatSpec("red", "person", "Ann"), SeatSpec("blue", "person", "Ben"),
                                 SeatSpec("green", "automa", "Cogsworth", 4)], seed=8)
        app.go_home()
        shot("home")

        tap("New game")
        shot("new-game")
        tap("Automata")
        setup = app.manager.get_screen("setup")
        tap("Seat 3: out")
        setup.rows[2].name_input.text = "Cleo"
        setup.seed_input.text = "42"
        tap("Level 1 Rusty")
        shot("setup-levels")
        next(b for b in buttons() if "Tinkerer" in b.text).trigger_action(0)
        shot("setup")

        tap("Start game")
        play_until(lambda: app.manager.current == "table" and app.controller.state.phase == Phase.DEPLOY
                   and len(app.controller.session.game.actions) > 6)
        time.sleep(1.0)
        pump(5)
        shot("table")
        tap("Camera")
        tap_die(app)
        shot("table-camera")
        tap("Table")
        play_until(lambda: app.manager.current == "automa")
        shot("automa")
        play_until(lambda: app.manager.current == "table" and app.controller.state.phase == Phase.ACTIVATE)
        table = app.manager.get_screen("table")
        tap(table.chooser.options()[0])
        time.sleep(0.5)
        pump(5)
        shot("table-activation")
        table.back()
        table.play("white place d6:6 scavenge")
        shot("alert")
        close_popups()

        from ui.dialogs import RollEntry
        RollEntry("R Ann", ["d6", "d4", "d8"], lambda values: None, known={1: 3},
                  unsure={0: (5, die_crop("d6", 5, "red"))}, colour="red").start()
        shot("roll-reading")
        close_popups()

        tap("History")
        shot("history")
        tap("Back")
        play_until(lambda: app.manager.current == "score")
        shot("score")

        app.go_home()
        app.controller.new_game([SeatSpec("red", "person", "Ann"), SeatSpec("blue", "automa", "Tock", 3)], seed=21)
        app.camera.wanted = False
        app.show_next()
        play_until(lambda: app.manager.current == "table" and app.controller.state.round == 2
                   and app.controller.state.phase == Phase.DEPLOY
                   and sum(len(dice) for dice in app.controller.state.staging.values()) >= 5)
        shot("table-2-seats")

        app.go_home()
        app.controller.new_game([SeatSpec("red", "person", "Ann"), SeatSpec("blue", "person", "Ben"),
                                 SeatSpec("green", "automa", "Cogsworth", 4), SeatSpec("white", "person", "Dee")],
                                seed=17)
        app.camera.wanted = False
        app.show_next()
        play_until(lambda: app.manager.current == "table" and app.controller.state.round == 3
                   and app.controller.state.phase == Phase.ACTIVATE and len(app.controller.state.deployment_track) >= 2)
        shot("table-4-seats")
        table = app.manager.get_screen("table")
        seats = app.controller.state.seats
        table.drawing().show_cards(max(range(len(seats)), key=lambda i: len(seats[i].cards + seats[i].reserved)))
        shot("table-4-seats-cards")
        close_popups()
        play_until(lambda: app.manager.current == "score")
        shot("score-4-seats")

        app.go_home()
        calibrate_screen(app, Path(scratch) / "calibration.json")
        shot("calibrate")
        teach_dice_screen(app)
        shot("teach-dice")
        confirm_read_dice(app)
        shot("teach-dice-progress")
        settings_with_learnt_dice(app)
        shot("settings-dice")
        close_popups()
        mismatch_alert(app)
        shot("table-mismatch")
        close_popups()
        other_game_shots(app, shot)
        entry_shots(app, shot)
        automaton_shots(app, shot)
        app.teardown()
    return 0


def other_game_shots(app, shot) -> None:
    """A Tokaido journey on an invented road and a Euphoria game with no entered deck, each set up and
    a few Automa turns in, then Home listing them."""
    from companion.line_games.session import GameSession
    from companion.games.tokaido import Setup, parse_road
    from sim.app_driver import tap

    # a road entered once (headless --road), invented for the pictures; the app's new Tokaido games reuse it
    road = parse_road("shop temple paddy farm sea encounter inn  hot-spring mountain sea paddy shop farm inn  "
                      "temple encounter sea mountain paddy inn  farm shop hot-spring sea mountain encounter inn")
    GameSession.new(app.controller.store, "tokaido", Setup(("green", "purple"), "blue", 4, 1, road, ("blue", "green", "purple")))
    app.go_home()
    tap("New game")
    tap("Tokaido")
    tap("5")
    tap("Crossroads")
    shot("tokaido-setup")
    tap("Start")
    for text in ("2 Temple", "1", "3", "2", "1"):
        step = app.controller.other.step()
        if step.question.startswith("Your turn"):
            tap(step.choices[0].text)
        tap(text)
    shot("tokaido")
    while not app.controller.other.step().question.startswith("Meal"):
        tap(app.controller.other.step().choices[0].text)
    tap("3")
    tap("1")
    shot("tokaido-meals")
    app.go_home()
    tap("New game")
    tap("Euphoria")
    tap("Icarus")
    tap("Subterra")
    shot("euphoria-setup")
    tap("Start")
    for value in "35162245":
        tap(value)
    for text in ("Commodity", "Artifact", "Icarus", "Own faction", "No ▲",  # the support card
                 "Construct", "Commodity", "Own faction", "Subterra", "▲ yes"):  # the first action card
        tap(text)
    shot("euphoria-sites")
    tap("None")
    shot("euphoria")
    euphoria_camera_roll(app, shot)
    app.go_home()
    shot("home-other-games")


def automaton_shots(app, shot) -> None:
    """Automaton with four robots set up by taps, then its first move: a pile-up on d4 whose robots go back to the
    squares they entered from, two of them sharing c4 and so sent back to their starts; Bob's shot asked."""
    from sim.app_driver import tap

    app.go_home()
    tap("New game")
    tap("Automaton")
    tap("Cat")
    tap("Dan")
    for robot, colours in (("Cat", ("Green", "Blue", "Red")), ("Dan", ("Yellow", "Blue", "Green"))):
        row = next(r for r in app.controller.other_setup.rows() if r.label.startswith(robot))
        for colour in colours:
            app.controller.other_setup.tap(row.key, colour[0].lower())
    app.manager.current_screen.refresh()
    shot("automaton-setup")
    tap("Start")
    session = app.controller.other.session
    for line in ("ann at c3", "bob at f4", "cat at d6", "dan at b4"):  # squares agreed at the table
        session.submit(line)
    for texts in (("North", "East", "Done"), ("West", "West"), ("South",), ("East", "East")):
        for text in texts:
            tap(text)
    tap("Move")
    shot("automaton")


def euphoria_camera_roll(app, shot) -> None:
    """Turns played on until an Automa retrieves her workers; the camera, over a rendered table of the
    Euphoria zones, reads her roll (her dice may be tapped meanwhile), then offers it for one tap."""
    import threading

    import numpy as np

    from companion.games.euphoria.table.zones import layout as euphoria_layout, zone as euphoria_zone
    from sim.app_driver import tap, wait_for
    from sim.table_scene import TableScene, render_table
    from vision.synth import DieSpec
    from vision.zones import ZoneFinder

    other = app.controller.other
    while other.session.game.waiting_for() != "roll":
        tap(other.step().choices[0].text)
    automa, count = other.session.game.rolling()
    scene = TableScene.arranged(euphoria_layout(), 1280, 720)
    rng = np.random.default_rng(4)
    zone, size = euphoria_zone(automa.colour, "supply"), scene.marker_px * 0.6
    values = automa.workers.available + [int(v) for v in rng.integers(1, 6, count)]
    rendered = render_table(scene, [(zone, DieSpec("d6", v, automa.colour, centre, float(rng.uniform(0, 90)), size))
                                    for v, centre in zip(values, scene.scatter(zone, len(values), size, rng, spacing=1.8))],
                            rng)
    settled = threading.Event()

    def look():
        settled.wait(10)
        return ZoneFinder(scene.layout).find(rendered.frame).placed(rendered.readings())

    other.look = app.camera.in_background(look)
    app.manager.current_screen.refresh()
    shot("euphoria-camera-reading")
    settled.set()
    wait_for(lambda: "camera read" in app.manager.current_screen.question, "the camera's roll on the screen")
    shot("euphoria-camera-roll")


def entry_shots(app, shot) -> None:
    """A Euphoria deck being entered on the touchscreen, five cards in and the sixth half tapped, and a
    Tokaido road being entered, at its second Inn."""
    from sim.app_driver import tap

    app.go_home()
    tap("New game")
    tap("Euphoria")
    tap("Enter a deck…")
    cards = (("Commodity", "Artifact", "Icarus", "Own faction", "No ▲", "None"),
             ("Construct", "Commodity", "Own faction", "Subterra", "▲ yes", "None"),
             ("Tunnel Breeze Bar", "Construct", "Wastelands", "Own faction", "No ▲", "2"),
             ("Artifact", "Tunnel Sky Lounge", "Own faction", "Euphoria", "No ▲", "None"),
             ("Commodity", "Construct", "Subterra", "Icarus", "▲ yes", "1"))
    for faces in cards:
        for text in faces:
            tap(text)
    tap("Black 0/2")
    tap("Artifact")
    tap("Commodity")
    shot("euphoria-deck-entry")
    tap("Back")
    tap("Back")
    tap("Tokaido")
    tap("Enter a road…")
    for text in ("Shop", "Temple", "Paddy", "Farm", "Sea", "Encounter", "Inn", "Hot Spring", "Mountain", "Sea",
                 "Paddy", "Shop", "Farm", "Inn", "Temple"):
        tap(text)
    shot("tokaido-road-entry")
    app.go_home()


def tap_die(app) -> None:
    """Tap the first die the camera has read on the preview, once it has read one."""
    from sim.app_driver import pump, tap_at
    from ui.camera_feed import MAIN_SIZE

    table = app.manager.get_screen("table")
    deadline = time.monotonic() + 10
    while not app.camera.feed.readings() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.5)
    pump(5)
    preview = table.preview
    x0, y0, x1, y1 = app.camera.feed.readings()[0].bbox
    width, height = preview.norm_image_size
    x = preview.center_x - width / 2 + (x0 + x1) / 2 / MAIN_SIZE[0] * width
    y = preview.center_y + height / 2 - (y0 + y1) / 2 / MAIN_SIZE[1] * height
    tap_at(*preview.to_window(x, y))
    pump(3)


def calibrate_screen(app, profile_path: Path) -> None:
    """The Calibrate screen after reading a rendered table with three players' dice."""
    import numpy as np

    from calibration.layout import default_layout
    from hardware.camera.synthetic import SyntheticSource
    from sim.app_driver import pump, tap
    from sim.table_scene import TableScene, calibration_dice, render_table

    players = ["red", "blue", "green"]
    scene = TableScene.arranged(default_layout(len(players)))
    rng = np.random.default_rng(11)
    frame = render_table(scene, calibration_dice(scene, players, rng), rng).frame

    def camera() -> SyntheticSource:
        source = SyntheticSource(lambda: frame, (640, 360))
        source.start()
        return source

    app.camera.profile_path, app.camera.source = profile_path, camera
    app.go("calibrate")
    screen = app.manager.get_screen("calibrate")
    screen.players = players
    tap("Read the table")
    deadline = time.monotonic() + 30
    while screen.busy and time.monotonic() < deadline:
        pump(1)
        time.sleep(0.02)


def die_crop(die_type: str, value: int, colour: str) -> "np.ndarray":
    """One rendered die, blurred and with glare, as the roll dialog shows a die the camera is unsure of (RGB)."""
    import cv2
    import numpy as np

    from vision import synth

    rng = np.random.default_rng(5)
    spec = synth.DieSpec(die_type, value, colour, (56.0, 56.0), rotation=25.0, size=72.0)
    frame, _ = synth.render_scene([spec], synth.make_background(rng, 112, 112, "felt"),
                                  synth.SceneStyle(glare=1.0, blur_sigma=1.2), rng)
    return cv2.cvtColor(frame, cv2.COLOR_BGR2RGB)


def rolled_dice(colour: str, rng) -> "np.ndarray":
    """A frame of one colour's dice (6 D4, 4 D6, 2 D8) rolled on felt, as the camera sees them when taught."""
    from vision import synth

    kinds = ["d4"] * 6 + ["d6"] * 4 + ["d8"] * 2
    order = rng.permutation(len(kinds))
    dice = [synth.DieSpec(kinds[k], int(rng.integers(1, {"d4": 4, "d6": 6, "d8": 8}[kinds[k]] + 1)), colour,
                          (180.0 + 190 * (i % 6) + rng.uniform(-30, 30), 200.0 + 300 * (i // 6) + rng.uniform(-40, 40)),
                          float(rng.uniform(0, 360)), 72.0)
            for i, k in enumerate(order)]
    frame, _ = synth.render_scene(dice, synth.make_background(rng, 1280, 720, "felt"), synth.SceneStyle(), rng)
    return frame


def teach_dice_screen(app) -> None:
    """Teach it the dice, after the calibration: red's dice rolled, read, and the first one asked about."""
    import numpy as np

    from hardware.camera.synthetic import SyntheticSource
    from sim.app_driver import tap, wait_for

    frame = rolled_dice("red", np.random.default_rng(3))

    def camera() -> SyntheticSource:
        source = SyntheticSource(lambda: frame, (640, 360))
        source.start()
        return source

    app.camera.source = camera
    tap("Next: teach it the dice")
    screen = app.manager.get_screen("teach-dice")
    tap("Read the dice")
    wait_for(lambda: not screen.busy and screen.asking, "a die read to confirm", 60)


def confirm_read_dice(app) -> None:
    """Every die of the roll asked about confirmed as read (the highlighted value, else the first)."""
    from sim.app_driver import buttons, pump

    screen = app.manager.get_screen("teach-dice")
    while screen.asking:
        values = [b for b in buttons(screen.ids.value_grid)]
        big = [b for b in values if type(b).__name__ == "BigButton"]
        (big or values)[0].trigger_action(0)
        pump(1)
    app.camera.table_dice().wait()
    pump(3)


def settings_with_learnt_dice(app) -> None:
    """Settings once red's dice are learnt (3 rendered dice of each face confirmed): each type's examples,
    and whether the examples or the networks read each type's values and the die types."""
    import numpy as np

    from companion.session.dice_learning import ConfirmedDie
    from sim.app_driver import tap
    from vision import synth
    from vision.readings import FACES

    rng = np.random.default_rng(5)
    confirmed = []
    for die_type, faces in FACES.items():
        for value in range(1, faces + 1):
            for _ in range(3):
                spec = synth.DieSpec(die_type, value, "red", (100.0, 100.0), rotation=rng.uniform(0, 360), size=70.0)
                frame, _ = synth.render_scene([spec], synth.make_background(rng, 200, 200), rng=rng)
                confirmed.append(ConfirmedDie(frame, (100.0, 100.0), 70.0, die_type, value, "red"))
    learner = app.camera.table_dice()
    learner.add(confirmed)
    learner.wait()
    app.go_home()
    tap("Settings")


def mismatch_alert(app) -> None:
    """A die turned on the table after the rolls were read: the alert with both ways out."""
    import numpy as np

    from calibration.layout import TRAY
    from companion.games.automata.rules import apply_action, sample_chance
    from companion.session.table import SeatSpec
    from sim.physical_table import PhysicalTable
    from ui.dialogs import table_alert

    app.controller.new_game([SeatSpec("red", name="Ann"), SeatSpec("blue", name="Ben")], seed=4)
    app.camera.wanted = False
    runtime = app.controller.runtime
    runtime.follow_table(min_confidence=0.0)
    table = PhysicalTable(["red", "blue"], np.random.default_rng(4))
    target = app.controller.session.upcoming_state()
    while target.is_chance_node:
        target = apply_action(target, sample_chance(target, random.Random(1)))
    table.follow(target)
    runtime.table_settled(table.readings_by_zone())
    app.show_next()
    seat = target.turn
    die = next(d for d in table.dice if d.seat == seat and d.zone == TRAY and d.value > 1)
    table.dice[table.dice.index(die)] = die.__class__(die.zone, seat, die.die_type, die.value - 1)
    step = runtime.table_settled(table.readings_by_zone())
    table_alert(step.alert, on_accept=lambda: None, on_misread=lambda: None)


if __name__ == "__main__":
    sys.exit(main())
