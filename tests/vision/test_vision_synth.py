import json

import numpy as np
import pytest

from vision import synth
from vision.readings import FACES


def test_render_scene_labels_every_die_where_it_is_drawn():
    rng = np.random.default_rng(1)
    dice = [synth.DieSpec("d4", 3, "red", (100, 100), 10, 60), synth.DieSpec("d6", 5, "blue", (300, 120), 45, 70),
            synth.DieSpec("d8", 8, "white", (200, 250), 200, 80, pips=False)]
    background = np.full((360, 480, 3), 90, np.uint8)
    frame, labels = synth.render_scene(dice, background, synth.SceneStyle(noise_sigma=0, shadow=0), rng)
    assert frame.shape == (360, 480, 3)
    assert [(label["type"], label["value"], label["colour"]) for label in labels] == [("d4", 3, "red"), ("d6", 5, "blue"),
                                                                      ("d8", 8, "white")]
    for spec, label in zip(dice, labels):
        x0, y0, x1, y1 = label["bbox"]
        assert x0 < spec.centre[0] < x1 and y0 < spec.centre[1] < y1
        assert 0.6 * spec.size < max(x1 - x0, y1 - y0) < 1.6 * spec.size
        # The die changed the pixels inside its box and left the table outside alone.
        inside = frame[int(spec.centre[1]) - 5:int(spec.centre[1]) + 5, int(spec.centre[0]) - 5:int(spec.centre[0]) + 5]
        assert np.abs(inside.astype(int) - 90).max() > 30
    assert np.all(frame[5:20, 440:470] == 90)


def test_paint_hook_draws_under_the_camera_transform():
    painted = []

    def paint(table):
        painted.append(table.shape)
        table[10:40, 10:40] = 255

    background = np.zeros((200, 300, 3), np.uint8)
    frame, _ = synth.render_scene([], background, synth.SceneStyle(noise_sigma=0, shadow=0), paint=paint)
    assert painted == [(200, 300, 3)]
    assert frame[25, 25].min() == 255 and frame[100, 150].max() == 0


def test_tilted_camera_moves_boxes_with_the_dice():
    dice = [synth.DieSpec("d6", 2, "green", (60, 60), 0, 50)]
    background = np.full((300, 400, 3), 60, np.uint8)
    _, flat = synth.render_scene(dice, background, synth.SceneStyle(noise_sigma=0), np.random.default_rng(0))
    _, tilted = synth.render_scene(dice, background, synth.SceneStyle(noise_sigma=0, tilt_deg=30),
                                   np.random.default_rng(0))
    assert flat[0]["bbox"] != tilted[0]["bbox"]


def test_random_scene_values_are_valid_faces():
    rng = np.random.default_rng(3)
    frame, labels = synth.random_scene(rng, 640, 480, 10, size_range=(30, 60))
    assert labels
    for label in labels:
        assert 1 <= label["value"] <= FACES[label["type"]]
        assert label["colour"] in synth.PLAYER_COLOURS_BGR


def test_write_dataset_uses_the_shared_manifest_format(tmp_path):
    manifest = synth.write_dataset(tmp_path, frames=2, seed=5, width=320, height=240, count_range=(2, 3),
                                   size_range=(30, 50))
    rows = [json.loads(line) for line in open(manifest)]
    assert len(rows) == 2
    for row in rows:
        assert (tmp_path / row["image"]).exists()
        assert {"image", "width", "height", "dice", "complete", "grayscale", "group"} <= set(row)
        for die in row["dice"]:
            assert set(die) == {"type", "value", "colour", "bbox"}


def test_unknown_die_type_is_refused():
    with pytest.raises(ValueError):
        synth.render_scene([synth.DieSpec("d20", 1, "red", (50, 50))], np.zeros((100, 100, 3), np.uint8))


@pytest.mark.parametrize("font", synth._FONTS)
def test_numerals_are_drawn_as_tall_as_asked_in_every_font(font):
    """Each font's digits come out the height asked for: a font drawn smaller at one scale gives
    dice with numerals too small to read, unlike any die on a table."""
    for digit in "2348":
        canvas = np.zeros((120, 120, 3), np.uint8)
        synth._stamp_text(canvas, digit, (60, 60), 0.0, 40, (255, 255, 255), font, 2)
        rows = np.flatnonzero(canvas[..., 0].max(axis=1) > 127)
        tall = rows[-1] - rows[0] + 1
        assert 0.85 * 40 <= tall <= 1.15 * 40, f"font {font}: a {digit} asked 40 px tall is {tall} px tall"
