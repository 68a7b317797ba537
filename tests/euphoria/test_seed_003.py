"""The Euphoria Automa made whole against its rulebook (seed 003) and issue 46: the allegiance's two
tokens, the factions drawn at the table, the most active recruits, the Automas' own workers on
construction sites, a person's win, each question said once and every prompt in full."""
from __future__ import annotations

import pytest

from companion.games.euphoria import EuphoriaGame, Refused, Setup
from tests.line_games.helpers import converse
from tests.euphoria import said, said_at_setup

SOLO = Setup("intermediate", seed=1, recruits=("icarus", "subterra"))  # the Automas draw Wastelands and Euphoria


def started(setup: Setup = SOLO) -> EuphoriaGame:
    game = EuphoriaGame(setup)
    game.play("workers 3 5 1 6 2 2 4 5")  # black 3 5 1 6, white 2 2 4 5
    return game


def drawn_at_the_table() -> Setup:
    return Setup("intermediate", seed=1, recruits=("icarus", "subterra"), drawn=("wastelands", "euphoria"))


def test_an_automa_places_at_most_two_authority_tokens_through_its_allegiance():
    """Seed 003, "Automa allegiance": "The Automas will get to place up to 2 authority tokens for that
    faction": one the first time its recruits are activated, one more at the last tier."""
    game = started()
    for _ in range(2):
        assert said(game, "allegiance black") == ["Black: 1 authority token next to the allegiance track."]
    with pytest.raises(Refused, match="Black has placed both of its allegiance tokens"):
        game.play("allegiance black")
    assert game.scores() == {"black": 2, "white": 0}  # 10 tokens, 8 left: the third was not placed
    assert said(game, "allegiance white") == ["White: 1 authority token next to the allegiance track."]


def test_the_table_enters_the_factions_it_drew_for_the_automas():
    """Seed 003, "Automa faction selection": the table draws the faction/penalty cards; issue 46: the app
    takes the factions it drew rather than drawing its own."""
    setup = drawn_at_the_table()
    game = EuphoriaGame(setup)
    assert SOLO.factions == ("euphoria", "wastelands")  # what the app would have drawn: the other way round
    assert game.table.automas["black"].faction == "wastelands" and game.table.automas["white"].faction == "euphoria"
    assert said_at_setup(game)[0].startswith("Black Automa: faction Wastelands.")
    assert Setup.from_json(setup.to_json()) == setup  # kept with the game, so a resumed game keeps them


@pytest.mark.parametrize("drawn, why", [
    (("icarus", "euphoria"), "not one of your recruits'"),    # 2a: black's differs from your two recruits'
    (("euphoria", "euphoria"), "not black's"),                # 2b: white's differs from black's too
])
def test_factions_the_draw_cannot_give_with_one_person_are_refused(drawn, why):
    with pytest.raises(ValueError, match=why):
        Setup(recruits=("icarus", "subterra"), drawn=drawn)


def test_with_two_people_the_drawn_factions_need_not_differ():
    """Seed 003, step 3: "the factions don't need to be different from those of other players"."""
    game = EuphoriaGame(Setup(people=2, drawn=("icarus", "icarus")))
    assert [a.faction for a in game.table.automas.values()] == ["icarus", "icarus"]


def test_the_automas_factions_count_towards_the_most_active_recruits():
    """Seed 003, step 6: "The Automas' factions count towards determining which factions have the most
    active recruits"."""
    assert ("The Automas' factions count towards the most active recruits: Black's Wastelands and White's "
            "Euphoria.") in said_at_setup(EuphoriaGame(drawn_at_the_table()))


def test_the_app_remembers_its_own_automas_workers_on_construction_sites_across_turns():
    """Seed 003, construct(ed) market table, row 1: "Spaces on construction sites where there's already a
    worker". Black's worker stays on its site from one turn to the next, so White joins it though the
    table tells no person's worker on any site."""
    game = started()
    game.play("support commodity commodity icarus icarus")
    game.play("card construct commodity subterra subterra")
    # Black constructs from Icarus: no site has a worker, so row 2, the circle's first area with a site,
    # the Wastelands (Icarus has none), its bottom site, with her highest worker, the 6.
    assert said(game, "sites none")[0] == ("Black: knowledge 6 worker on the bottommost space of the construction "
                                          "site of the bottom Wastelander market.")
    game.play("card commodity construct icarus icarus")  # the support card now shows Subterra for both
    # White constructs from Subterra: row 1, Black's site, with her highest worker left (2 2 4, the 5 placed).
    assert said(game, "sites none") == ["White: knowledge 4 worker on the bottommost free space of the "
                                       "construction site of the bottom Wastelander market."]
    assert game.waiting_for() == "completes"


def test_a_persons_win_ends_the_game():
    """The base game ends when a player places their last authority token (issue 46: a person's win ends
    the game too, not only an Automa's)."""
    game = started(Setup(people=2))
    game.play("allegiance white")
    with pytest.raises(Refused, match="won 1 or won 2"):
        game.play("won 3")
    assert said(game, "won 2") == ["Person 2 has placed all their authority tokens: they win."]
    assert game.waiting_for() == "over" and game.winners() == ["person 2"]
    assert game.scores() == {"black": 0, "white": 1}
    with pytest.raises(Refused, match="the game is over: person 2 placed all their authority tokens"):
        game.play("next")


def test_each_question_is_said_once_and_every_prompt_in_full(tmp_path):
    """Issue 46: a question is the prompt, not a line said before it too; the prompt names every word the
    table may type, as the seed names the card's icons (action and faction icons) and the between-turn
    events of the base game."""
    events = iter(["workers 3 5 1 6 2 2 4 5", "support commodity commodity icarus icarus",
                   "card construct commodity subterra subterra"])
    asked: list = []
    lines = converse(["--game", "euphoria", "--db", str(tmp_path / "g.db"), "--new", "--recruits", "icarus,subterra",
                      "--factions", "wastelands,euphoria"],
                     lambda question, said: asked.append(question) or next(events, None))
    assert sum("Construction sites with a person's worker on them" in line for line in lines) == 1
    assert asked[-1].startswith("Construction sites with a person's worker on them (the app knows the Automas'): "
                                "sites MARKET... (AREA-top or AREA-bottom, AREA one of euphoria, subterra, "
                                "wastelands) or sites none")
    card = asked[2]
    assert card.startswith("The new Automa card: card BLACK-ACTION WHITE-ACTION BLACK-FACTION WHITE-FACTION")
    for word in ("commodity", "tunnel-breeze-bar", "tunnel-sky-lounge", "artifact", "construct",
                 "icarus", "wastelands", "subterra", "euphoria", "own",
                 "built MARKET", "bump black|white KNOWLEDGE ROLLED", "allegiance black|white", "won 1"):
        assert word in card


def test_the_roll_prompt_says_whose_dice_and_how_many():
    """Seed 003, "Retrieve Automa workers": with exactly 1 available worker and the retrieve action (the
    commodity action, ruling E3) she retrieves; the prompt names her and how many dice to roll."""
    game = started()
    game.play("support commodity commodity icarus icarus")
    for _ in range(3):  # black places her 6, 5 and 3 on the Icarus commodity area: her 1 is left
        game.play("card commodity commodity icarus icarus")
    game.play("card commodity commodity icarus icarus")
    assert game.prompt() == "Roll the 3 dice Black retrieved: roll V V V (each 1 to 6)"
