"""The 3D dice renderer that teaches the numeral reader: face layouts, and which way each numeral stands."""
import cv2
import numpy as np
import pytest

pytest.importorskip("PIL", reason="the renderer needs the train extra (Pillow)")

from vision.classifier import GreyPyramid  # noqa: E402
from vision.readings import FACES  # noqa: E402
from vision.training import dice3d  # noqa: E402
from vision.training.numeral_bank import NOT_UPRIGHT, UPRIGHT_SPREAD, labelled_turns  # noqa: E402


@pytest.fixture(scope="module")
def font():
    fonts = dice3d.font_files()
    if not fonts:
        pytest.skip("no system fonts with digits (Debian's font packages, docs/vision.md)")
    return next((f for f in fonts if "DejaVuSans-Bold" in f), fonts[0])


def _plain_look(font: str, die_type: str) -> dice3d.Look:
    """Black numerals on a white, opaque, one-colour die: a numeral's shape is easy to match."""
    return dice3d.Look(body=np.full(3, 0.95), second=np.full(3, 0.95), marble=0.0, ink=np.zeros(3), font=font,
                       engraved=False, numeral_size=0.7 if die_type != "d4" else 0.42, underline="bar", pips=False,
                       translucent=0.0, bevel=0.03)


@pytest.mark.parametrize("die_type,total", [("d6", 7), ("d8", 9)])
def test_opposite_faces_sum_as_on_real_dice(die_type, total):
    solid = dice3d.SOLIDS[die_type]
    normals = [solid.normal(f) for f in range(len(solid.faces))]
    summed = 0
    for seed in range(20):
        values = dice3d.face_values(die_type, np.random.default_rng(seed))
        assert sorted(values) == list(range(1, len(values) + 1))
        opposite = [int(np.argmin([n @ m for m in normals])) for n in normals]
        summed += all(values[f] + values[o] == total for f, o in enumerate(opposite))
    assert summed >= 14  # most D8s, every D6


@pytest.mark.parametrize("die_type", ["d4", "d6", "d8"])
def test_faces_are_seen_from_outside_counter_clockwise(die_type):
    solid = dice3d.SOLIDS[die_type]
    for face in range(len(solid.faces)):
        assert solid.normal(face) @ solid.centroid(face) > 0


@pytest.mark.parametrize("die_type,copies", [("d4", 3), ("d6", 1), ("d8", 1)])
def test_the_value_stands_once_on_top_or_three_times_around_a_d4s_point(font, die_type, copies):
    """Seen at a slant, one of a D4's three faces around its point may face away from the camera."""
    rng = np.random.default_rng(4)
    background = np.full((128, 128, 3), 90, np.uint8)
    for _ in range(5):
        render = dice3d.render_die(rng, die_type, background, look=_plain_look(font, die_type))
        assert len(render.ups) == copies or (die_type == "d4" and len(render.ups) == 2)
        assert 1 <= render.value <= FACES[die_type]
        for a in range(len(render.ups)):
            for b in range(a):
                assert abs((render.ups[a] - render.ups[b] + 180) % 360 - 180) > 30


@pytest.mark.parametrize("die_type", ["d6", "d8"])
def test_a_crop_turned_by_the_numerals_angle_shows_it_upright(font, die_type):
    """The crop turned so that the top face's numeral points up matches the upright glyph better than the
    same crop turned half round: the angle the renderer reports is the numeral's in the image."""
    rng = np.random.default_rng(11)
    background = np.full((128, 128, 3), 90, np.uint8)
    upright_better = 0
    for _ in range(6):
        render = dice3d.render_die(rng, die_type, background, look=_plain_look(font, die_type))
        if render.value in (6, 9):
            render = dice3d.render_die(rng, die_type, background, look=_plain_look(font, die_type), value=2)
        pyramid = GreyPyramid(render.image)
        scores = []
        for turn in (render.ups[0], render.ups[0] + 180):
            crop = pyramid.crop(render.centre, render.size * 0.7, 48, turn).astype(np.float32)
            scores.append(max(float(cv2.matchTemplate(crop, 255 * (1 - dice3d.glyph(font, str(render.value), h, "")),
                                                      cv2.TM_CCOEFF_NORMED).max()) for h in range(10, 34, 2)))
        upright_better += scores[0] > scores[1]
    assert upright_better >= 5


def test_crops_labelled_upright_lie_near_a_numeral_and_the_others_far_from_every_one():
    rng = np.random.default_rng(2)
    ups = [10.0, 130.0, 250.0]
    for _ in range(50):
        for turn, upright in labelled_turns(ups, rng):
            off = min(abs((turn - up + 180) % 360 - 180) for up in ups)
            assert off <= UPRIGHT_SPREAD if upright else off >= NOT_UPRIGHT


def test_a_translucent_dies_far_edges_show_through_it_and_nothing_else_changes():
    behind = np.full((40, 40, 3), 0.5, np.float32)
    square = np.array([[10.0, 10.0], [30.0, 10.0], [30.0, 30.0], [10.0, 30.0]])
    dice3d._draw_back_edges(behind, [square], np.random.default_rng(1))
    changed = np.abs(behind[..., 0] - 0.5) > 0.02
    assert changed[10, 15:25].all() and changed[15:25, 30].all()  # along the edges
    assert not changed[14:27, 14:27].any() and not changed[:6].any()  # not inside the face, nor off the die
