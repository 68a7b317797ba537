"""The pure comparison: engine state and dice per zone in, a report with plain sentences out."""
from __future__ import annotations

from types import SimpleNamespace

from companion.games.automata.rules import Forfeit, Nudge, Place, Reroll, Roll, Scavenge, apply_action
from companion.games.automata.sync import (Doubt, ObservedTable, SyncReport, expected_dice, settle_unsure_readings,
                            sync_table)
from tests.rules.builders import activation_state, deployment_state

ALL_ZONES = ["tray", "staging.scavenge", "staging.create", "staging.upgrade", "staging.research", "staging.market",
             "spaces.scavenge", "spaces.create", "spaces.upgrade", "spaces.market",
             "seat1.spent", "seat1.reserve", "seat2.spent", "seat2.reserve"]


def die(text: str, colour: str) -> SimpleNamespace:
    die_type, value = text.split(":")
    return SimpleNamespace(die_type=die_type, value=int(value), colour=colour, confidence=1.0)


def table_of(state, zones=ALL_ZONES):
    """The readings of a table that shows exactly ``state`` (Spent/Reserve dice show a 1)."""
    by_zone = {z: [] for z in zones}
    for location, counter in expected_dice(state).items():
        for (seat, die_type, value), n in counter.items():
            zone = "tray" if location == "available" else (
                f"seat{seat + 1}.{location}" if location in ("spent", "reserve") else location)
            if zone in by_zone:
                by_zone[zone] += [die(f"{die_type}:{value or 1}", state.seats[seat].colour)] * n
    return by_zone


def observe(state, by_zone):
    return ObservedTable.from_zones(by_zone, state.colours)


def move(by_zone, text, colour, src, dst, value=None):
    for reading in by_zone[src]:
        if (reading.die_type, reading.value, reading.colour) == (text.split(":")[0], int(text.split(":")[1]), colour):
            by_zone[src].remove(reading)
            moved = SimpleNamespace(**vars(reading))
            if value is not None:
                moved.value = value
            by_zone[dst].append(moved)
            return
    raise AssertionError(f"no {colour} {text} in {src}")


def deploy():
    return deployment_state(["red", "blue"], {"red": "d4:2 d4:3 d6:5 d8:7", "blue": "d4:1 d6:6"}, gears={"red": 2})


def test_a_table_that_matches_is_in_sync():
    state = deploy()
    report = sync_table(state, observe(state, table_of(state)))
    assert report.in_sync and not report.mismatches and not report.proposal
    assert report.summary() == "The table matches the game."


def test_a_placement_is_proposed_as_the_move():
    state = deploy()
    table = table_of(state)
    move(table, "d6:5", "red", "tray", "staging.create")
    report = sync_table(state, observe(state, table))
    assert report.proposal == (Place("red", ("d6", 5), "create"),)
    assert not report.mismatches and "red place d6:5 create" in report.summary()


def test_placing_a_die_of_the_seat_not_to_move_is_a_wrong_zone():
    state = deploy()
    table = table_of(state)
    move(table, "d6:6", "blue", "tray", "staging.market")
    report = sync_table(state, observe(state, table))
    assert not report.proposal and not report.accept
    [mismatch] = report.mismatches
    assert mismatch.kind == "wrong_zone" and mismatch.seat == 1
    assert mismatch.sentence == ("Blue's D6 showing 6 is on the Market staging area; "
                                 "the engine has it in the roll tray (Available).")
    assert mismatch.put_back == ("Move blue's D6 showing 6 from the Market staging area "
                                 "back to the roll tray (Available).")


def test_a_turned_die_offers_the_paid_change_only_when_it_is_legal():
    state = deploy()
    table = table_of(state)
    table["tray"][[r.value for r in table["tray"]].index(3)].value = 4  # red's D4 3 -> 4
    report = sync_table(state, observe(state, table))
    [mismatch] = report.mismatches
    assert mismatch.kind == "wrong_value"
    assert mismatch.sentence == "Red's D4 in the roll tray (Available) shows 4; the engine has 3."
    assert Nudge("red", ("d4", 3), 1) in {seq[0] for seq in report.accept_options}
    assert "Or accept the table as the move" in report.summary()
    broke = deployment_state(["red", "blue"], {"red": "d4:2 d4:3 d6:5 d8:7", "blue": "d4:1 d6:6"}, gears={"red": 0})
    report = sync_table(broke, observe(broke, table))
    assert report.mismatches and report.accept_options == ()


def test_missing_and_extra_dice():
    state = deploy()
    table = table_of(state)
    table["tray"] = [r for r in table["tray"] if not (r.colour == "red" and r.die_type == "d8")]
    table["staging.scavenge"].append(die("d4:4", "green"))
    table["staging.upgrade"].append(die("d6:2", "blue"))
    report = sync_table(state, observe(state, table))
    kinds = sorted(m.kind for m in report.mismatches)
    assert kinds == ["extra", "extra", "missing"]
    sentences = " ".join(m.sentence for m in report.mismatches)
    assert "Red's D8 showing 7 is missing from the roll tray (Available)." in sentences
    assert "a die of no seat's colour, D4 showing 4" in sentences
    assert "There is an extra die on the Upgrade staging area: blue's D6 showing 2." in sentences
    assert report.seats_concerned == {0, 1, None}


def test_a_die_seen_in_another_colour_is_named_as_such():
    state = deploy()
    table = table_of(state)
    red_d8 = next(r for r in table["tray"] if (r.die_type, r.colour) == ("d8", "red"))
    red_d8.colour = "blue"
    [mismatch] = sync_table(state, observe(state, table)).mismatches
    assert mismatch.kind == "wrong_colour" and mismatch.seat == 0
    assert mismatch.sentence == ("The camera sees blue's D8 showing 7 in the roll tray (Available), "
                                 "where the engine has red's D8 showing 7.")


def test_a_die_whose_colour_is_unsure_is_the_engines_die_of_another_seat_missing_there():
    state = deploy()
    table = table_of(state)
    red_d8 = next(r for r in table["tray"] if (r.die_type, r.colour) == ("d8", "red"))
    red_d8.colour, red_d8.colour_confidence = "blue", 0.12  # large blue numerals on a red die
    assert read_unsurely(state, table, 0.8).in_sync
    red_d8.colour_confidence = 0.95  # read surely: never overruled
    assert [m.kind for m in read_unsurely(state, table, 0.8).mismatches] == ["wrong_colour"]


def test_an_unsure_colour_is_not_settled_where_the_engine_misses_no_such_die_of_another_seat():
    state = deploy()
    table = table_of(state)
    red_d8 = next(r for r in table["tray"] if (r.die_type, r.colour) == ("d8", "red"))
    red_d8.colour, red_d8.colour_confidence, red_d8.value = "blue", 0.12, 5  # the engine's red D8 shows 7
    assert read_unsurely(state, table, 0.8).mismatches
    table["tray"].append(die("d6:6", "blue"))
    table["tray"][-1].colour_confidence = 0.12  # an extra die, whatever its colour
    assert {m.kind for m in read_unsurely(state, table, 0.8).mismatches} >= {"extra"}


def test_zones_not_seen_are_not_compared():
    state = deploy()
    table = {"tray": table_of(state)["tray"]}  # only the tray's marker was found
    assert sync_table(state, observe(state, table)).in_sync
    table["tray"] = table["tray"][1:]
    report = sync_table(state, observe(state, table))  # placed where the camera cannot see: not a move
    assert [m.kind for m in report.mismatches] == ["missing"] and not report.moves


def test_a_staged_die_moved_to_another_area_is_flagged():
    state = apply_action(deploy(), Place("red", ("d4", 2), "scavenge"))
    table = table_of(state)
    move(table, "d4:2", "red", "staging.scavenge", "staging.research")
    report = sync_table(state, observe(state, table))
    assert [m.kind for m in report.mismatches] == ["wrong_zone"] and not report.accept


def test_an_activation_is_proposed_and_spent_dice_are_compared_by_type():
    state = activation_state(["red", "blue"], {"red": {"scavenge": "d4:1 d6:6"}, "blue": {"create": "d4:2"}})
    table = table_of(state)
    expected = Scavenge("red", (("d4", 1), ("d6", 6)))
    after = apply_action(state, expected)
    table_after = table_of(after)
    report = sync_table(state, observe(state, table_after))
    assert expected in [seq[0] for seq in report.moves] and not report.mismatches
    # a die left on the staging area means the table shows a smaller group, or nothing legal
    table["spaces.scavenge"].append(die("d6:6", "red"))
    table["staging.scavenge"] = [r for r in table["staging.scavenge"] if r.die_type != "d6"]
    report = sync_table(state, observe(state, table))
    assert report.mismatches and report.mismatches[0].kind == "wrong_zone"


def test_low_confidence_readings_are_listed_for_a_person_to_check():
    state = deploy()
    table = table_of(state)
    table["tray"][0].confidence = 0.4
    observed = ObservedTable.from_zones(table, state.colours, min_confidence=0.8)
    report = sync_table(state, observed)
    assert report.in_sync and report.uncertain == (table["tray"][0],)


def read_unsurely(state, table, min_confidence: float):
    """The report on ``table`` with readings under ``min_confidence`` counted as unsure."""
    return sync_table(state, ObservedTable.from_zones(table, state.colours, min_confidence=min_confidence))


def unsure(reading, value: int):
    """The same die read with ``value`` at a value confidence under the threshold."""
    reading.value, reading.value_confidence, reading.confidence = value, 0.3, 0.3
    return reading


def test_an_unsure_value_the_engine_vouches_for_does_not_raise_an_alert():
    state = deploy()
    table = table_of(state)
    red_d8 = next(r for r in table["tray"] if (r.die_type, r.colour) == ("d8", "red"))
    unsure(red_d8, 1)  # the engine has red's D8 showing 7
    report = read_unsurely(state, table, 0.6)
    assert report.in_sync and report.uncertain == (red_d8,)


def test_an_unsure_value_the_reader_all_but_rules_out_is_not_vouched_for():
    state = deploy()
    table = table_of(state)
    red_d8 = next(r for r in table["tray"] if (r.die_type, r.colour) == ("d8", "red"))
    unsure(red_d8, 2).value_probabilities = (0.01, 0.4, 0.25, 0.01, 0.01, 0.01, 0.3, 0.01)
    assert read_unsurely(state, table, 0.8).in_sync  # the engine's 7 is possible
    red_d8.value_probabilities = (0.01, 0.6, 0.35, 0.01, 0.01, 0.01, 0.001, 0.009)
    report = read_unsurely(state, table, 0.8)
    assert [m.kind for m in report.mismatches] == ["wrong_value"]


def test_a_placed_die_read_unsurely_keeps_the_value_it_had_in_the_tray():
    state = deploy()
    table = table_of(state)
    move(table, "d6:5", "red", "tray", "staging.create")
    unsure(table["staging.create"][0], 3)
    report = read_unsurely(state, table, 0.6)
    assert report.proposal == (Place("red", ("d6", 5), "create"),) and not report.mismatches


def test_a_surely_read_value_is_never_overruled():
    state = deploy()
    table = table_of(state)
    move(table, "d6:5", "red", "tray", "staging.create", value=3)
    report = read_unsurely(state, table, 0.6)
    assert not report.proposal
    assert sorted(m.kind for m in report.mismatches) == ["extra", "missing"]
    assert ("staging.create", 3) in [m.seen for m in report.mismatches]


def test_an_unsure_placed_die_with_two_possible_values_is_not_guessed():
    state = deploy()  # red has D4s showing 2 and 3 in the tray
    table = table_of(state)
    move(table, "d4:2", "red", "tray", "staging.create")
    move(table, "d4:3", "red", "tray", "staging.create")
    table["staging.create"] = table["staging.create"][:1]  # one of them went astray
    unsure(table["staging.create"][0], 4)
    report = read_unsurely(state, table, 0.6)
    assert not report.proposal and report.mismatches


def test_a_rerolled_die_read_unsurely_is_not_taken_for_its_old_value():
    """R5: a rerolled die comes to show another value, so its old value cannot stand in for an unsure
    reading. The roll the reader saw is proposed (for a person's tap, being unsure), where the table
    was taken before for a die not rolled at all."""
    state = apply_action(deploy(), Reroll("red", ("d8", 7)))
    assert state.is_chance_node
    table = table_of(state)
    red_d8 = next(r for r in table["tray"] if (r.die_type, r.colour) == ("d8", "red"))
    unsure(red_d8, 4).value_probabilities = (0.02, 0.02, 0.03, 0.55, 0.03, 0.05, 0.25, 0.05)  # 7 not ruled out
    report = read_unsurely(state, table, 0.6)
    assert report.proposal == (Roll("red", (("d8", 4),)),) and not report.mismatches


def test_a_surely_read_placed_die_tells_which_value_left_the_tray():
    state = deploy()  # red has D4s showing 2 and 3 in the tray
    table = table_of(state)
    move(table, "d4:2", "red", "tray", "staging.create")
    unsure(next(r for r in table["tray"] if (r.die_type, r.colour) == ("d4", "red")), 2)  # it shows 3
    observed = ObservedTable.from_zones(table, state.colours, min_confidence=0.6)
    report = sync_table(state, observed)
    assert report.proposal == (Place("red", ("d4", 2), "create"),) and not report.mismatches


def test_which_of_two_unsure_dice_moved_is_a_guess_for_a_person_to_confirm():
    state = deploy()
    table = table_of(state)
    move(table, "d4:2", "red", "tray", "staging.create")
    unsure(table["staging.create"][0], 3)
    unsure(next(r for r in table["tray"] if (r.die_type, r.colour) == ("d4", "red")), 2)  # it shows 3
    observed = settle_unsure_readings(expected_dice(state),
                                    ObservedTable.from_zones(table, state.colours, min_confidence=0.6))
    assert observed.guessed == {(0, "d4")}  # red's D4s
    assert len(sync_table(state, observed).moves) == 1  # one reading of the table, not to be played unasked


def two_unsure_red_d4s(staged_odds, tray_odds):
    """Red's D4 showing 2 placed on Create and the D4 showing 3 left in the tray, both read unsurely."""
    state = deploy()
    table = table_of(state)
    move(table, "d4:2", "red", "tray", "staging.create")
    tray_d4 = next(r for r in table["tray"] if (r.die_type, r.colour) == ("d4", "red"))
    for reading, odds in ((table["staging.create"][0], staged_odds), (tray_d4, tray_odds)):
        unsure(reading, 1 + odds.index(max(odds))).value_probabilities = odds
    return state, settle_unsure_readings(expected_dice(state),
                                         ObservedTable.from_zones(table, state.colours, min_confidence=0.6))


def test_the_readers_odds_can_tell_which_unsure_die_moved():
    state, observed = two_unsure_red_d4s((0.02, 0.40, 0.55, 0.03), (0.01, 0.45, 0.52, 0.02))
    assert observed.guessed  # 0.40 x 0.52 against 0.55 x 0.45: no way to tell
    state, observed = two_unsure_red_d4s((0.02, 0.70, 0.25, 0.03), (0.01, 0.05, 0.72, 0.22))
    assert not observed.guessed  # 0.70 x 0.72 against 0.25 x 0.05: the 2 moved
    assert sync_table(state, observed).proposal == (Place("red", ("d4", 2), "create"),)


def test_a_guess_is_proposed_the_way_the_readers_odds_lean():
    # 0.55 x 0.45 against 0.40 x 0.52: short of sure, but the 3 moved is the likelier, and is what a person sees
    state, observed = two_unsure_red_d4s((0.02, 0.40, 0.55, 0.03), (0.01, 0.45, 0.52, 0.02))
    assert observed.guessed and sync_table(state, observed).moves[0] == (Place("red", ("d4", 3), "create"),)
    state, observed = two_unsure_red_d4s((0.02, 0.55, 0.40, 0.03), (0.01, 0.52, 0.45, 0.02))
    assert observed.guessed and sync_table(state, observed).moves[0] == (Place("red", ("d4", 2), "create"),)


def test_two_unsure_dice_that_stayed_put_are_not_swapped_by_the_readers_odds():
    state = apply_action(deploy(), Place("red", ("d4", 2), "create"))  # red's D4 showing 3 is still in the tray
    table = table_of(state)
    tray_d4 = next(r for r in table["tray"] if (r.die_type, r.colour) == ("d4", "red"))
    unsure(table["staging.create"][0], 3).value_probabilities = (0.01, 0.16, 0.79, 0.04)
    unsure(tray_d4, 2).value_probabilities = (0.01, 0.79, 0.16, 0.04)
    # Read as swapped, 0.79 x 0.79 against 0.16 x 0.16 (96%); but that has both dice moved unseen.
    report = read_unsurely(state, table, 0.8)
    assert report.in_sync and not report.mismatches


def test_an_unsure_die_is_not_given_the_value_of_a_surely_read_die_beside_it():
    state = activation_state(["red", "blue"], {"red": {"scavenge": "d4:2", "market": "d4:2 d4:3", "upgrade": "d4:3"}})
    table = table_of(state)
    move(table, "d4:2", "red", "staging.scavenge", "seat1.spent")  # red forfeits Scavenge
    market_2 = next(r for r in table["staging.market"] if r.value == 2)
    unsure(market_2, 3).value_probabilities = (0.014, 0.472, 0.496, 0.018)  # beside the D4 surely read 3
    unsure(table["staging.upgrade"][0], 3).value_probabilities = (0.005, 0.423, 0.465, 0.107)
    # The Market's 3 is the sure die's: its unsure D4 shows the 2, and the Upgrade die the 3.
    report = read_unsurely(state, table, 0.8)
    assert report.proposal == (Forfeit("red", "scavenge"),) and not report.mismatches


def test_a_die_just_placed_takes_the_value_left_once_the_unsure_dice_that_stayed_have_theirs():
    state = deployment_state(["red", "blue"], {"red": "d4:2 d4:2 d4:3", "blue": "d4:1 d6:6"})
    for action in (Place("red", ("d4", 2), "create"), Place("blue", ("d4", 1), "scavenge"),
                   Place("red", ("d4", 3), "upgrade"), Place("blue", ("d6", 6), "scavenge")):
        state = apply_action(state, action)
    table = table_of(state)
    move(table, "d4:2", "red", "tray", "staging.create")  # red places its other D4 showing 2
    unsure(table["staging.create"][-1], 3).value_probabilities = (0.005, 0.30, 0.574, 0.121)
    unsure(table["staging.upgrade"][0], 2).value_probabilities = (0.04, 0.562, 0.291, 0.107)
    # The Upgrade die stayed where the engine has a 3; the die just placed then can only show the 2.
    report = read_unsurely(state, table, 0.8)
    assert report.moves == ((Place("red", ("d4", 2), "create"),),) and not report.mismatches


def test_unsure_dice_that_stayed_together_are_no_guess():
    state = deploy()
    table = table_of(state)
    for reading in table["tray"]:
        if (reading.die_type, reading.colour) == ("d4", "red"):
            unsure(reading, 4)
    observed = settle_unsure_readings(expected_dice(state),
                                    ObservedTable.from_zones(table, state.colours, min_confidence=0.6))
    assert not observed.guessed and sync_table(state, observed).in_sync


def test_a_die_of_unsure_type_is_the_one_the_engine_misses_there():
    state = deploy()
    table = table_of(state)
    red_d8 = next(r for r in table["seat1.reserve"] if r.die_type == "d8")
    red_d8.die_type, red_d8.type_confidence, red_d8.confidence = "d6", 0.55, 0.55  # read as a D6, unsurely
    report = read_unsurely(state, table, 0.8)
    assert report.in_sync and report.uncertain == (red_d8,)
    red_d8.type_confidence = red_d8.confidence = 0.95  # surely a D6: the table is wrong
    report = read_unsurely(state, table, 0.8)
    assert sorted(m.kind for m in report.mismatches) == ["extra", "missing"]


def test_an_extra_die_of_unsure_type_is_still_an_extra_die():
    state = deploy()
    table = table_of(state)
    table["seat1.reserve"].append(SimpleNamespace(die_type="d6", value=1, colour="red", confidence=0.5,
                                                  type_confidence=0.5))
    report = read_unsurely(state, table, 0.8)
    assert [m.kind for m in report.mismatches] == ["extra"]


def test_placements_made_faster_than_the_table_settles_are_one_proposal():
    state = deploy()
    table = table_of(state)
    move(table, "d8:7", "red", "tray", "staging.upgrade")
    move(table, "d6:6", "blue", "tray", "staging.research")
    move(table, "d4:2", "red", "tray", "staging.upgrade")
    report = sync_table(state, observe(state, table))
    assert not report.mismatches
    assert [str(a) for a in report.proposal] in (
        ["red place d8:7 upgrade", "blue place d6:6 research", "red place d4:2 upgrade"],
        ["red place d4:2 upgrade", "blue place d6:6 research", "red place d8:7 upgrade"])
    move(table, "d4:1", "blue", "tray", "staging.research")  # blue twice in a row: not the turn order
    move(table, "d4:2", "red", "staging.upgrade", "tray")
    report = sync_table(state, observe(state, table))
    assert report.mismatches and not report.moves


def test_the_line_of_dice_to_look_at_names_two_and_counts_the_rest():
    doubts = tuple(Doubt("available", (seat, "d4", 2), 3) for seat in (0, 1, 0))
    line = SyncReport(doubts=doubts).doubts_summary(("red", "blue"))
    assert line.count("looks like 2 to the camera") == 2 and line.startswith("Red's D4 in the roll tray")
    assert "Blue's D4" in line and line.endswith("And 1 more die like that.")
    assert SyncReport().doubts_summary(("red", "blue")) == ""
