"""Tables of mixed dice: rendered dice laid on a photo of a table where no die lies, each labelled."""
import cv2
import numpy as np
import pytest

pytest.importorskip("PIL", reason="the renderer needs the train extra (Pillow)")

from vision.training import dice3d, table_scenes  # noqa: E402


def test_free_squares_keep_off_the_dice_and_each_other():
    rng = np.random.default_rng(4)
    taken = [[100, 100, 200, 200], [400, 50, 460, 110]]
    corners = table_scenes.free_squares((480, 640, 3), 80, taken, 12, rng)
    assert len(corners) >= 6
    squares = [[x, y, x + 80, y + 80] for x, y in corners]
    for k, square in enumerate(squares):
        assert 0 <= square[0] and square[2] <= 640 and 0 <= square[1] and square[3] <= 480
        assert not table_scenes._overlaps(square, taken + squares[:k] + squares[k + 1:])


def test_a_scene_keeps_the_tables_own_dice_and_labels_each_rendered_die_where_it_lies(tmp_path):
    if not dice3d.font_files():
        pytest.skip("no system fonts with digits (Debian's font packages, docs/vision.md)")
    table = np.full((360, 640, 3), (90, 120, 150), np.uint8)
    table[150:210, 300:360] = 240  # the table's own die
    cv2.imwrite(str(tmp_path / "table.png"), table)
    row = {"image": str(tmp_path / "table.png"), "dice": [{"type": "d6", "value": 3, "bbox": [300, 150, 360, 210]}]}
    image, labels = table_scenes.scene(row, 6, np.random.default_rng(2))
    assert image.shape == table.shape and labels[0] == row["dice"][0]
    rendered = labels[1:]
    assert len(rendered) >= 3
    assert {d["type"] for d in rendered} <= {"d4", "d6", "d8"}
    assert all(d.get("numerals") for d in rendered if d["type"] == "d6")
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    for die in rendered:
        x0, y0, x1, y1 = (int(round(v)) for v in die["bbox"])
        assert 20 < x1 - x0 < 80 and not table_scenes._overlaps(die["bbox"], [row["dice"][0]["bbox"]])
        assert grey[y0:y1, x0:x1].std() > 8  # a die drawn there, not the plain table
    assert table_scenes.scene({"image": str(tmp_path / "missing.png"), "dice": row["dice"]}, 3,
                              np.random.default_rng(0)) is None
