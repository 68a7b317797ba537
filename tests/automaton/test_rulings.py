"""Each ruling of docs/automaton.md (A1–A19) against a case worked out by hand from the ruling's words.

Designs used (small, medium, large pyramid; A2 by hand):
    rby  small red, medium blue, large yellow   FP 2, HD 8, MV 2 + boost, RG 1
    gyr  small green, medium yellow, large red  FP 4, HD 6, MV 2, RG 1 + boost
    byg  small blue, medium yellow, large green FP 1, HD 7, MV 2, RG 2 + boost
    ryb  small red, medium yellow, large blue   FP 2, HD 9, MV 2, RG 1
"""
from __future__ import annotations

import pytest

from companion.games.automaton import (CROSSING, HEAD_ON, PILE_UP, REAR_END, STANDING, BadDesign, Design, Refused,
                                       Setup)
from companion.games.automaton.events import BOOST_SPENT, CanHit, Destroyed, Drawn, Hit, Won
from companion.games.automaton.wording import line

from .helpers import game, moved, play, squares


# -- A1: a robot is three pyramids, one of each size, no colour twice ----------------------------------------------

def test_A1_a_design_is_one_pyramid_of_each_size_each_of_another_colour():
    design = Design.from_letters("rby")
    assert (design.small, design.medium, design.large) == ("red", "blue", "yellow")
    assert design.pips("green") == 0  # the colour left out
    for repeated in ("rrb", "bgb"):
        with pytest.raises(BadDesign, match="A1"):
            Design.from_letters(repeated)
    for short_or_unknown in ("rb", "rbyg", "rbx"):
        with pytest.raises(BadDesign):
            Design.from_letters(short_or_unknown)


# -- A2: the qualities --------------------------------------------------------------------------------------------

def test_A2_the_seed_example_small_red_medium_blue_large_yellow():
    q = Design.from_letters("rby").qualities()
    assert (q.firepower, q.hardness, q.movement, q.move_boost, q.range, q.range_boost) == (2, 8, 2, True, 1, False)


@pytest.mark.parametrize("letters, movement, boost", [
    ("rbg", 1, False),  # no yellow: 1, -
    ("yrb", 1, True),   # 1 pip: 1 *
    ("ryb", 2, False),  # 2 pips: 2 -
    ("rby", 2, True),   # 3 pips: 2 *
])
def test_A2_the_movement_table(letters, movement, boost):
    q = Design.from_letters(letters).qualities()
    assert (q.movement, q.move_boost) == (movement, boost)


@pytest.mark.parametrize("letters, reach, boost", [("rby", 1, False), ("gry", 1, True), ("rgy", 2, False),
                                                   ("ryg", 2, True)])
def test_A2_the_range_table(letters, reach, boost):
    q = Design.from_letters(letters).qualities()
    assert (q.range, q.range_boost) == (reach, boost)


def test_A2_hardness_and_firepower_count_every_pip():
    q = Design.from_letters("gyr").qualities()  # large red, no blue
    assert (q.firepower, q.hardness) == (4, 6)
    q = Design.from_letters("ryb").qualities()  # small red, large blue
    assert (q.firepower, q.hardness) == (2, 9)


# -- A3: boosts, never in two turns running -----------------------------------------------------------------------

def test_A3_the_movement_boost_is_not_free_the_turn_after_it_is_used_then_free_again():
    g = game(("ann", "rby", "a1"), ("bob", "ryb", "h8"))
    play(g, "ann N N N", "bob stay", "move")  # 3 steps > MV 2: boost used; a1 -> a4
    assert squares(g)["ann"] == "a4" and g.robots["ann"].move_boost_used
    said = play(g, "ann N N N", "bob stay", "move")  # cut to 2 steps: a6
    assert squares(g)["ann"] == "a6" and moved(said, "ann").cut == BOOST_SPENT
    assert not g.robots["ann"].move_boost_used  # this turn went without it
    play(g, "ann E E E", "bob stay", "move")  # free again: a6 -> d6
    assert squares(g)["ann"] == "d6"


def test_A3_a_wall_that_cuts_the_move_short_still_leaves_the_boost_used():
    g = game(("ann", "rby", "a7"), ("bob", "ryb", "h1"))
    said = play(g, "ann N N N", "bob stay", "move")  # a8, then the edge
    assert squares(g)["ann"] == "a8" and moved(said, "ann").wall
    assert g.robots["ann"].move_boost_used
    assert g.robots["ann"].boosts().steps == 2


def test_A3_the_range_boost_is_tracked_apart_and_not_free_the_turn_after_a_boosted_shot():
    g = game(("ann", "gyr", "a1"), ("bob", "ryb", "a3"))  # Ann RG 1 + boost; Bob 2 away
    said = play(g, "ann stay", "bob stay", "move")
    assert CanHit("ann", (("bob", 2, True),)) in said
    play(g, "ann fire bob", "fire")
    assert g.robots["ann"].range_boost_used and not g.robots["ann"].move_boost_used
    said = play(g, "ann stay", "bob stay", "move")  # the boost is spent: nobody can hit, the turn ends
    assert CanHit("ann", ()) in said and g.turn == 3
    assert not g.robots["ann"].range_boost_used  # a turn without it: free again
    said = play(g, "ann stay", "bob stay", "move")
    assert CanHit("ann", (("bob", 2, True),)) in said


# -- A4: steps N, E, S, W, one square each, mixed, no diagonals; 0 steps allowed ------------------------------------

def test_A4_steps_may_be_mixed_and_a_program_may_be_empty():
    g = game(("ann", "rby", "d4"), ("bob", "ryb", "h8"))
    play(g, "ann N-W-W*", "bob", "move")  # d4 -> d5 -> c5 -> b5 (the * a reminder only); Bob stays
    assert squares(g) == {"ann": "b5", "bob": "h8"}


def test_A4_a_diagonal_is_no_step():
    g = game(("ann", "rby", "d4"), ("bob", "ryb", "h8"))
    with pytest.raises(Refused, match="'NE' is no step"):
        g.play("ann NE")


# -- A5: a program longer than allowed is cut to its longest legal start, and said so ------------------------------

def test_A5_the_program_is_cut_to_MV_steps_when_the_boost_is_spent_and_the_cut_is_said():
    g = game(("ann", "rby", "a1"), ("bob", "ryb", "h8"))
    play(g, "ann E E E", "bob stay", "move")  # boost used: d1
    said = play(g, "ann N N N", "bob stay", "move")
    assert line(moved(said, "ann")) == "Ann: N-N-N — boost used last turn: only N-N. N-N → d3."


def test_A5_a_program_longer_than_the_design_allows_is_cut_to_MV_plus_1():
    g = game(("ann", "rby", "a1"), ("bob", "ryb", "h8"))
    said = play(g, "ann N N N N N", "bob N N N", "move")
    assert squares(g) == {"ann": "a4", "bob": "h8"}  # Bob: MV 2, no boost; the edge stops him at once
    assert moved(said, "ann").carried == ("N", "N", "N")
    assert moved(said, "bob").carried == ("N", "N") and moved(said, "bob").wall
    assert line(moved(said, "ann")) == "Ann: N-N-N-N-N — more steps than the design allows: only N-N-N. N-N-N → a4."


# -- A6: 8×8, a step off the board is not taken and the rest is lost -----------------------------------------------

def test_A6_a_step_off_the_board_stops_the_robot_on_the_edge_square_and_the_rest_is_lost():
    g = game(("ann", "rby", "b1"), ("bob", "ryb", "h8"))
    said = play(g, "ann W W N", "bob stay", "move")  # a1, then W off the board: N is lost too
    assert squares(g)["ann"] == "a1"
    assert line(moved(said, "ann")) == "Ann: W-W-N → a1 (stopped by the edge)."
    with pytest.raises(Refused, match="a1 to h8"):
        g.play("ann at i4")


# -- A7: the corners by default -------------------------------------------------------------------------------------

def test_A7_the_robots_start_on_a1_h8_h1_a8_or_on_distinct_squares_tapped():
    four = Setup.at_corners([(n, Design.from_letters("rby")) for n in ("ann", "bob", "cat", "dan")])
    assert [r.start for r in four.robots] == [(0, 0), (7, 7), (7, 0), (0, 7)]
    with pytest.raises(ValueError, match="A7"):
        game(("ann", "rby", "c3"), ("bob", "ryb", "c3"))


# -- A8: collisions by destination only -----------------------------------------------------------------------------

def test_A8_robots_may_swap_squares_and_cross_paths_without_colliding():
    g = game(("ann", "rby", "c3"), ("bob", "ryb", "d3"))
    said = play(g, "ann E", "bob W", "move")
    assert squares(g) == {"ann": "d3", "bob": "c3"}
    assert not moved(said, "ann").collision and not moved(said, "bob").collision


def test_A8_moving_onto_the_square_a_robot_left_is_no_collision():
    g = game(("ann", "rby", "c3"), ("bob", "ryb", "d3"))
    said = play(g, "ann E", "bob E", "move")
    assert squares(g) == {"ann": "d3", "bob": "e3"} and not moved(said, "ann").collision


# -- A9–A12: the kind of a collision of two moving robots, and its result -------------------------------------------

def test_A9_A10_head_on_each_ends_on_the_square_it_entered_from():
    g = game(("ann", "rby", "b4"), ("bob", "ryb", "f4"))
    said = play(g, "ann E E", "bob W W", "move")  # both to d4: E against W
    assert moved(said, "ann").collision == HEAD_ON
    assert squares(g) == {"ann": "c4", "bob": "e4"}  # d4 stays empty
    assert line(moved(said, "ann")) == "Ann: E-E → d4; head-on with Bob: ends c4."


def test_A9_A11_crossing_each_ends_one_square_beyond_in_the_other_robots_direction():
    g = game(("ann", "rby", "b4"), ("bob", "ryb", "d2"))
    said = play(g, "ann E E", "bob N N", "move")  # both to d4: E across N
    assert moved(said, "bob").collision == CROSSING
    assert squares(g) == {"ann": "d5", "bob": "e4"}  # Ann one north of d4, Bob one east


def test_A9_A12_rear_end_the_one_with_more_steps_stops_short_the_other_goes_one_beyond():
    g = game(("ann", "rby", "a4"), ("bob", "ryb", "b4"))
    said = play(g, "ann E E E", "bob E E", "move")  # both to d4 going E; Ann took 3 steps, Bob 2
    assert moved(said, "ann").collision == REAR_END
    assert squares(g) == {"ann": "c4", "bob": "e4"}


def test_A12_rear_end_with_as_many_steps_cancels_both_moves():
    g = game(("ann", "rby", "c3"), ("bob", "ryb", "b4"))
    said = play(g, "ann N E", "bob E E", "move")  # both enter d4 from c4, going E, in 2 steps
    assert moved(said, "ann").collision == REAR_END
    assert squares(g) == {"ann": "c3", "bob": "b4"}


# -- A13: a robot standing still is pushed ------------------------------------------------------------------------

def test_A13_a_mover_onto_a_still_robot_stops_short_and_pushes_it_one_square():
    g = game(("ann", "rby", "b4"), ("bob", "ryb", "d4"))
    said = play(g, "ann E E", "bob stay", "move")
    assert moved(said, "bob").collision == STANDING
    assert squares(g) == {"ann": "c4", "bob": "e4"}
    assert line(moved(said, "ann")) == "Ann: E-E → d4; rear-end (one standing still) with Bob: ends c4."
    assert line(moved(said, "bob")) == "Bob: stays on d4; rear-end (one standing still) with Ann: ends e4."


def test_A13_a_robot_stopped_by_the_edge_before_any_step_counts_as_still():
    g = game(("ann", "rby", "a2"), ("bob", "ryb", "a1"))
    said = play(g, "ann S", "bob S", "move")  # Bob cannot step off the board: still on a1; Ann moves onto a1 going S
    assert moved(said, "ann").collision == STANDING
    assert squares(g) == {"ann": "a2", "bob": "a1"}  # Bob would be pushed off the board: A15(a) keeps him on a1


# -- A14: three or more ---------------------------------------------------------------------------------------------

def test_A14_three_movers_each_end_on_the_square_they_entered_from():
    g = game(("ann", "rby", "b4"), ("bob", "ryb", "f4"), ("cat", "gyr", "d2"))
    said = play(g, "ann E E", "bob W W", "cat N N", "move")
    assert {moved(said, n).collision for n in ("ann", "bob", "cat")} == {PILE_UP}
    assert squares(g) == {"ann": "c4", "bob": "e4", "cat": "d3"}


def test_A14_with_a_still_robot_it_stays():
    g = game(("ann", "rby", "b4"), ("bob", "ryb", "f4"), ("cat", "gyr", "d4"))
    play(g, "ann E E", "bob W W", "cat stay", "move")
    assert squares(g) == {"ann": "c4", "bob": "e4", "cat": "d4"}


# -- A15: nobody off the board, nobody sharing a square ----------------------------------------------------------

def test_A15a_a_robot_a_collision_would_put_off_the_board_stays_on_the_collision_square():
    g = game(("ann", "rby", "f4"), ("bob", "ryb", "h4"))
    said = play(g, "ann E E", "bob stay", "move")  # Bob would be pushed to i4
    assert squares(g) == {"ann": "g4", "bob": "h4"} and moved(said, "bob").kept_on_board


def test_A15a_rear_end_ahead_robot_kept_on_the_board():
    g = game(("ann", "rby", "e4"), ("bob", "ryb", "f4"))
    play(g, "ann E E E", "bob E E", "move")  # both to h4 going E: Ann 3 steps (behind), Bob 2
    assert squares(g) == {"ann": "g4", "bob": "h4"}  # Bob would go to i4: he stays on h4


def test_A15b_robots_sharing_a_square_go_back_to_where_they_started():
    g = game(("ann", "rby", "b4"), ("bob", "ryb", "f4"), ("cat", "gyr", "c2"))
    said = play(g, "ann E E", "bob W W", "cat N N", "move")  # head-on sends Ann to c4, where Cat ended
    assert squares(g) == {"ann": "b4", "bob": "e4", "cat": "c2"}
    assert moved(said, "ann").sent_back and moved(said, "cat").sent_back and not moved(said, "bob").sent_back
    assert line(moved(said, "cat")) == "Cat: N-N → c4, back to its start (a square shared): ends c2."


def test_A15_a_pushed_robot_does_not_collide_again_but_does_not_share_a_square():
    g = game(("ann", "rby", "b4"), ("bob", "ryb", "d4"), ("cat", "gyr", "e4"))
    play(g, "ann E E", "bob stay", "cat stay", "move")  # Bob pushed to e4, Cat's square: Bob back to d4
    assert squares(g) == {"ann": "c4", "bob": "d4", "cat": "e4"}


# -- A16: collisions do no damage ------------------------------------------------------------------------------------

def test_A16_collisions_do_no_damage():
    g = game(("ann", "rby", "b4"), ("bob", "ryb", "f4"))
    play(g, "ann E E", "bob W W", "move")
    assert g.robots["ann"].damage == 0 and g.robots["bob"].damage == 0


# -- A17: fire within range, optional, simultaneous ----------------------------------------------------------------

def test_A17_targets_within_range_are_listed_with_their_distance_and_robots_do_not_block():
    g = game(("ann", "byg", "a1"), ("bob", "ryb", "a2"), ("cat", "gyr", "a4"))
    said = play(g, "ann stay", "bob stay", "cat stay", "move")
    # Ann RG 2 (+1 with boost): Bob at 1, Cat at 3 behind Bob with the boost
    assert CanHit("ann", (("bob", 1, False), ("cat", 3, True))) in said
    assert CanHit("bob", (("ann", 1, False),)) in said  # Bob RG 1: Cat is 2 away
    assert line(CanHit("ann", (("bob", 1, False), ("cat", 3, True)))) == "Ann can hit Bob (1); Ann can hit Cat (3, boost)."


def test_A17_a_shot_is_optional_and_only_at_a_target_listed():
    g = game(("ann", "rby", "a1"), ("bob", "ryb", "a2"))
    play(g, "ann stay", "bob stay", "move")
    with pytest.raises(Refused):
        g.play("ann fire cat")
    play(g, "ann hold", "bob hold", "fire")
    assert g.robots["ann"].damage == 0 and g.robots["bob"].damage == 0 and g.turn == 2


def test_A17_shots_are_simultaneous_so_a_robot_destroyed_this_turn_still_fires():
    g = game(("ann", "rby", "a1"), ("bob", "gyr", "a2"), ("cat", "ryb", "h8"))
    g.robots["ann"].damage = 4  # Ann HD 8: Bob's FP 4 destroys her
    said = play(g, "ann stay", "bob stay", "cat stay", "move", "ann fire bob", "bob fire ann", "fire")
    assert Hit("ann", "bob", 2, 2, 6) in said and Hit("bob", "ann", 4, 8, 8) in said
    assert Destroyed("ann") in said and g.robots["bob"].damage == 2


# -- A18: damage and destruction --------------------------------------------------------------------------------------

def test_A18_a_hit_does_FP_damage_and_the_robot_is_destroyed_when_damage_reaches_HD():
    g = game(("ann", "rby", "a1"), ("bob", "gyr", "a2"), ("cat", "ryb", "h8"))  # Bob FP 4; Ann HD 8
    play(g, "ann stay", "bob stay", "cat stay", "move", "ann hold", "bob fire ann", "fire")
    assert g.robots["ann"].damage == 4 and not g.robots["ann"].destroyed
    said = play(g, "ann stay", "bob stay", "cat stay", "move", "ann hold", "bob fire ann", "fire")
    assert g.robots["ann"].damage == 8 and g.robots["ann"].destroyed and Destroyed("ann") in said


def test_A18_the_extra_boxes_crossed_at_setup_are_3_less_the_blue_pips():
    assert [Design.from_letters(d).qualities().crossed_at_setup for d in ("gyr", "bgy", "gbr", "ryb")] == [3, 2, 1, 0]


# -- A19: removal, the winner, a draw ---------------------------------------------------------------------------------

def test_A19_a_destroyed_robot_leaves_the_board_and_no_longer_moves_or_fires():
    g = game(("ann", "rby", "a1"), ("bob", "gyr", "a2"), ("cat", "ryb", "h8"))
    g.robots["ann"].damage = 7
    play(g, "ann stay", "bob stay", "cat stay", "move", "ann hold", "bob fire ann", "fire")
    assert g.in_play() == ["bob", "cat"] and g.waiting_for() == "program bob"
    with pytest.raises(Refused, match="destroyed"):
        g.play("ann N")


def test_A19_the_last_robot_in_play_wins():
    g = game(("ann", "rby", "a1"), ("bob", "gyr", "a2"))
    g.robots["ann"].damage = 7
    said = play(g, "ann stay", "bob stay", "move", "ann hold", "bob fire ann", "fire")
    assert Won("bob") in said and g.winners() == ["bob"] and g.waiting_for() == "over"
    assert g.scores() == {"ann": 0, "bob": 6}


def test_A19_the_last_robots_destroyed_together_draw():
    g = game(("ann", "rby", "a1"), ("bob", "gyr", "a2"))
    g.robots["ann"].damage, g.robots["bob"].damage = 7, 5
    said = play(g, "ann stay", "bob stay", "move", "ann fire bob", "bob fire ann", "fire")
    assert Drawn(("ann", "bob")) in said and g.winners() == [] and g.waiting_for() == "over"
    with pytest.raises(Refused, match="over"):
        g.play("ann N")
