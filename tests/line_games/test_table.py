"""A game of Tokaido or Euphoria as the touchscreen plays it (``OtherGameTable``): a line tapped part
by part and played once complete, Back, Undo, a refusal, the panel's buttons, and its LEDs showing
whose turn it is (on the keyboard stand-in and on gpiozero's mock pins)."""
from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import PanelConfig
from companion.games.euphoria import EuphoriaGame, Setup as EuphoriaSetup, level, parse_deck
from companion.line_games.choices import Choice
from companion.games.registry import kind_named
from companion.line_games.leds import Turn
from companion.line_games.table import OtherGameTable
from companion.store import GameStore
from companion.games.tokaido import Setup as TokaidoSetup, TokaidoGame
from hardware.panel import KeyboardPanel, LedMode, PanelEvent, open_panel
from tests.euphoria.decks import invented_deck_text
from tests.tokaido.boards import INVENTED_ROAD

ROAD = TokaidoSetup(("green", "purple"), "blue", 4, 1, INVENTED_ROAD, ("blue", "green", "purple"))
ROADLESS = TokaidoSetup(("green", "purple"), "blue", 4, 1)
DECK = EuphoriaSetup("intermediate", 1, ("icarus", "subterra"),
                     deck=parse_deck(invented_deck_text(), level("intermediate")))


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path / "games.sqlite3") as opened:
        yield opened


def tap(table: OtherGameTable, text: str):
    step = table.step()
    return table.choose(next(c for c in step.choices + step.also if c.text == text))


def events(table: OtherGameTable):
    return table.session.store.effective_events(table.session.game_id)


def leds(panel):
    modes = panel.led_modes()
    return {led: mode for led, mode in modes.items() if mode is not LedMode.OFF}


def test_a_line_is_played_once_its_last_part_is_tapped(store):
    table = OtherGameTable.new(store, "tokaido", ROADLESS)
    assert table.said[:2] == ["Green: her colour token and 1 coin. +1 → 1.", "Purple: her colour token and 1 coin. +1 → 1."]
    assert tap(table, "Green's card") is None and tap(table, "2 Temple") is None
    assert table.tapped() == "green card 2 temple" and events(table) == []
    answer = tap(table, "Paddy")
    assert answer is None and table.step().question == "The second free space ahead of her"
    answer = tap(table, "Temple")
    assert answer.ok and events(table) == ["green card 2 temple ahead paddy temple"]
    assert table.parts == [] and table.said == answer.lines
    assert table.status() == "Green 3 points  ·  Purple 1 points"


def test_back_takes_back_one_tap_and_undo_the_line_being_tapped_before_the_last_one_played(store):
    table = OtherGameTable.new(store, "tokaido", ROADLESS)
    for text in ("Purple's card", "1", "Inn"):
        tap(table, text)
    said = table.said
    tap(table, "Green's card")
    tap(table, "3")
    table.back()
    assert table.tapped() == "green card" and table.step().question == "Green's card: tap its range and icon"
    assert table.undo().ok  # the line being tapped goes; purple's move stands
    assert table.parts == [] and events(table) == ["purple card 1 ahead inn"] and table.said == said
    assert table.undo().ok
    assert events(table) == [] and table.said == ["Undone: the last thing told is taken back."]
    answer = table.undo()
    assert not answer.ok and table.refusal == "There is nothing to undo"


def test_a_refused_line_is_not_saved_and_says_why(store):
    table = OtherGameTable.new(store, "tokaido", ROAD)
    said = table.said
    answer = table.choose(Choice("9", "card 9", ends=True))
    assert not answer.ok and table.refusal == answer.reason and answer.reason
    assert events(table) == [] and table.said == said and table.parts == []
    tap(table, table.step().choices[0].text)  # your move: accepted, the refusal is gone
    assert table.refusal == "" and len(events(table)) == 1


def test_a_card_pairs_lines_are_kept_while_its_questions_are_answered(store):
    table = OtherGameTable.new(store, "euphoria", EuphoriaSetup(recruits=("icarus", "subterra")))
    for value in "35162245":
        tap(table, value)
    for text in ("Commodity", "Artifact", "Icarus", "Own faction", "No ▲",
                 "Construct", "Commodity", "Own faction", "Subterra", "▲ yes"):
        tap(table, text)
    assert table.session.game.waiting_for() == "sites"
    asked = list(table.said)
    tap(table, "None")
    assert table.said[:len(asked)] == asked and len(table.said) > len(asked)


def test_the_panels_confirm_plays_the_only_answer_and_does_nothing_with_several(store):
    table = OtherGameTable.new(store, "euphoria", DECK)
    assert table.press(PanelEvent("confirm")) is None  # the setup rolls: six values to choose from
    for value in "35162245":
        tap(table, value)
    assert table.press(PanelEvent("seat", 1)) is None
    answer = table.press(PanelEvent("confirm"))
    assert answer.ok and events(table)[-1] == "next"
    assert table.press(PanelEvent("undo")).ok and events(table)[-1] == "workers 3 5 1 6 2 2 4 5"


def test_whose_turn_tokaido_with_a_road_the_person_moves_then_each_automa():
    game = TokaidoGame(ROAD)
    assert kind_named("tokaido").whose_turn(game, []) == Turn(seat=1)  # blue leaves Kyoto first
    game.play("go 1")
    assert game.waiting_for() == "card green" and kind_named("tokaido").whose_turn(game, []) == Turn(automa=True)


def test_whose_turn_tokaido_without_a_road_is_known_once_her_card_is_tapped():
    game = TokaidoGame(ROADLESS)
    assert kind_named("tokaido").whose_turn(game, []) == Turn()
    assert kind_named("tokaido").whose_turn(game, ["green card"]) == Turn(automa=True)
    assert kind_named("tokaido").whose_turn(game, ["meals"]) == Turn()
    game.play("end 1 1 1 1 0")
    assert kind_named("tokaido").whose_turn(game, []) == Turn()  # over


def test_whose_turn_euphoria_the_people_then_the_automas():
    game = EuphoriaGame(DECK)
    assert kind_named("euphoria").whose_turn(game, []) == Turn(automa=True)  # their workers rolled at setup
    game.play("workers 3 5 1 6 2 2 4 5")
    assert kind_named("euphoria").whose_turn(game, []) == Turn(seat=1)
    euphoria = kind_named("euphoria")
    assert euphoria.whose_turn(game, ["built"]) == Turn(seat=1)  # told between turns, still the people's
    two = EuphoriaGame(EuphoriaSetup("intermediate", 1, people=2, deck=DECK.deck))
    two.play("workers 3 5 1 6 2 2 4 5")
    assert kind_named("euphoria").whose_turn(two, []) == Turn()  # which of the two plays is not known
    roadless = EuphoriaGame(EuphoriaSetup(recruits=("icarus", "subterra")))
    roadless.play("workers 3 5 1 6 2 2 4 5")
    assert kind_named("euphoria").whose_turn(roadless, []) == Turn(seat=1)
    assert euphoria.whose_turn(roadless, ["support commodity"]) == Turn(automa=True)  # her card pair


def test_the_keyboard_panels_leds_follow_every_change(store):
    panel = KeyboardPanel(4)
    table = OtherGameTable.new(store, "tokaido", ROAD, panel)
    assert leds(panel) == {"seat1": LedMode.ON}
    tap(table, table.step().choices[0].text)
    assert leds(panel) == {"automa": LedMode.ON}
    table.undo()
    assert leds(panel) == {"seat1": LedMode.ON}
    resumed = OtherGameTable.resume(store, table.session.game_id, KeyboardPanel(2))
    assert leds(resumed.panel) == {"seat1": LedMode.ON}


def test_the_gpio_panel_lights_the_seat_then_the_automa_and_its_undo_button_undoes(store):
    factory = MockFactory()
    try:
        config = PanelConfig(seat_buttons=(5, 6, 13), seat_leds=(17, 27, 22), confirm_button=26, undo_button=16,
                             automa_led=24, bounce_ms=50, blink_ms=50)
        panel = open_panel("gpio", **config.hardware_arguments(), pin_factory=factory)
        table = OtherGameTable.new(store, "euphoria", DECK, panel)
        for value in "35162245":
            tap(table, value)
        assert factory.pin(17).state and not factory.pin(24).state  # the person's turn
        factory.pin(26).drive_low()  # Confirm: the Automas' turn
        factory.pin(26).drive_high()
        for event in panel.drain():
            table.press(event)
        assert events(table)[-1] == "next"
        assert factory.pin(24).state and not factory.pin(17).state
        factory.pin(16).drive_low()  # Undo
        for event in panel.drain():
            table.press(event)
        assert events(table)[-1] == "workers 3 5 1 6 2 2 4 5" and factory.pin(17).state
        panel.close()
    finally:
        factory.reset()
