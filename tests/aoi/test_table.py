"""Age of Innovation at the table: the card entry, the setup form, the panel's LEDs and the buttons offered."""
from __future__ import annotations

import pytest

from companion.games.aoi import AoiGame, Refused, Setup, parse_card_file
from companion.games.aoi.table import AOI
from companion.games.aoi.table.card_entry import CardEntry
from companion.line_games.choices import line_of
from companion.line_games.leds import PERSON_SEAT, Turn
from tests.aoi import table_game


def tap(entry: CardEntry, *texts: str) -> None:
    for text in texts:
        entry.choose(next(c for c in entry.step().choices if c.text == text))


def test_her_cards_entered_by_taps_make_a_card_file():
    entry = CardEntry()
    tap(entry, "Build", "Points X", "Done", "Marked buildings", "Merge", "Row A", "→ 3", "Scoring tile", "Middle",
        "Pass icon")
    assert entry.lines() == ["1: build ; points-x | marked merge a >3 tile middle | pass"]
    entry.tap_top("7")
    tap(entry, "Upgrade")
    assert entry.undo_label == "Undo tap" and entry.problem()
    entry.undo()
    entry.undo()
    assert entry.undo_label == "" and not parse_card_file(entry.text()).cards


def test_the_setup_form_makes_the_game_s_setup():
    form = AOI.setup_form(None, [])
    form.tap("level", "ultoma")
    form.tap("draws", "table")
    setup = form.setup(seed=4)
    assert setup == Setup("ultoma", 4, None, True) and not form.problem()
    assert AOI.setup_from_json(setup.to_json()) == setup


def test_the_leds_show_her_turn_while_she_plays_and_yours_otherwise():
    game = table_game()
    game.play("tile 3 law")
    assert AOI.whose_turn(game, []) == Turn(PERSON_SEAT)
    assert AOI.whose_turn(game, ["next"]) == Turn(automa=True)
    game.play("next")
    assert AOI.whose_turn(game, []) == Turn(automa=True) and AOI.mid_turn(game)


def test_a_card_new_to_the_app_is_tapped_area_by_area_after_its_number():
    game = AoiGame(Setup("automa", 1))
    for line in ("community law / build", "tile 2 law", "next"):
        game.play(line)
    parts = ["card 5"]
    for choice in ("build", "|", "unmarked", "", "b", "<2", "catchup", "right", "| -"):
        step = AOI.next_step(game, parts)
        assert step is not None and choice in [c.part for c in step.choices]
        parts.append(choice)
    assert AOI.next_step(game, parts) is None
    game.play(line_of(parts))
    assert game.known[5].areas() == "build | unmarked b <2 catchup right | -"


def test_where_the_table_draws_her_turn_starts_with_the_card_s_number_in_one_tap():
    """[L320–331]: each later turn draws one card; tapping its number is her turn's start. The first turn of a round
    draws two [L324]: the support card with the turn, then the action card."""
    game = table_game()
    game.play("tile 3 law")
    step = AOI.next_step(game, [])
    assert step is not None and [c.text for c in step.choices] == [str(n) for n in range(1, 7)] + ["You pass"]
    game.play(next(c.part for c in step.choices if c.text == "4"))
    assert game.waiting_for() == "card" and game.deck.support == [4]
    game.play("card 1")  # the action card: upgrade; one of her two workshops next to yours
    game.play("adjacent 1")
    assert not game.in_turn
    game.play("next card 6")
    assert game.deck.action == 6 and game.deck.support == [4, 1]


def test_her_turn_with_a_card_she_cannot_draw_is_refused_whole():
    """A card not in her deck: the line is refused and her turn has not started."""
    game = table_game()
    game.play("tile 3 law")
    before = game.to_json()
    with pytest.raises(Refused):
        game.play("next card 9")  # a reserve card at the Automa level [L229]
    assert game.to_json() == before and game.waiting_for() == "turn"



def test_catch_up_s_smallest_gap_is_one_tap_ties_included():
    """[L497, L519] II: the discipline nearest yours, then III the direction among those that tie: a button for
    each discipline and each set of them that tie. Her levels at the Automa level's start (fixture community card:
    law, medicine): banking and engineering are at 0 [L496]."""
    game = table_game()
    game.play("tile 3 law")
    game.play("next card 4")
    game.play("card 6")  # step; points-2, support card 4: → 1
    step = AOI.next_step(game, [])
    assert step is not None and [c.text for c in step.choices] == ["Banking", "Engineering", "Banking + Engineering"]
    game.play(step.choices[2].part)  # a tie: → 1 among banking, engineering counts banking
    assert game.her.levels["banking"] == 1 and not game.in_turn


def test_with_her_deck_empty_her_turn_is_a_plain_tap_and_she_passes():
    """[L330] "Ist der Automastapel leer, passt Automa": no card is drawn, so "Her turn" is offered, not numbers.
    Her 6 cards at the Automa level, drawn 3, 5 | 1 | 2 | 4 | 6: none turned with the pass icon [L332]."""
    game = table_game()
    for line in ("tile 3 law", "next card 3", "card 5", "power 0", "book 0", "next card 1", "adjacent 1",
                 "next card 2", "hexes 1", "next card 4", "hexes 1", "next card 6",
                 "gap banking engineering"):
        game.play(line)
    step = AOI.next_step(game, [])
    assert step is not None and [c.text for c in step.choices] == ["Her turn", "You pass"]
    game.play(step.choices[0].part)
    assert game.she_passed
