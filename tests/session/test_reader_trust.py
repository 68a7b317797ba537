"""The reader's record at one table: the Wilson bound, the count from the last error, and where it is kept."""
from __future__ import annotations

import pytest

from companion.session.reader_trust import (
    ReadDie,
    ReaderRecord,
    load_record,
    record_path,
    save_record,
    wilson_lower,
)


def right(n: int, die_type: str = "d6", confidence: float = 0.99) -> list[ReadDie]:
    return [ReadDie(die_type, 3, confidence, 3)] * n


def test_the_rule_figures_are_those_of_the_wilson_bound():
    assert wilson_lower(380, 380) < 0.99 <= wilson_lower(381, 381)
    assert wilson_lower(764, 764) < 0.995 <= wilson_lower(765, 765)
    assert wilson_lower(0, 0) == 0.0
    assert wilson_lower(50, 100) == pytest.approx(0.4038, abs=1e-4)


def test_a_type_is_trusted_after_enough_sure_readings_and_no_sooner():
    record = ReaderRecord(sure=0.9)
    record.add(right(380))
    assert not record.trusted("d6")
    record.add(right(1))
    assert record.trusted("d6")
    assert not record.trusted("d4")  # each type earns its own trust


def test_unsure_readings_earn_nothing():
    record = ReaderRecord(sure=0.9)
    record.add(right(500, confidence=0.5))
    assert record.standing("d6").since_error == 0


def test_a_wrong_sure_reading_withdraws_trust_and_the_count_starts_after_it():
    record = ReaderRecord(sure=0.9)
    record.add(right(400))
    record.add([ReadDie("d6", 3, 0.99, 5)])
    standing = record.standing("d6")
    assert (standing.since_error, standing.trusted) == (0, False)
    record.add(right(12))
    assert record.standing("d6").since_error == 12


def test_the_settings_line():
    record = ReaderRecord(sure=0.9, dice=right(412))
    assert record.standing("d6").line() == \
        "D6: 412 sure readings since the last error, lower bound 99.1%: plays by itself"


def test_the_record_is_kept_beside_the_profile_and_starts_again_on_a_new_calibration(tmp_path):
    profile = tmp_path / "calibration.json"
    profile.write_text('{"zones": 1}')
    record = load_record(profile, sure=0.9, models="m1")
    record.add(right(3))
    save_record(profile, record)
    assert record_path(profile) == tmp_path / "calibration.reader.json"
    assert load_record(profile, sure=0.9, models="m1").standing("d6").since_error == 3
    assert load_record(profile, sure=0.9, models="m2").dice == []  # the models changed
    profile.write_text('{"zones": 2}')
    assert load_record(profile, sure=0.9, models="m1").dice == []  # calibrated anew


def test_an_unreadable_record_starts_again(tmp_path):
    profile = tmp_path / "calibration.json"
    record_path(profile).write_text("not json")
    assert load_record(profile, sure=0.9, models="m").dice == []
