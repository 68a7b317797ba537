"""A D4's point: its triangle and point found, the crops cut by it, and their rows voted."""
import cv2
import numpy as np

from vision import d4_point
from vision.classifier import NUMERAL_CROP, GreyPyramid
from vision.detect import ContrastImage

CORNERS = np.array([(60.0, 150.0), (160.0, 140.0), (100.0, 50.0)])
POINT = np.array([112.0, 108.0])  # off the triangle's middle (106.7, 113.3), as with the camera at a slant


def _d4_from_above(caption: bool = False) -> np.ndarray:
    """A D4 on a light table: three faces, each lit differently, meeting at ``POINT``."""
    image = np.full((200, 220, 3), 225, np.uint8)
    for j, shade in enumerate((90, 130, 165)):
        face = np.array([POINT, CORNERS[(j + 1) % 3], CORNERS[(j + 2) % 3]], np.int32)
        cv2.fillConvexPoly(image, face, (shade, shade, shade), cv2.LINE_AA)
    if caption:  # thin print across the die and beyond it
        for row, text in ((60, "features: 97"), (105, "matches: 25"), (150, "members: 113")):
            cv2.putText(image, text, (5, row), cv2.FONT_HERSHEY_PLAIN, 1.1, (255, 255, 255), 1, cv2.LINE_AA)
    return image


def _locate(image: np.ndarray):
    return d4_point.locate(GreyPyramid(image), ContrastImage.of(image), (110.0, 100.0), 110.0)


def test_the_point_is_found_where_the_three_ridges_meet_not_in_the_triangles_middle():
    point = _locate(_d4_from_above())
    assert point is not None
    assert np.abs(np.sort(point.triangle, axis=0) - np.sort(CORNERS, axis=0)).max() < 6
    assert np.linalg.norm(point.point - POINT) < 4
    assert np.linalg.norm(CORNERS.mean(axis=0) - POINT) > 7  # the middle would have been wrong


def test_thin_print_over_the_die_moves_neither_triangle_nor_point():
    point = _locate(_d4_from_above(caption=True))
    assert point is not None
    assert np.abs(np.sort(point.triangle, axis=0) - np.sort(CORNERS, axis=0)).max() < 6
    assert np.linalg.norm(point.point - POINT) < 4


def test_no_silhouette_no_point():
    assert _locate(np.full((200, 200, 3), 128, np.uint8)) is None


def test_each_faces_crop_stands_the_point_up():
    """On each face, a bright mark between the point and the crop's middle shows straight above the middle of
    that face's unturned crop."""
    point = d4_point.D4Point(CORNERS, POINT)
    looks = point.numeral_looks()
    assert len(looks) == 3 * len(d4_point.FACE_TURNS)
    unturned = looks[d4_point.FACE_TURNS.index(0.0)::len(d4_point.FACE_TURNS)]
    assert unturned == point.faces()
    for face, (centre, window, angle) in enumerate(unturned):
        image = _d4_from_above()
        far = (CORNERS[(face + 1) % 3] + CORNERS[(face + 2) % 3]) / 2
        cv2.circle(image, tuple(int(round(v)) for v in POINT + 0.25 * (far - POINT)), 2, (255, 255, 255), -1)
        crop = GreyPyramid(image).crop(centre, window, NUMERAL_CROP, angle)
        y, x = np.unravel_index(int(np.argmax(crop)), crop.shape)
        assert y < NUMERAL_CROP * 0.4 and abs(x - (NUMERAL_CROP - 1) / 2) < 3


def _rows(face_values) -> np.ndarray:
    """The digit reader's rows at ``numeral_looks``: each face's value upright at its unturned look."""
    rows = np.zeros((3 * len(d4_point.FACE_TURNS), 9))
    rows[:, 0] = 1.0
    for face, value in enumerate(face_values):
        k = face * len(d4_point.FACE_TURNS) + d4_point.FACE_TURNS.index(0.0)
        rows[k] = 0.02
        rows[k, value] = 0.86
    return rows


def test_the_faces_vote_and_one_misread_face_does_not_veto_the_value():
    odds = d4_point.point_values(_rows([3, 3, 1]))
    assert odds.shape == (4,) and abs(odds.sum() - 1) < 1e-9
    assert int(np.argmax(odds)) + 1 == 3 and odds[0] > odds[1]
    assert d4_point.point_values(_rows([2, 2, 2]))[1] > 0.9
