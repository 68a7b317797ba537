"""The digit reader's D4 crops: rendered D4s cut by the point as the reader cuts them, labelled by the way
the value's numeral on each face points."""
import numpy as np
import pytest

pytest.importorskip("PIL", reason="the renderer needs the train extra (Pillow)")

from vision.classifier import NUMERAL_CROP  # noqa: E402
from vision.training import d4_points, dice3d  # noqa: E402
from vision.training.digit_crops import NONE  # noqa: E402


@pytest.fixture(scope="module")
def chunk():
    if not dice3d.font_files():
        pytest.skip("no system fonts with digits (Debian's font packages, docs/vision.md)")
    return d4_points.point_chunk(0, 3, [], dice=12)


def test_each_found_face_gives_upright_crops_of_the_value_and_a_turned_one_of_none(chunk):
    crops, labels = chunk
    per_face = d4_points.UPRIGHT_CROPS + d4_points.TURNED_CROPS
    assert crops.shape[1:] == (NUMERAL_CROP, NUMERAL_CROP) and crops.dtype == np.uint8
    assert len(crops) == len(labels) and len(labels) % per_face == 0 and len(labels) >= 3 * per_face * 6
    faces = labels.reshape(-1, per_face)
    assert set(np.unique(labels)) <= {NONE, 1, 2, 3, 4}
    assert np.all(faces[:, d4_points.UPRIGHT_CROPS:] == NONE)  # turned away: none
    upright = faces[:, 0]
    assert np.all(faces[:, 1] == upright)  # both upright crops of a face say the same
    assert np.mean(upright != NONE) > 0.3  # many faces show the value by the point (a slanted view hides some)


def test_the_same_chunk_is_made_again_the_same(chunk):
    crops, labels = d4_points.point_chunk(0, 3, [], dice=12)
    assert np.array_equal(labels, chunk[1]) and np.array_equal(crops, chunk[0])
