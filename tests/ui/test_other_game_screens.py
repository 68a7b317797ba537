"""Tokaido and Euphoria on the touchscreen: set up and started from Home, played by taps, undone, resumed."""
from __future__ import annotations

import pytest

from companion.line_games.session import GameSession
from companion.games.tokaido import Setup
from hardware.panel import LedMode
from sim.app_driver import buttons, pump, tap, wait_for
from tests.tokaido.boards import INVENTED_ROAD


def screen(app):
    return app.manager.get_screen("other")


def start_tokaido_with_a_road(app) -> None:
    """New game -> Tokaido -> Start, set up as a saved game with the invented road model."""
    GameSession.new(app.controller.store, "tokaido",
                    Setup(("green", "purple"), "blue", 4, 1, INVENTED_ROAD, ("blue", "green", "purple")))
    tap("New game")
    tap("Tokaido")
    tap("Start")


def start_euphoria_with_a_deck(app) -> None:
    """New game -> Euphoria -> Start, set up as a saved game with the invented deck; the workers tapped."""
    from companion.games.euphoria import Setup as EuphoriaSetup, level, parse_deck
    from tests.euphoria.decks import invented_deck_text

    deck = parse_deck(invented_deck_text(), level("intermediate"))
    GameSession.new(app.controller.store, "euphoria", EuphoriaSetup("intermediate", 1, ("icarus", "subterra"), deck=deck))
    tap("New game")
    tap("Euphoria")
    tap("Start")
    for value in "35162245":
        tap(value)


def test_new_game_offers_the_three_games(app):
    tap("New game")
    assert app.manager.current == "new_game"
    shown = {b.text for b in buttons()}
    assert {"Automata", "Tokaido", "Euphoria"} <= shown
    tap("Automata")
    assert app.manager.current == "setup"


@pytest.mark.slow
def test_a_tokaido_journey_by_taps_with_undo_and_resume(app):
    GameSession.new(app.controller.store, "tokaido",  # the road entered once; new games reuse it
                    Setup(("green", "purple"), "blue", 4, 1, INVENTED_ROAD, ("blue", "green", "purple")))
    tap("New game")
    tap("Tokaido")
    tap("Start")
    assert app.manager.current == "other"
    game = app.controller.other.session.game
    assert game.setup.road == INVENTED_ROAD
    assert screen(app).question.startswith("Your turn")  # the first to leave Kyoto moves first
    tap(screen(app).choices[0].text)
    assert screen(app).question.startswith("Green's turn")
    tap("2 Temple")
    assert any(t.startswith("Green: ") and " space, the " in t for t in screen(app).said_text.splitlines())
    assert screen(app).question.startswith("Purple's turn")
    before = app.controller.other.session.game.to_json()["positions"]
    tap("3")
    moved = app.controller.other.session.game.to_json()["positions"]
    assert moved["purple"] != before["purple"]
    tap("Undo")
    assert app.controller.other.session.game.to_json()["positions"] == before
    assert screen(app).question.startswith("Purple's turn")
    tap("1 Inn")
    game_id = app.controller.other.session.game_id
    positions = app.controller.other.session.game.to_json()["positions"]

    app.go_home()
    pump(2)
    line = next(b for b in buttons(app.root) if "Tokaido" in b.text and b.game_id == game_id)
    assert "in play" in line.text and "Green, Purple" in line.text
    line.trigger_action(0)
    pump(1)
    assert app.manager.current == "other"
    assert app.controller.other.session.game.to_json()["positions"] == positions


@pytest.mark.slow
def test_the_meals_are_tapped_price_by_price_and_back_takes_one_back(app):
    start_tokaido_with_a_road(app)
    table = app.controller.other
    for _ in range(40):
        if screen(app).question.startswith("Meal 1"):
            break
        tap(screen(app).choices[-1].text)  # the farthest: the Inn soonest
    assert screen(app).question.startswith("Meal 1 of 4")
    tap("3")
    tap("2")
    assert table.tapped() == "meals 3 2"
    tap("Back")
    assert table.tapped() == "meals 3" and screen(app).question.startswith("Meal 2 of 4")


@pytest.mark.slow
def test_a_euphoria_game_by_taps_with_the_panel_undo_and_resume(app):
    tap("New game")
    tap("Euphoria")
    tap("Icarus")
    tap("Subterra")
    tap("Start")
    assert app.manager.current == "other"
    assert screen(app).question.startswith("Black's worker 1 of 4")
    for value in "35162245":
        tap(value)
    table = app.controller.other
    assert table.session.game.waiting_for() == "support"
    events = table.session.store.effective_events(table.session.game_id)
    assert events == ["workers 3 5 1 6 2 2 4 5"]
    for text in ("Commodity", "Commodity", "Icarus", "Own faction", "No ▲",
                 "Commodity", "Commodity", "Own faction", "Subterra", "▲ yes"):
        tap(text)
    assert [line for line in screen(app).said_text.splitlines() if line.startswith(("Black: ", "White: "))]
    said = screen(app).said_text
    assert app.panel.key("u")  # the panel's Undo, on the keyboard stand-in
    app._poll_panel(0)
    assert table.session.store.effective_events(table.session.game_id)[-1] == "support commodity commodity icarus own"
    assert screen(app).said_text != said
    game_id = table.session.game_id
    app.go_home()
    pump(2)
    next(b for b in buttons(app.root) if "Euphoria" in b.text and b.game_id == game_id).trigger_action(0)
    pump(1)
    assert app.manager.current == "other"
    assert app.controller.other.session.game.waiting_for() == "card"
    assert screen(app).question.startswith("Black's action")
    assert screen(app).status_text.endswith("10 tokens")


@pytest.mark.slow
def test_the_panels_confirm_plays_the_automas_turn(app):
    start_euphoria_with_a_deck(app)
    assert screen(app).question.startswith("When the people have played")
    assert app.panel.key("spacebar")
    app._poll_panel(0)
    events = app.controller.other.session.store.effective_events(app.controller.other.session.game_id)
    assert events[-1] == "next"
    assert "Action card" in screen(app).said_text


@pytest.mark.slow
def test_the_setup_screen_sets_the_game_up_and_back_leaves_it(app):
    tap("New game")
    tap("Tokaido")
    setup = app.manager.get_screen("other_setup")
    assert app.manager.current == "other_setup" and setup.title == "New game: Tokaido"
    tap("7")
    tap("Yellow")  # the You row comes before the Automas'
    assert "each Automa resolves 5 Difficulty Level cards" in setup.notes_text
    tap("Back")
    assert app.manager.current == "new_game"
    tap("Tokaido")
    tap("6")
    tap("Start")
    header = app.controller.other.session.store.header(app.controller.other.session.game_id)
    assert header["level"] == 6 and [s["colour"] for s in header["seats"]] == ["blue", "green", "purple"]


@pytest.mark.slow
def test_tokaido_with_the_crossroads_tapped_starts_each_automa_five_points_up(app):
    tap("New game")
    tap("Tokaido")
    tap("Crossroads")
    tap("Start")
    assert app.controller.other.session.game.setup.crossroads
    said = screen(app).said_text
    assert said.startswith("Crossroads: choose your Traveler.") and "+1, Crossroads +5 → 6." in said
    assert app.controller.other.status() == "Green 6 points  ·  Purple 6 points"


def test_euphoria_starts_once_your_two_recruits_are_tapped(app):
    tap("New game")
    tap("Euphoria")
    setup = app.manager.get_screen("other_setup")
    assert setup.problem.startswith("Tap your two recruits' factions")
    with pytest.raises(LookupError):
        tap("Start")  # not on offer yet
    tap("Wastelands")
    tap("Euphoria")
    assert setup.problem == ""
    tap("Expert")
    tap("Start")
    game = app.controller.other.session.game
    assert game.setup.level == "expert" and game.setup.recruits == ("wastelands", "euphoria")


def lit(app):
    return {led for led, mode in app.panel.led_modes().items() if mode is LedMode.ON}


@pytest.mark.slow
def test_the_panels_leds_show_whose_turn_it_is_on_the_game_screen(app):
    start_tokaido_with_a_road(app)
    assert lit(app) == {"seat1"}
    tap(screen(app).choices[0].text)  # your move: Green's turn
    assert lit(app) == {"automa"}
    assert app.panel.key("u")
    app._poll_panel(0)
    assert lit(app) == {"seat1"}


@pytest.mark.slow
def test_the_screen_answers_while_the_camera_reads_her_roll(app):
    """The look at the table runs on a thread of its own: the roll question is on the screen, her dice
    tappable, while the camera settles; what it read comes to the screen when it is done."""
    import threading

    from companion.line_games.table import READING_ROLL

    release = threading.Event()

    def slow_look():
        release.wait(60)  # longer than the test takes to reach her roll
        return None  # no picture

    app.controller.game_look = lambda kind: app.camera.in_background(slow_look)
    start_euphoria_with_a_deck(app)
    while app.controller.other.session.game.waiting_for() != "roll":
        tap({"next": "Automas' turn", "sites": "None", "completes": "No"}[app.controller.other.session.game.waiting_for()])
    assert screen(app).question.startswith("Her retrieved die 1 of")
    assert screen(app).refusal == READING_ROLL
    assert {"1", "6"} <= {b.text for b in buttons()}
    release.set()
    wait_for(lambda: "could not read her roll" in screen(app).refusal, "the look's line on the screen")
    # after a turn start, its check's line comes first (whether the roll follows one depends on the deal)
    assert screen(app).refusal.endswith("The camera could not read her roll: the camera gave no picture. Tap her dice.")
