"""Dice read as the types the game knows were rolled (``vision.known_types``)."""
from __future__ import annotations

from vision.known_types import as_type, with_types
from vision.readings import FACES, DieReading


def joint(read_as: tuple, other: tuple = None, share: float = 0.3) -> dict:
    """The reader's odds of a die it reads as ``read_as`` (type, value); ``other`` (type, value) gets ``share`` of
    them, and every other face a little."""
    odds = {t: [0.01] * faces for t, faces in FACES.items()}
    odds[read_as[0]][read_as[1] - 1] = 1.0 - share if other else 1.0
    if other:
        odds[other[0]][other[1] - 1] = share
    total = sum(sum(v) for v in odds.values())
    return {t: tuple(v / total for v in values) for t, values in odds.items()}


def reading(read_as: tuple, other: tuple = None, share: float = 0.3, odds: bool = True) -> DieReading:
    type_value = joint(read_as, other, share) if odds else {}
    of_type = sum(type_value.get(read_as[0], (1.0,)))
    return DieReading(read_as[0], read_as[1], "red", (50.0, 50.0), [], of_type, 0.9, 1.0,
                      type_value_probabilities=type_value)


def test_a_die_read_as_another_type_than_rolled_is_read_by_the_rolled_types_values_and_left_unsure():
    d8_read = reading(("d8", 7), other=("d6", 3))
    [d6] = with_types([d8_read], ["d6"])
    assert (d6.die_type, d6.value) == ("d6", 3)
    assert d6.type_confidence < 0.5 and d6.value_confidence < 0.5  # a person confirms it
    assert abs(sum(d6.value_probabilities) - 1.0) < 1e-9 and len(d6.value_probabilities) == 6


def test_a_die_read_as_the_type_rolled_keeps_its_reading_and_is_no_surer_of_its_type_than_the_roll_allows():
    half_sure = reading(("d6", 5), other=("d8", 5), share=0.4)
    assert with_types([half_sure], ["d6"]) == [half_sure]  # one D6 rolled: not made surer by it
    assert as_type(half_sure, "d6") is half_sure
    # a D6 and a D8 rolled, both read as D6: either may be the D8, so neither is sure of its type
    first, second = with_types([half_sure, reading(("d6", 2), other=("d8", 2), share=0.35)], ["d6", "d8"])
    assert first.die_type == "d8" and second.die_type == "d6"
    assert first.type_confidence < 0.5 and 0.5 < second.type_confidence < 0.6


def test_the_types_are_given_so_that_the_dice_are_likeliest_together():
    # both read as D6; one D4 and one D6 were rolled: the die likelier a D4 is the D4
    half_sure = reading(("d6", 2), other=("d4", 4), share=0.4)
    sure = reading(("d6", 5), other=("d4", 1), share=0.05)
    first, second = with_types([sure, half_sure], ["d4", "d6"])
    assert second.die_type == "d4" and second.value == 4
    assert (first.die_type, first.value, first.type_confidence) == ("d6", 5, sure.type_confidence)


def test_no_types_are_given_where_the_dice_found_are_not_the_dice_rolled():
    assert with_types([reading(("d6", 5))], ["d6", "d4"]) is None  # a die not found
    assert with_types([reading(("d6", 5))], ["d10"]) is None  # a type the reader does not read


def test_a_reading_without_the_readers_odds_keeps_its_type_or_gives_no_types():
    plain = reading(("d8", 2), odds=False)
    assert [(r.die_type, r.value, r.confidence) for r in with_types([plain], ["d8"])] == [("d8", 2, plain.confidence)]
    assert with_types([plain], ["d4"]) is None
