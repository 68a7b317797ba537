"""The D4 point finder's training renders: crops of rendered D4s, each with where the die's point lies in it."""
import numpy as np
import pytest

pytest.importorskip("PIL", reason="the renderer needs the train extra (Pillow)")

from vision.d4_point import APEX_CROP, APEX_WINDOW  # noqa: E402
from vision.training import d4_apex, dice3d  # noqa: E402


@pytest.fixture(scope="module")
def chunk():
    if not dice3d.font_files():
        pytest.skip("no system fonts with digits (Debian's font packages, docs/vision.md)")
    return d4_apex.apex_chunk(0, 3, [], dice=12)


def test_the_renderer_sees_a_d4s_point_where_its_top_corner_is_drawn():
    """With the table and the plastic one colour each and the light from above, a D4 seen from above shows its
    three faces in three shades; the point is where all three meet."""
    if not dice3d.font_files():
        pytest.skip("no system fonts with digits (Debian's font packages, docs/vision.md)")
    rng = np.random.default_rng(11)
    render = dice3d.render_die(rng, "d4", np.full((128, 128, 3), 200, np.uint8), one_die_photos=False)
    assert render.apex is not None
    x, y = (int(round(v)) for v in render.apex)
    grey = render.image.mean(axis=2)
    near = grey[y - 6:y + 7, x - 6:x + 7]
    assert np.abs(near - 200).max() > 40  # the die, not the table, is seen around it
    assert dice3d.render_die(np.random.default_rng(11), "d8", np.full((128, 128, 3), 200, np.uint8)).apex is None


def test_each_crop_is_labelled_with_its_dies_point_inside_it(chunk):
    crops, offsets = chunk
    assert crops.shape == (12, APEX_CROP, APEX_CROP) and crops.dtype == np.uint8
    assert offsets.shape == (12, 2)
    # The point lies within the die's box (a crop turned at random may cut off its corners).
    assert np.all(np.linalg.norm(offsets, axis=1) * APEX_WINDOW < 0.8)
    assert np.std(offsets) > 0.05  # at a slant and turned, it is not always in the middle


def test_the_same_chunk_is_made_again_the_same(chunk):
    crops, offsets = d4_apex.apex_chunk(0, 3, [], dice=12)
    assert np.array_equal(crops, chunk[0]) and np.array_equal(offsets, chunk[1])
