"""The reader's 3D-rendered dice: whole dice cut as the reader cuts them, labelled with their type and value, and
cached chunk by chunk so a stopped run resumes."""
import numpy as np
import pytest

from vision.classifier import CLASSES, READER_CROP


@pytest.fixture
def reader_renders():
    pytest.importorskip("PIL", reason="the renderer needs the train extra (Pillow)")
    from vision.training import dice3d, reader_renders

    if not dice3d.font_files():
        pytest.skip("no system fonts with digits (Debian's font packages, docs/vision.md)")
    return reader_renders


def test_each_kind_of_die_is_rendered_in_turn_and_labelled_with_its_type_and_value(reader_renders):
    crops, classes = reader_renders.render_chunk(0, 5, [], dice=8)
    assert crops.shape == (8 * reader_renders.CROPS_A_DIE, READER_CROP, READER_CROP)
    types = [CLASSES[c][0] for c in classes]
    expected = [t for t, _ in reader_renders.KINDS for _ in range(reader_renders.CROPS_A_DIE)] * 2
    assert types == expected
    assert all(1 <= CLASSES[c][1] for c in classes)
    # The die stands out in the middle of its crop: the middle differs from the table around it.
    middle = crops[:, READER_CROP // 3:-READER_CROP // 3, READER_CROP // 3:-READER_CROP // 3].astype(float)
    border = np.concatenate([crops[:, :4].reshape(len(crops), -1), crops[:, -4:].reshape(len(crops), -1)], axis=1)
    assert np.median(np.abs(middle.mean(axis=(1, 2)) - border.mean(axis=1)) + middle.std(axis=(1, 2))) > 10


def test_rendered_dice_are_cached_and_never_rendered_twice(reader_renders, tmp_path, monkeypatch):
    first = reader_renders.rendered_dice(3, 7, tmp_path, [])
    assert len(first.crops) == 3 * reader_renders.CROPS_A_DIE and len(list(tmp_path.rglob("*.npz"))) == 1

    def render_again(*args, **kwargs):
        raise AssertionError("a cached chunk was rendered again")

    monkeypatch.setattr(reader_renders, "render_chunk", render_again)
    again = reader_renders.rendered_dice(3, 7, tmp_path, [])
    assert again.classes == first.classes
    assert all(np.array_equal(a, b) for a, b in zip(again.crops, first.crops))


def test_only_the_types_asked_for_are_taken_from_the_same_cached_renders(reader_renders, tmp_path):
    every = reader_renders.rendered_dice(8, 7, tmp_path, [])
    some = reader_renders.rendered_dice(8, 7, tmp_path, [], types=("d6", "d8"))
    assert len(list(tmp_path.rglob("*.npz"))) == 1
    kept = [(crop, cls) for crop, cls in zip(every.crops, every.classes) if CLASSES[cls][0] != "d4"]
    assert {CLASSES[c][0] for c in every.classes} == {"d4", "d6", "d8"}
    assert len(some.crops) == len(kept) == 6 * reader_renders.CROPS_A_DIE
    assert some.classes == [cls for _, cls in kept]
    assert all(np.array_equal(a, b) for a, b in zip(some.crops, (crop for crop, _ in kept)))
