"""The setup of a new game of Tokaido or Euphoria as the touchscreen offers it: rows of options
prefilled from the latest game of that kind, the taps that change them, and the setup they make."""
from __future__ import annotations

import pytest

from companion.games.euphoria import Setup as EuphoriaSetup, level, parse_deck
from companion.line_games.session import GameSession
from companion.line_games.setup_form import setup_form
from companion.store import GameStore
from companion.games.tokaido import Setup as TokaidoSetup, parse_road
from tests.euphoria.decks import invented_deck_text
from tests.tokaido.boards import INVENTED_ROAD, INVENTED_ROAD_TEXT


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path / "games.sqlite3") as opened:
        yield opened


def row(form, key):
    return next(r for r in form.rows() if r.key == key)


def chosen(form, key):
    return [o.text for o in row(form, key).options if o.chosen]


def value(form, key, text):
    return next(o.value for o in row(form, key).options if o.text == text)


def tap(form, key, text):
    form.tap(key, value(form, key, text))


def test_a_first_tokaido_game_is_offered_the_defaults_and_no_road(store):
    form = setup_form(store, "tokaido")
    assert [r.key for r in form.rows()] == ["level", "you", "automas", "road", "expansions"]  # no order without a road
    assert [o.text for o in row(form, "expansions").options] == ["Crossroads", "Matsuri", "Journey of Initiation",
                                                                 "Preparations"]
    assert chosen(form, "expansions") == []
    assert chosen(form, "level") == ["4"] and chosen(form, "you") == ["Blue"]
    assert chosen(form, "automas") == ["Green", "Purple"]
    assert [o.text for o in row(form, "road").options] == ["None", "Enter a road…"]
    assert form.notes() == ["Level 4: no changes to the game."]
    setup = form.setup(seed=9)
    assert setup == TokaidoSetup(("green", "purple"), "blue", 4, 9)


def test_tokaido_is_prefilled_as_the_latest_game_with_its_road_and_leaving_order(store):
    GameSession.new(store, "tokaido", TokaidoSetup(("purple", "yellow"), "green", 6, 1, INVENTED_ROAD,
                                                   ("yellow", "green", "purple")))
    form = setup_form(store, "tokaido")
    assert chosen(form, "level") == ["6"] and chosen(form, "you") == ["Green"]
    assert chosen(form, "automas") == ["Purple", "Yellow"]
    assert chosen(form, "road")[0].startswith(f"{INVENTED_ROAD.end} spaces · ")
    assert [o.text for o in row(form, "order").options] == ["1st Yellow", "2nd Green", "3rd Purple"]
    assert form.notes() == ["Level 6: each Automa resolves 3 Difficulty Level cards at setup.",
                            "Leaving Kyoto: tap who leaves first."]
    setup = form.setup()
    assert setup.road == INVENTED_ROAD and setup.leaving_order == ("yellow", "green", "purple")


def test_the_expansions_are_tapped_on_and_off_and_prefilled_from_the_latest_game(store):
    form = setup_form(store, "tokaido")
    tap(form, "expansions", "Crossroads")
    tap(form, "expansions", "Matsuri")
    tap(form, "expansions", "Matsuri")
    assert chosen(form, "expansions") == ["Crossroads"]
    assert form.header()["crossroads"] is True and form.header()["matsuri"] is False
    setup = form.setup(seed=2)
    assert setup.crossroads and not setup.matsuri
    GameSession.new(store, "tokaido", setup)
    assert chosen(setup_form(store, "tokaido"), "expansions") == ["Crossroads"]


def test_tokaido_colours_stay_three_different_ones(store):
    form = setup_form(store, "tokaido")
    tap(form, "you", "Green")  # green was an Automa's: she takes your blue
    assert chosen(form, "you") == ["Green"] and chosen(form, "automas") == ["Blue", "Purple"]
    assert "Green" not in [o.text for o in row(form, "automas").options]
    tap(form, "automas", "Grey")  # a third: the Automa chosen first lets hers go
    assert form.header()["seats"] == [{"colour": "green", "kind": "person"}, {"colour": "purple", "kind": "automa"},
                                      {"colour": "grey", "kind": "automa"}]
    tap(form, "automas", "Grey")  # a chosen one tapped again is let go
    assert form.problem() == "Tap the two Automas' colours."
    with pytest.raises(ValueError, match="two Automas"):
        form.setup()


def test_the_leaving_order_follows_the_taps_and_the_colours(store):
    GameSession.new(store, "tokaido", TokaidoSetup(("green", "purple"), "blue", 4, 1, INVENTED_ROAD,
                                                   ("blue", "green", "purple")))
    form = setup_form(store, "tokaido")
    form.tap("order", "purple")
    assert form.header()["leaving_order"] == ["purple", "blue", "green"]
    tap(form, "automas", "Yellow")  # green lets her colour go: yellow leaves last in her place
    assert form.header()["leaving_order"] == ["purple", "blue", "yellow"]
    tap(form, "road", "None")
    assert [r.key for r in form.rows()] == ["level", "you", "automas", "road", "expansions"]
    assert form.header()["road"] is None and form.header()["leaving_order"] == []
    assert form.setup().road is None


def test_each_road_entered_is_offered_once_the_latest_first(store):
    other = parse_road(INVENTED_ROAD_TEXT.replace("farm shop hot-spring", "farm shop"))
    for road in (INVENTED_ROAD, other, INVENTED_ROAD):
        GameSession.new(store, "tokaido", TokaidoSetup(("green", "purple"), "blue", 4, 1, road, ("blue", "green", "purple")))
    form = setup_form(store, "tokaido")
    texts = [o.text.split(" · ")[0] for o in row(form, "road").options]
    assert texts == ["None", f"{INVENTED_ROAD.end} spaces", f"{other.end} spaces", "Enter a road…"]
    tap(form, "road", row(form, "road").options[2].text)
    assert form.setup().road == other


def test_a_first_euphoria_game_asks_for_your_two_recruits(store):
    form = setup_form(store, "euphoria")
    assert [r.key for r in form.rows()] == ["level", "people", "recruits", "factions", "deck", "options"]
    assert chosen(form, "level") == ["Intermediate"] and chosen(form, "people") == ["1 person"]
    assert chosen(form, "factions") == ["App draws"]
    assert form.problem().startswith("Tap your two recruits' factions")
    tap(form, "recruits", "Icarus")
    tap(form, "recruits", "Subterra")
    assert form.problem() == ""
    assert form.setup(seed=4) == EuphoriaSetup("intermediate", 4, ("icarus", "subterra"))
    assert form.notes() == ["Intermediate: an Automa deck of 6 green; each of the two add-in decks "
                            "2 green, 1 black, 1 white, 1 purple."]


def test_with_two_people_or_any_faction_the_recruits_do_not_matter(store):
    form = setup_form(store, "euphoria")
    tap(form, "options", "Any faction (solo variant)")
    assert "recruits" not in [r.key for r in form.rows()] and form.problem() == ""
    tap(form, "options", "Any faction (solo variant)")
    tap(form, "people", "2 people")
    assert [o.text for o in row(form, "options").options] == ["Antiques Bazaar"]  # the variant is solo only
    tap(form, "options", "Antiques Bazaar")
    setup = form.setup()
    assert setup.people == 2 and setup.bazaar and not setup.any_faction
    assert [s["kind"] for s in setup.to_json()["seats"]] == ["person", "person", "automa", "automa"]


def test_euphoria_is_prefilled_as_the_latest_game_and_its_deck_is_checked_against_the_level(store):
    deck = parse_deck(invented_deck_text(), level("expert"))
    GameSession.new(store, "euphoria", EuphoriaSetup("expert", 1, ("wastelands", "euphoria"), bazaar=True, deck=deck))
    form = setup_form(store, "euphoria")
    assert chosen(form, "level") == ["Expert"] and chosen(form, "recruits") == ["Wastelands", "Euphoria"]
    assert chosen(form, "deck")[0].startswith(f"{len(deck.cards)} cards · ")
    assert chosen(form, "options") == ["Antiques Bazaar"]
    assert form.setup().deck == deck
    beginner_only = parse_deck("".join(line for line in invented_deck_text().splitlines(keepends=True)
                                       if not line.startswith(("B15", "W18"))))  # 2 black, 2 white
    GameSession.new(store, "euphoria", EuphoriaSetup("beginner", 1, ("icarus", "subterra"), deck=beginner_only))
    form = setup_form(store, "euphoria")
    assert form.problem() == ""
    tap(form, "level", "Expert")
    assert form.problem().startswith("That deck cannot be used at this level: the expert level deals")
    assert form.problem().endswith("the file needs 1 more black, 1 more white.")
    with pytest.raises(ValueError, match="That deck cannot be used"):
        form.setup()
    tap(form, "deck", "None")
    assert form.problem() == "" and form.setup().deck is None


def test_the_factions_drawn_at_the_table_can_be_entered_for_both_automas(store):
    """Issue 46: the table can enter the factions it actually drew for the Automas (seed 003, "Automa faction
    selection": with one person black's differs from your recruits', white's from those and black's)."""
    form = setup_form(store, "euphoria")
    tap(form, "recruits", "Icarus")
    tap(form, "recruits", "Subterra")
    tap(form, "factions", "Euphoria card")
    assert form.problem() == "Tap White's faction as drawn too, or App draws."
    tap(form, "factions", "Black: Euphoria")
    assert chosen(form, "factions") == ["Black, White: Euphoria"]
    assert form.problem().startswith("Those factions cannot be drawn: with one person white draws again")
    tap(form, "factions", "Wastelands card")  # a third tap starts again with black's
    tap(form, "factions", "Euphoria card")
    assert chosen(form, "factions") == ["Black: Wastelands", "White: Euphoria"] and form.problem() == ""
    assert form.setup(seed=4).factions == ("wastelands", "euphoria")
    tap(form, "factions", "App draws")
    assert form.setup(seed=4).drawn == ()


def test_tokaido_plays_with_the_journey_of_initiation_and_the_preparations_coins_tapped(store):
    """Seed 001, "Variations": the Journey of Initiation and the Preparations, each Automa scoring 3 points
    for each additional coin; each tap on Preparations gives one more coin, up to 5, then none."""
    form = setup_form(store, "tokaido")
    tap(form, "expansions", "Journey of Initiation")
    tap(form, "expansions", "Preparations")
    tap(form, "expansions", "Preparations +1 coin")
    assert chosen(form, "expansions") == ["Journey of Initiation", "Preparations +2 coins"]
    assert form.notes()[-1] == "Preparations: 2 coins more each; tap again for one more."
    setup = form.setup(seed=1)
    assert setup.initiation and setup.preparations == 2
    for _ in range(4):  # 3, 4, 5, then none
        form.tap("expansions", "preparations")
    assert form.setup(seed=1).preparations == 0 and "Preparations" in [o.text for o in row(form, "expansions").options]
