"""The variant "Zu zweit mit Automa" [L531–550]: two of you with her. She plays Die Unscheinbaren, sits third and
gets a random unchosen round bonus [L539–541]; "du" means both of you [L545–550] (B16); the round ends once all
three have passed, and her order marker goes to the topmost free space [L354]."""
from __future__ import annotations

import pytest

from companion.games.aoi import AoiGame, Refused, Setup, wording
from companion.games.aoi.table import AOI
from tests.aoi import fixture_cards, said


def two_of_you() -> AoiGame:
    """Two of you at the Automa level, the table drawing her cards (the fixture's)."""
    return AoiGame(Setup("automa", 1, fixture_cards(), table_draws=True, players=2))


def test_the_setup_says_her_community_her_seat_and_her_random_bonus():
    """[L539] "Automa spielt die Gemeinschaft Die Unscheinbaren"; [L540] she always sits third; [L541] one random
    round bonus of those not chosen, 6 in play."""
    lines = [wording.line(e) for e in two_of_you().setup_events()]
    assert lines[0].endswith("Her score on 20; once you have chosen your communities, shuffle the round bonuses "
                             "not chosen and give her one at random (6 in play).")
    assert lines[1].endswith("Two of you with her: she plays Die Unscheinbaren; choose between you who starts, and "
                             "her order marker goes on the third space. Her rules' \"you\" means both of you.")


def test_after_you_both_pass_she_plays_on_and_takes_the_third_space():
    """[L354] "auf das oberste freie Feld": both of you passed first, so the third. Her round by hand: 4 | 1
    (upgrade, one workshop next to yours) | 6 (step: gap to engineering) | 2 (build, 1 hex) | 3, the 5th of 6:
    turned, with the pass icon [L332]. The first to pass, one of you, starts round 2."""
    game = two_of_you()
    said(game, "tile 3 law", "passed")
    assert not game.you_passed and not game.hers_next
    said(game, "passed")
    with pytest.raises(Refused, match="you have both passed"):
        game.play("passed")
    assert game.hers_next
    said(game, "next card 4", "card 1", "adjacent 1", "next card 6", "gap engineering", "next card 2", "hexes 1")
    lines = said(game, "next card 3")
    assert "Her order marker on space 3." in lines[2]
    assert lines[3] == "Round 2: remove the last round's tile. You start. Her shipping value: 0."


def test_the_round_ends_only_once_both_of_you_have_passed():
    """Each of you passes [L356]; she passed second, so her marker on space 2, and the round goes on until the
    other of you passes."""
    game = two_of_you()
    said(game, "tile 3 law", "passed", "next card 4", "card 1", "adjacent 1", "next card 6", "gap engineering",
         "next card 2", "hexes 1")
    assert "Her order marker on space 2." in said(game, "next card 3")[2]
    assert game.round == 1 and game.waiting_for() == "turn"
    step = AOI.next_step(game, [])
    assert step is not None and [c.text for c in step.choices] == ["One of you passes"]
    assert said(game, "passed") == ["Round 2: remove the last round's tile. You start. Her shipping value: 0."]


def test_her_methods_that_name_you_mean_both_of_you():
    """[L548] upgrade: "Euch beiden zusammen am wenigsten Macht geben"; [L550] selection methods about a person
    (nearest, power) look at both; [L521] (B16) catch-up II: the gap to your joint highest marker."""
    game = two_of_you()
    said(game, "tile 3 law", "next card 4", "card 1")  # upgrade: her 2 workshops
    assert "Keep her workshops next to one of the buildings of either of you" in game.prompt()
    game.play("adjacent 2")
    assert game.prompt().startswith("Keep those whose upgrade gives you both together the least power.")
    said(game, "least 1", "next card 6")  # step: banking and engineering at 0 [L518]
    assert "is her marker nearest your joint highest marker there, above or below?" in game.prompt()


def test_the_end_asks_both_your_scores_and_names_the_winner_of_three():
    """[L527] her tally as alone; each of you enters a final score; the highest wins."""
    game = two_of_you()
    game.round = 7  # past round 6: the end's questions
    game.her.score = 61
    for line in ("knowledge 12", "area 18", "communityscore 4", "extra 3", "score 9 7"):
        game.play(line)
    assert game.waiting_for() == "partnerscore"
    events = game.play("partnerscore 12 0")
    assert game.scores() == {"automa": 98, "you": 97, "partner": 120} and game.winners() == ["partner"]
    assert wording.line(events[0]).endswith("yours 97 and 120.")


def test_the_setup_keeps_how_many_of_you_play():
    form = AOI.setup_form(None, [])
    form.tap("players", "2")
    setup = form.setup(seed=3)
    assert setup.players == 2 and AOI.setup_from_json(setup.to_json()) == setup
    assert [s["colour"] for s in setup.to_json()["seats"]] == ["you", "partner", "automa"]
