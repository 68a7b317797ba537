"""A table's own dice: examples a person confirmed, saved, and the values read by them."""
import io
import json

import cv2
import numpy as np
import pytest

from vision import synth
from vision.classifier import READER_WINDOW, GreyPyramid
from vision.evaluate import ENROLLED, _marked_examples, evaluate_manifest
from vision.examples import (EXAMPLE_ROTATIONS, EXAMPLES_PER_FACE, TEMPERATURES, DieExample, ExamplesUnusable, TableDice,
                             TableValues, _cross_validated, example_from_frame, turned)
from vision.readings import FACES
from vision.reader import DiceReader


def _d6_frame(value: int, colour: str, seed: int, rotation: float = 0.0):
    """One D6 with pips on felt: the frame and the die's label."""
    rng = np.random.default_rng(seed)
    die = synth.DieSpec("d6", value, colour, (120.0, 110.0), rotation=rotation, size=70.0)
    frame, labels = synth.render_scene([die], synth.make_background(rng, 240, 220, kind="felt"),
                                       synth.SceneStyle(noise_sigma=2.0), rng)
    return frame, labels[0]


def _example(value: int, shown: int, colour: str, seed: int) -> DieExample:
    """An example of a D6 showing ``shown``, confirmed by the person as ``value``."""
    frame, _ = _d6_frame(shown, colour, seed, rotation=seed * 37.0)
    return example_from_frame(frame, "d6", value, colour, (120.0, 110.0), 70.0)


def test_examples_survive_saving_and_a_damaged_file_says_so(tmp_path):
    dice = TableDice([_example(v, v, "red", v) for v in (1, 2, 3)])
    path = tmp_path / "dice.npz"
    dice.save(path)
    loaded = TableDice.load(path)
    assert [(e.die_type, e.value, e.colour) for e in loaded.examples] == [("d6", 1, "red"), ("d6", 2, "red"),
                                                                         ("d6", 3, "red")]
    assert np.array_equal(loaded.examples[2].reader_crop, dice.examples[2].reader_crop)
    assert loaded.counts() == {"d4": 0, "d6": 3, "d8": 0}
    path.write_bytes(path.read_bytes()[:100])
    with pytest.raises(ExamplesUnusable, match="damaged"):
        TableDice.load(path)
    np.savez(tmp_path / "other.npz", kind=np.array("something else"))
    with pytest.raises(ExamplesUnusable, match="not a set"):
        TableDice.load(tmp_path / "other.npz")


def _d4_from_above() -> np.ndarray:
    """A D4 on a light table: three faces, each lit differently, meeting at its point (110, 105)."""
    image = np.full((200, 220, 3), 225, np.uint8)
    corners = np.array([(60, 150), (160, 140), (100, 50)])
    for j, shade in enumerate((90, 130, 165)):
        cv2.fillConvexPoly(image, np.array([(110, 105), corners[(j + 1) % 3], corners[(j + 2) % 3]], np.int32),
                           (shade, shade, shade), cv2.LINE_AA)
    return image


def test_a_d4_example_keeps_each_faces_crop_by_its_point_and_a_save_without_them_still_loads(tmp_path):
    from vision import d4_point
    from vision.detect import ContrastImage

    frame = _d4_from_above()
    example = example_from_frame(frame, "d4", 2, "red", (110.0, 100.0), 110.0)
    assert example.point_crops is not None and example.point_crops.shape == (3, 64, 64)
    pyramid = GreyPyramid(frame)
    point = d4_point.shipped_finder().locate(pyramid, ContrastImage.of(frame), (110.0, 100.0), 110.0)
    for stored, (centre, window, angle) in zip(example.point_crops, point.faces()):
        in_frame = pyramid.crop(centre, window, 48, angle + 15.0).astype(int)
        assert np.abs(turned(stored, 48, 15.0).astype(int) - in_frame).mean() < 4
    assert example_from_frame(np.full((200, 220, 3), 225, np.uint8), "d4", 2, "red", (110.0, 100.0),
                              110.0).point_crops is None  # no die stands out: no point
    dice = TableDice([example, _example(3, 3, "red", 3)])
    loaded = TableDice.from_bytes(dice.to_bytes())
    assert np.array_equal(loaded.examples[0].point_crops, example.point_crops)
    assert loaded.examples[1].point_crops is None
    with np.load(io.BytesIO(dice.to_bytes())) as saved:  # as saved before D4 examples kept crops by the point
        older = {k: saved[k] for k in saved.files if k not in ("pointed", "points")}
    np.savez(tmp_path / "older.npz", **older)
    assert [e.point_crops for e in TableDice.load(tmp_path / "older.npz").examples] == [None, None]


def test_an_example_of_a_face_the_die_does_not_have_is_refused():
    with pytest.raises(ValueError, match="no d4 shows 5"):
        DieExample("d4", 5, "red", np.zeros((64, 64), np.uint8), np.zeros((64, 64), np.uint8))


def test_undo_removes_exactly_the_example_it_added():
    first, second = _example(1, 1, "red", 1), _example(1, 1, "red", 2)
    dice = TableDice([first, second])
    assert dice.remove(second) and dice.examples == [first]
    assert not dice.remove(second)


def test_a_turned_stored_crop_is_the_readers_crop_turned_in_the_frame():
    frame, _ = _d6_frame(3, "blue", 3)
    example = example_from_frame(frame, "d6", 3, "blue", (120.0, 110.0), 70.0)
    pyramid = GreyPyramid(frame)
    for angle in (0.0, 30.0, 90.0):
        in_frame = pyramid.crop((120.0, 110.0), 70.0 * READER_WINDOW, 48, angle).astype(int)
        assert np.abs(turned(example.reader_crop, 48, angle).astype(int) - in_frame).mean() < 4
    assert np.abs(turned(example.reader_crop, 48, 90.0).astype(int)
                  - turned(example.reader_crop, 48, 0.0).astype(int)).mean() > 10


@pytest.mark.slow
def test_values_come_from_the_examples_once_each_face_has_enough_of_them():
    """Dice of a colour no Automata seat plays (the worker dice of another game), enrolled with every face
    called one higher than it shows: once learnt, the reader follows the table's examples, not its networks."""
    reader = DiceReader()
    frame, label = _d6_frame(2, "purple", 100, rotation=20.0)
    assert reader.read(frame)[0].value == 2
    relabelled = [_example(shown % 6 + 1, shown, "purple", 10 * shown + k)
                  for shown in range(1, 7) for k in range(EXAMPLES_PER_FACE)]
    reader.learn(TableDice(relabelled[:-1]))  # the last face one example short: not learnt yet
    assert reader.read(frame)[0].value == 2
    reader.learn(TableDice(relabelled))
    reading = reader.read(frame)[0]
    assert (reading.die_type, reading.value) == ("d6", 3)
    reader.forget()
    assert reader.read(frame)[0].value == 2


@pytest.mark.slow
def test_a_type_the_networks_read_better_than_its_examples_stays_with_the_networks():
    """Rendered D6s confirmed as they show: the networks read them all right, and the examples can do no
    better, so they do not take over; the same dice called one higher, they do."""
    reader = DiceReader()
    right = [_example(v, v, "purple", 10 * v + k) for v in range(1, 7) for k in range(EXAMPLES_PER_FACE)]
    reader.learn(TableDice(right))
    assert not reader.table_values.knows("d6")
    assert reader.table_values.right["d6"].by_networks == 1.0
    relabelled = [_example(v % 6 + 1, v, "purple", 10 * v + k) for v in range(1, 7) for k in range(EXAMPLES_PER_FACE)]
    reader.learn(TableDice(relabelled))
    assert reader.table_values.knows("d6")
    assert reader.table_values.right["d6"].by_networks == 0.0
    assert reader.table_values.right["d6"].by_examples > 0.5


class _SeenFeatures:
    """Stands in for ``DieFeatures``: each die shows a feature of its own type (as a table's own D6 numerals
    and D8s differ to a regression fitted to them), and the networks take every die for a D8."""

    digits = None  # no digit reader

    def __init__(self, networks_right: bool):
        self.networks_right = networks_right

    def keep_only(self, examples):
        pass

    def of_example(self, example):
        row = np.zeros(8, np.float32)
        row[("d6", "d8").index(example.die_type)] = 1.0
        row[2 + example.value % 6] = 0.5
        return np.tile(row, (len(EXAMPLE_ROTATIONS), 1))

    def network_odds(self, example):
        return np.eye(FACES[example.die_type])[example.value - 1]

    def network_type_odds(self, example, types):
        return np.array([1.0 if t == (example.die_type if self.networks_right else "d8") else 0.0 for t in types])


def _table_of_two_types() -> TableDice:
    crop = np.zeros((64, 64), np.uint8)
    return TableDice([DieExample(t, v, "red", crop, crop) for t in ("d6", "d8") for v in range(1, FACES[t] + 1)
                      for _ in range(EXAMPLES_PER_FACE)], types=("d6", "d8"))


@pytest.mark.slow
def test_which_type_a_die_is_is_read_by_the_examples_once_every_type_is_learnt_if_they_read_it_better():
    values = TableValues(_SeenFeatures(networks_right=False), _table_of_two_types())
    assert values.knows_types()
    d8_share = FACES["d8"] / (FACES["d6"] + FACES["d8"])  # the networks' "D8" is right on the D8s only
    assert values.types_right.by_examples == 1.0 and values.types_right.by_networks == pytest.approx(d8_share)
    d6_view = _SeenFeatures(True).of_example(DieExample("d6", 2, "red", np.zeros((64, 64), np.uint8),
                                                        np.zeros((64, 64), np.uint8)))
    odds = values.type_odds(d6_view)
    assert odds.shape == (2,) and odds[0] > 0.9
    assert not TableValues(_SeenFeatures(networks_right=True), _table_of_two_types()).knows_types()
    one_short = TableDice(_table_of_two_types().examples[1:], types=("d6", "d8"))  # a D6 face one example short
    assert not TableValues(_SeenFeatures(networks_right=False), one_short).knows_types()


def test_a_regression_whose_unseen_examples_it_reads_no_better_than_chance_is_made_unsure():
    """Tried fold by fold, examples told apart by their features read right with odds left as fitted; examples
    whose features say nothing of their class get the largest temperature, so the regression is never sure."""
    rng = np.random.default_rng(1)
    classes = np.repeat(np.arange(4), 6)
    apart = [np.tile(np.eye(8)[v] + rng.normal(0, 0.05, 8), (len(EXAMPLE_ROTATIONS), 1)) for v in classes]
    right, temperature = _cross_validated(apart, classes, 4)
    assert right == 1.0 and temperature == TEMPERATURES[0]
    noise = [rng.normal(0, 1, (len(EXAMPLE_ROTATIONS), 8)) for _ in classes]
    right, temperature = _cross_validated(noise, classes, 4)
    assert right < 0.6 and temperature == TEMPERATURES[-1]


def test_a_table_that_enrolled_one_type_reads_every_die_as_that_type():
    reader = DiceReader()
    rng = np.random.default_rng(4)
    die = synth.DieSpec("d8", 3, "red", (120.0, 110.0), size=70.0)
    frame, _ = synth.render_scene([die], synth.make_background(rng, 240, 220, kind="felt"), rng=rng)
    assert reader.read(frame)[0].die_type == "d8"
    reader.learn(TableDice([_example(1, 1, "red", 1)]))
    assert reader.read(frame)[0].die_type == "d6"


def test_a_table_that_declares_its_die_types_reads_them_all_however_few_examples_it_has():
    reader = DiceReader()
    rng = np.random.default_rng(4)
    die = synth.DieSpec("d8", 3, "red", (120.0, 110.0), size=70.0)
    frame, _ = synth.render_scene([die], synth.make_background(rng, 240, 220, kind="felt"), rng=rng)
    dice = TableDice([_example(1, 1, "red", 1)], types=("d4", "d6", "d8"))
    assert dice.types == ("d4", "d6", "d8") and TableDice(dice.examples).types == ("d6",)
    reader.learn(dice)
    assert reader.read(frame)[0].die_type == "d8"


def test_enrol_marks_the_first_k_dice_of_each_face_in_manifest_order():
    rows = [{"image": f"{k}.png", "dice": [{"type": "d6", "value": v, "bbox": None}]}
            for k, v in enumerate([1, 1, 2, 1, 2, 2])]
    rows.append({"image": "x.png", "dice": [{"type": "d10", "value": 1, "bbox": None}]})
    marked = _marked_examples(rows, 2)
    assert [bool(r["dice"][0].get(ENROLLED)) for r in marked] == [True, True, True, False, True, False, False]


@pytest.mark.slow
def test_vision_eval_enrol_scores_only_the_dice_after_the_examples(tmp_path):
    lines = []
    for k, value in enumerate([1, 2, 3, 4, 5, 6] * EXAMPLES_PER_FACE + [4, 6]):
        frame, label = _d6_frame(value, "green", 200 + k, rotation=11.0 * k)
        cv2.imwrite(str(tmp_path / f"{k}.png"), frame)
        lines.append(json.dumps({"image": f"{k}.png", "dice": [dict(label)], "group": "table", "complete": True}))
    manifest = tmp_path / "manifest.jsonl"
    manifest.write_text("\n".join(lines) + "\n")
    result = evaluate_manifest(manifest, enrol=EXAMPLES_PER_FACE)
    assert result["enrol"] == EXAMPLES_PER_FACE
    assert result["enrolled_dice"] == 6 * EXAMPLES_PER_FACE
    assert result["dice"] == 2
    assert result["detection"]["false_positives_per_frame"] == 0.0
    assert result["value_recall"]["d6"] == 1.0


def test_a_tables_examples_are_written_as_photos_that_vision_eval_reads(tmp_path, capsys):
    from companion.cli import main

    dice = TableDice([_example(v, v, "red", v) for v in (2, 5)] + [_example(4, 4, "blue", 9)])
    saved = tmp_path / "calibration.dice.npz"
    dice.save(saved)
    out = tmp_path / "photos"
    assert main(["export-dice", str(saved), str(out), "--table", "kitchen"]) == 0
    assert "3 dice written" in capsys.readouterr().out
    rows = [json.loads(line) for line in (out / "manifest.jsonl").read_text().splitlines()]
    assert [(r["dice"][0]["type"], r["dice"][0]["value"], r["group"]) for r in rows] == [
        ("d6", 2, "kitchen red"), ("d6", 5, "kitchen red"), ("d6", 4, "kitchen blue")]
    photo = cv2.imread(str(out / rows[1]["image"]), cv2.IMREAD_GRAYSCALE)
    assert np.array_equal(photo, dice.examples[1].reader_crop)
    x0, y0, x1, y1 = rows[1]["dice"][0]["bbox"]
    assert (x0 + x1) / 2 == photo.shape[1] / 2 and x1 - x0 == pytest.approx(photo.shape[1] / (READER_WINDOW * 4 / 3), abs=0.02)
    assert main(["vision-eval", str(out / "manifest.jsonl"), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["dice"] == 3 and report["detection"]["recall"] == 1.0
    assert report["value_recall"]["d6"] == 1.0


def test_exporting_a_damaged_examples_file_says_so_in_one_line(tmp_path, capsys):
    from companion.cli import main

    damaged = tmp_path / "calibration.dice.npz"
    damaged.write_bytes(b"not the examples")
    assert main(["export-dice", str(damaged), str(tmp_path / "photos")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"export-dice: {damaged}: the table's dice examples are damaged") and err.count("\n") == 1
    assert not (tmp_path / "photos").exists()
