"""Training crops are cut like the reader cuts them, with labels that match, and drawn and weighed as meant
(torch only for the loss)."""
import math

import numpy as np
import pytest

from vision import synth
from vision.classifier import FINDER_CROP, READER_CROP, class_index, decode_box
from vision.training.samples import samples_from_frame, single_die_box


def _frame():
    rng = np.random.default_rng(4)
    dice = [synth.DieSpec("d8", 7, "blue", (120, 110), 30, 60), synth.DieSpec("d4", 2, "red", (300, 200), 0, 70)]
    return synth.render_scene(dice, synth.make_background(rng, 420, 320, "felt"), synth.SceneStyle(), rng)


def test_crops_have_the_model_sizes_and_the_die_labels():
    frame, labels = _frame()
    samples = samples_from_frame(frame, labels, np.random.default_rng(0), per_die=3, negatives=4)
    finder_crops, finder_classes, finder_boxes = samples.finder.arrays()
    reader_crops, reader_classes, _ = samples.reader.arrays()
    assert finder_crops.shape[1:] == (FINDER_CROP, FINDER_CROP)
    assert reader_crops.shape[1:] == (READER_CROP, READER_CROP)
    assert sorted(set(reader_classes[reader_classes > 0])) == sorted({class_index("d8", 7), class_index("d4", 2)})
    assert (finder_classes == 1).sum() == 6 and (reader_classes > 0).sum() == 6
    # Box targets: a die centre within the crop and a size below the window.
    positive = finder_boxes[finder_classes == 1]
    assert np.all(np.abs(positive[:, :2]) < 0.25) and np.all(positive[:, 2] < 0)


def test_box_target_decodes_back_to_the_die_when_unrotated():
    centre, window, shift = np.array([100.0, 80.0]), 90.0, np.array([6.0, -4.0])
    target = np.array([shift[0] / window, shift[1] / window, math.log(60 / window)])
    (x, y), size = decode_box(tuple(centre - shift), window, target)
    assert (x, y) == (100.0, 80.0) and abs(size - 60) < 1e-6


def test_single_die_box_finds_the_die_on_plain_paper():
    rng = np.random.default_rng(1)
    background = np.full((300, 300, 3), 225, np.uint8)
    frame, labels = synth.render_scene([synth.DieSpec("d6", 4, "green", (170, 140), 20, 90)], background,
                                       synth.SceneStyle(), rng)
    box = single_die_box(frame)
    x0, y0, x1, y1 = labels[0]["bbox"]
    assert box is not None
    assert abs(box[0] - x0) < 12 and abs(box[1] - y0) < 12 and abs(box[2] - x1) < 12 and abs(box[3] - y1) < 12


def test_a_left_out_source_teaches_nothing_and_renders_come_apart(monkeypatch, tmp_path):
    import argparse

    from vision.training import sources, train

    for name, seed in (("rune55_d6", 1), ("epanemu_d6", 2)):
        synth.write_dataset(tmp_path / "photos" / name, frames=2, seed=seed, width=320, height=240,
                            count_range=(2, 3), size_range=(40, 50))
    monkeypatch.setattr(sources, "DATA_ROOT", tmp_path / "photos")
    monkeypatch.setattr(train, "CACHE_DIR", tmp_path / "cache")

    def real_crops(leave_out):
        args = argparse.Namespace(leave_out=leave_out, seed=5, scenes=2, jobs=1, rendered_dice=0)
        real, renders = train.collect(args)
        assert len(renders.reader.crops) > 0
        return len(real.reader.crops)

    both, one = real_crops([]), real_crops(["epanemu_d6"])
    alone = sources.source_samples(sources.SOURCES[0], 5, tmp_path / "cache", train._code_digest())
    assert 0 < one == len(alone.reader.crops) < both


def test_the_crops_cache_changes_with_the_renderer(monkeypatch):
    import pathlib

    from vision.training import train

    before = train._code_digest()
    assert before == train._code_digest()
    original = pathlib.Path.read_bytes
    monkeypatch.setattr(pathlib.Path, "read_bytes",
                        lambda path: original(path) + (b"# changed" if path.name == "synth.py" else b""))
    assert train._code_digest() != before


def test_the_whole_die_is_boxed_around_a_label_that_holds_only_its_middle():
    from vision.classifier import Finder, GreyPyramid
    from vision.training.samples import die_box_around

    rng = np.random.default_rng(7)
    frame, labels = synth.render_scene([synth.DieSpec("d6", 1, "white", (160, 120), 15, 60)],
                                       synth.make_background(rng, 320, 240, "wood"), synth.SceneStyle(), rng)
    x0, y0, x1, y1 = labels[0]["bbox"]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    box = die_box_around(Finder(), GreyPyramid(frame), [cx - 8, cy - 8, cx + 8, cy + 8])
    assert box is not None
    assert abs((box[0] + box[2]) / 2 - cx) < 8 and abs((box[1] + box[3]) / 2 - cy) < 8
    assert 0.75 < (box[2] - box[0]) / (x1 - x0) < 1.35


def test_each_kind_of_crop_is_drawn_as_often_and_few_real_crops_are_not_drawn_too_often():
    from vision.classifier import class_index
    from vision.training.train import VALUE_ONLY, crop_kinds, epoch_draw

    classes = np.array([0] * 100 + [class_index("d6", 3) + VALUE_ONLY] * 200 + [-1] * 10
                       + [class_index("d4", 2)] * 60 + [class_index("d8", 8)] * 50 + [class_index("d6", 1)] * 40)
    real = np.arange(len(classes)) < 310
    kinds = crop_kinds(classes)
    # no die, D4, D6 and D8 that teach their type, and dice that teach values only
    assert list(np.bincount(kinds)) == [100, 70, 40, 50, 200]
    drawn = epoch_draw(kinds, real, 1000, np.random.default_rng(0), real_share=0.6, most_repeats=3.0)
    assert list(np.bincount(kinds[drawn])) == [200] * 5
    # Value-only: all real (no render to draw); D4: 10 real crops drawn 3 times each; D6 and D8: renders only.
    assert (real[drawn] & (kinds[drawn] == 4)).sum() == 200
    assert (real[drawn] & (kinds[drawn] == 1)).sum() == 30
    assert not (real[drawn] & np.isin(kinds[drawn], [2, 3])).any()
    # Crops of no die drawn twice as often as each die type
    drawn = epoch_draw(kinds, real, 1200, np.random.default_rng(0), real_share=0.6, most_repeats=3.0, none_weight=2.0)
    assert list(np.bincount(kinds[drawn])) == [400] + [200] * 4


def test_a_crop_of_a_one_type_source_teaches_its_value_and_not_its_type():
    torch = pytest.importorskip("torch", reason="training needs the train extra")
    from vision.classifier import CLASSES, TYPE_SLICES, class_index
    from vision.training.train import VALUE_ONLY, class_loss

    logits = torch.zeros(1, len(CLASSES), requires_grad=True)
    class_loss(logits, torch.tensor([class_index("d6", 3) + VALUE_ONLY])).backward()
    push = -logits.grad[0]
    per_class = {t: float(push[s].sum()) / (s.stop - s.start) for t, s in TYPE_SLICES.items()}
    # Every die class gains alike, whatever its type: no type is favoured ...
    assert per_class["d4"] == pytest.approx(per_class["d8"])
    assert per_class["d6"] == pytest.approx(per_class["d4"], abs=1e-6)
    # ... while within D6 the labelled value gains on the others, and "no die" loses.
    assert push[class_index("d6", 3)] > 0 > push[class_index("d6", 4)] and push[0] < 0
