import json

import pytest

from vision.evaluate import Tally, box_iou, match
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
    json.dumps(report)


def test_value_accuracy_is_null_for_absent_types_and_colour_null_when_unlabelled():
    tally = Tally()
    tally.add([{"type": "d6", "value": None, "bbox": None}], [_reading("d6", 4, (0, 0, 9, 9))], 5.0)
    report = tally.report(0.8)
    assert report["value_accuracy"] == {"d4": None, "d6": None, "d8": None}
    assert report["colour_accuracy"] is None
    assert report["type_accuracy"] == 1.0
