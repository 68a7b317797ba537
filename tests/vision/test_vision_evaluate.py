import json

import pytest

from vision.evaluate import Tally, box_iou, format_report, match
from vision.readings import DieReading


def _reading(die_type, value, bbox, confidence=0.9, colour="red"):
    x0, y0, x1, y1 = bbox
    return DieReading(die_type=die_type, value=value, colour=colour, centre=((x0 + x1) / 2, (y0 + y1) / 2),
                      outline=[(x0, y0), (x1, y0), (x1, y1), (x0, y1)], type_confidence=confidence,
                      value_confidence=confidence, colour_confidence=confidence, detection_confidence=confidence,
                      bbox=bbox)


def test_box_iou():
    assert box_iou((0, 0, 10, 10), (0, 0, 10, 10)) == 1.0
    assert box_iou((0, 0, 10, 10), (5, 0, 15, 10)) == pytest.approx(1 / 3)
    assert box_iou((0, 0, 10, 10), (20, 20, 30, 30)) == 0.0


def test_match_pairs_by_overlap_and_single_crops_by_confidence():
    labels = [{"type": "d6", "value": 1, "bbox": [0, 0, 10, 10]}, {"type": "d6", "value": 2, "bbox": [50, 50, 60, 60]}]
    readings = [_reading("d6", 2, (51, 50, 61, 60)), _reading("d6", 1, (30, 30, 40, 40))]
    assert match(readings, labels) == [None, 0]
    single = [{"type": "d8", "value": 3, "bbox": None}]
    assert match([_reading("d8", 3, (0, 0, 5, 5), 0.4), _reading("d8", 4, (9, 9, 20, 20), 0.8)], single) == [1]
    assert match([], single) == [None]


def test_a_square_reading_on_a_stretched_die_matches_where_each_box_holds_the_others_centre():
    stretched = [{"type": "d6", "value": 4, "bbox": [100, 80, 140, 150]}]  # a die in a photo stretched upright
    on_it = _reading("d6", 4, (100, 105, 160, 165))  # its box overlaps the label's by less than half
    assert box_iou(on_it.bbox, stretched[0]["bbox"]) < 0.5
    assert match([on_it], stretched) == [0]
    off_it = _reading("d6", 4, (130, 130, 185, 185))  # holds the label's corner, not its centre
    assert match([off_it], stretched) == [None]
    assert match([off_it, on_it], stretched) == [1]


def test_tally_report_counts_detection_values_colours_and_confidence():
    tally = Tally()
    labels = [{"type": "d6", "value": 1, "bbox": [0, 0, 10, 10], "colour": "red"},
              {"type": "d4", "value": 3, "bbox": [50, 50, 60, 60], "colour": "blue"},
              {"type": "d8", "value": 5, "bbox": [100, 100, 110, 110], "colour": "red"}]
    readings = [_reading("d6", 1, (0, 0, 10, 10), 0.95), _reading("d4", 2, (50, 50, 60, 60), 0.5, colour="blue"),
                _reading("d6", 6, (200, 200, 210, 210), 0.3)]
    tally.add(labels, readings, 12.0)
    report = tally.report(threshold=0.8)
    assert report["detection"] == {"recall": round(2 / 3, 4), "precision": round(2 / 3, 4),
                                   "false_positives_per_frame": 1.0}
    assert report["type_accuracy"] == 1.0
    # Value accuracy is over detected dice; the d8 was missed, which recall already counts.
    assert report["value_accuracy"] == {"d4": 0.0, "d6": 1.0, "d8": None}
    assert report["colour_accuracy"] == 1.0
    assert report["confidence"]["flagged_share"] == round(2 / 3, 4)
    assert report["confidence"]["accuracy_accepted"] == 1.0
    assert report["confidence"]["accuracy_flagged"] == 0.0
    curve = {point["threshold"]: (point["accepted"], point["right"]) for point in report["confidence"]["curve"]}
    assert curve[0.5] == (2, 1) and curve[0.8] == (1, 1) and curve[0.98] == (0, 0)
    json.dumps(report)


def test_value_accuracy_is_null_for_absent_types_and_colour_null_when_unlabelled():
    tally = Tally()
    tally.add([{"type": "d6", "value": None, "bbox": None}], [_reading("d6", 4, (0, 0, 9, 9))], 5.0)
    report = tally.report(0.8)
    assert report["value_accuracy"] == {"d4": None, "d6": None, "d8": None}
    assert report["colour_accuracy"] is None
    assert report["type_accuracy"] == 1.0


def test_dice_of_types_the_reader_does_not_read_are_neither_right_nor_false():
    tally = Tally()
    labels = [{"type": "d10", "value": 7, "bbox": [0, 0, 10, 10]}, {"type": "d6", "value": 2, "bbox": [50, 50, 60, 60]}]
    tally.add(labels, [_reading("d8", 7, (0, 0, 10, 10)), _reading("d6", 2, (50, 50, 60, 60))], 5.0)
    report = tally.report(0.8)
    assert report["dice"] == 1 and report["ignored_dice"] == 1
    assert report["detection"] == {"recall": 1.0, "precision": 1.0, "false_positives_per_frame": 0.0}
    assert report["confidence"]["readings"] == 1 and report["confidence"]["accuracy_all"] == 1.0


def test_false_dice_are_counted_only_on_complete_frames():
    tally = Tally()
    labels = [{"type": "d6", "value": 3, "bbox": [0, 0, 10, 10]}]
    stray = _reading("d6", 5, (80, 80, 90, 90))
    tally.add(labels, [_reading("d6", 3, (0, 0, 10, 10)), stray], 5.0, complete=False)
    report = tally.report(0.8)
    assert report["frames"] == 1 and report["frames_complete"] == 0
    assert report["detection"] == {"recall": 1.0, "precision": None, "false_positives_per_frame": None}
    assert report["confidence"]["readings"] == 1  # the stray reading may be an unlabelled die: not judged
    tally.add(labels, [_reading("d6", 3, (0, 0, 10, 10)), stray], 5.0, complete=True)
    report = tally.report(0.8)
    assert report["frames_complete"] == 1
    assert report["detection"]["false_positives_per_frame"] == 1.0
    assert report["detection"]["precision"] == 0.5
    assert report["confidence"]["readings"] == 3 and report["confidence"]["accuracy_all"] == round(2 / 3, 4)


def test_value_recall_counts_missed_dice_as_wrong_and_balances_over_values():
    tally = Tally()
    labels = [{"type": "d4", "value": 1, "bbox": [0, 0, 10, 10]}, {"type": "d4", "value": 1, "bbox": [20, 0, 30, 10]},
              {"type": "d4", "value": 1, "bbox": [40, 0, 50, 10]}, {"type": "d4", "value": 2, "bbox": [60, 0, 70, 10]},
              {"type": "d6", "value": 4, "bbox": [80, 0, 90, 10], "numerals": True},
              {"type": "d6", "value": 4, "bbox": [100, 0, 110, 10]},
              {"type": "d4", "value": 3, "bbox": [120, 0, 130, 10], "read_at": "base"}]
    readings = [_reading("d4", 1, (0, 0, 10, 10)), _reading("d4", 1, (20, 0, 30, 10)),
                _reading("d4", 2, (60, 0, 70, 10)), _reading("d6", 4, (80, 0, 90, 10)),
                _reading("d4", 1, (120, 0, 130, 10))]
    tally.add(labels, readings, 5.0)
    report = tally.report(0.8)
    # The D4 read at its base, read wrong, counts apart from those read at the point.
    assert report["value_recall"] == {"d4": 0.75, "d4_base": 0.0, "d6": 0.0, "d6_numerals": 1.0, "d8": None}
    # d4: value 1 found 2 of 3, value 2 found 1 of 1.
    assert report["value_recall_balanced"] == {"d4": round((2 / 3 + 1) / 2, 4), "d4_base": 0.0, "d6": 0.0,
                                               "d6_numerals": 1.0, "d8": None}
    assert report["value_accuracy"]["d4"] == 0.75  # of the D4s found (by type, both ways), the base one was wrong
    # The printed table has a column under each heading: d4 0.833, d4b 0.000, d6 0.000, d6n 1.000, d8 -.
    header, row = format_report({"manifest": "m.jsonl", **report}).splitlines()[1:]
    columns = dict(zip(header.split(), row.split()))
    assert [columns[k] for k in ("d4", "d4b", "d6", "d6n", "d8")] == ["0.833", "0.000", "0.000", "1.000", "-"]


def test_a_label_boxing_only_the_pips_matches_the_reading_around_it():
    pips = [{"type": "d6", "value": 1, "bbox": [367, 188, 380, 203]}]
    around = _reading("d6", 1, (337, 165, 410, 238))
    beside = _reading("d6", 1, (380, 200, 450, 270))  # holds part of the label, far off its middle
    assert match([around], pips) == [0]
    assert match([beside], pips) == [None]
    # One reading matches one label at most, even where it holds two.
    two = [{"type": "d6", "value": 1, "bbox": [367, 188, 380, 203]}, {"type": "d6", "value": 1, "bbox": [370, 195, 382, 207]}]
    assert sorted(match([around], two), key=str) == [0, None]


def test_with_types_known_a_complete_frames_dice_are_read_as_the_labelled_types(tmp_path):
    """``--types-known``: as at a roll, the reader is told the frame's die types; a frame not marked complete
    may hold dice nobody labelled, so its types are not known."""
    import cv2
    import numpy as np

    from tests.vision.test_known_types import joint
    from vision.evaluate import evaluate_manifest

    cv2.imwrite(str(tmp_path / "die.png"), np.full((100, 100, 3), 200, np.uint8))
    label = {"type": "d6", "value": 3, "bbox": [25, 25, 75, 75]}
    rows = [{"image": "die.png", "dice": [label], "complete": complete, "group": str(complete)}
            for complete in (True, False)]
    manifest = tmp_path / "manifest.jsonl"
    manifest.write_text("".join(json.dumps(r) + "\n" for r in rows))

    class ReadsAD8:
        def read(self, frame):
            die = _reading("d8", 7, (25, 25, 75, 75), confidence=0.7)
            die.type_value_probabilities = joint(("d8", 7), other=("d6", 3))
            return [die]

    plain = evaluate_manifest(manifest, ReadsAD8())
    known = evaluate_manifest(manifest, ReadsAD8(), types_known=True)
    assert plain["type_accuracy"] == 0.0 and "types_known" not in plain
    assert known["types_known"] and known["groups"]["True"]["type_accuracy"] == 1.0
    assert known["groups"]["True"]["value_recall"]["d6"] == 1.0
    assert known["groups"]["False"]["type_accuracy"] == 0.0


def test_with_types_known_dice_of_types_the_reader_does_not_read_are_left_out(tmp_path):
    """A frame that also holds a D10 and a D20: the reader is told only the D4/D6/D8 types, and the readings on
    the other dice are left as they are, where before the whole frame's types were given up on."""
    import cv2
    import numpy as np

    from tests.vision.test_known_types import joint
    from vision.evaluate import evaluate_manifest

    cv2.imwrite(str(tmp_path / "dice.png"), np.full((100, 300, 3), 200, np.uint8))
    labels = [{"type": "d6", "value": 3, "bbox": [0, 25, 50, 75]}, {"type": "d10", "value": 7, "bbox": [100, 25, 150, 75]},
              {"type": "d20", "value": 12, "bbox": [200, 25, 250, 75]}]
    manifest = tmp_path / "manifest.jsonl"
    manifest.write_text(json.dumps({"image": "dice.png", "dice": labels, "complete": True, "group": "g"}) + "\n")

    class ReadsD8s:
        def read(self, frame):
            dice = [_reading("d8", 7, (x, 25, x + 50, 75), confidence=0.7) for x in (0, 100, 200)]
            for die in dice:
                die.type_value_probabilities = joint(("d8", 7), other=("d6", 3))
            return dice

    known = evaluate_manifest(manifest, ReadsD8s(), types_known=True)
    assert known["dice"] == 1 and known["ignored_dice"] == 2
    assert known["type_accuracy"] == 1.0 and known["value_recall"]["d6"] == 1.0
    assert evaluate_manifest(manifest, ReadsD8s())["type_accuracy"] == 0.0


def test_confidence_is_reported_for_each_die_type():
    """``confidence.by_type``: the threshold must hold for each kind of die, so each type's readings accepted,
    right and flagged are counted apart (a false die under the type it was read as)."""
    tally = Tally()
    labels = [{"type": "d4", "value": 1, "bbox": [0, 0, 10, 10]}, {"type": "d8", "value": 5, "bbox": [20, 0, 30, 10]},
              {"type": "d8", "value": 2, "bbox": [40, 0, 50, 10]}]
    readings = [_reading("d4", 1, (0, 0, 10, 10), confidence=0.9), _reading("d8", 5, (20, 0, 30, 10), confidence=0.95),
                _reading("d8", 3, (40, 0, 50, 10), confidence=0.9), _reading("d6", 2, (80, 80, 90, 90), confidence=0.5)]
    tally.add(labels, readings, 5.0)
    by_type = tally.report(0.8)["confidence"]["by_type"]
    assert by_type["d4"] == {"accepted": 1, "right": 1, "accuracy_accepted": 1.0, "flagged": 0}
    assert by_type["d8"] == {"accepted": 2, "right": 1, "accuracy_accepted": 0.5, "flagged": 0}
    assert by_type["d6"] == {"accepted": 0, "right": 0, "accuracy_accepted": None, "flagged": 1}
