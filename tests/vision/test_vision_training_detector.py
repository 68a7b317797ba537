"""What the detector learns from (``vision.training.detector``): crops, boxes and target maps (torch only
for the loss)."""
import cv2
import numpy as np
import pytest

from vision.detector import STRIDE
from vision.training.detector import (CROP, INCOMPLETE_NEGATIVE, Photo, learning_rate, left_out, scaled_crop,
                                      targets)


def _photo_of_one_bright_square(complete: bool = True) -> Photo:
    image = np.full((240, 400, 3), 60, np.uint8)
    image[100:140, 250:290] = 255
    ok, encoded = cv2.imencode(".webp", image, [cv2.IMWRITE_WEBP_QUALITY, 90])
    return Photo(encoded.tobytes(), np.array([[250, 100, 290, 140]], np.float32), complete, "mine", "g1")


@pytest.mark.parametrize("seed", range(12))
def test_a_crop_keeps_each_die_under_its_box_whatever_the_scale_turn_and_flip(seed):
    image, boxes = scaled_crop(_photo_of_one_bright_square(), np.random.default_rng(seed))
    assert image.shape == (CROP, CROP, 3)
    x0, y0, x1, y1 = boxes[0]
    if min(x0, y0) >= 0 and max(x1, y1) <= CROP:  # the die may fall outside the crop
        inside = image[int(y0) + 2:int(y1) - 2, int(x0) + 2:int(x1) - 2]
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(float)
        assert cv2.cvtColor(inside, cv2.COLOR_BGR2GRAY).mean() > grey.mean() + 20


def test_targets_mark_each_centre_with_its_offset_and_size():
    maps = targets(np.array([[42, 82, 82, 122]], np.float32), complete=True)
    row, col = int(102 / STRIDE), int(62 / STRIDE)
    assert maps["heat"][row, col] == 1.0 and maps["mask"].sum() == 1.0
    assert maps["heat"].max() == 1.0 and (maps["heat"] == 1.0).sum() == 1
    assert np.allclose(maps["offset"][:, row, col], (62 / STRIDE - col - 0.5, 102 / STRIDE - row - 0.5))
    assert maps["size"][row, col] == pytest.approx(np.log(40 / STRIDE))
    assert (maps["weight"] == 1.0).all()


def test_an_incomplete_photo_teaches_no_die_at_a_lower_weight_and_tiny_dice_not_at_all():
    maps = targets(np.array([[100, 100, 104, 104]], np.float32), complete=False)
    assert maps["mask"].sum() == 0.0  # a die smaller than SMALLEST_DIE is not taught
    assert maps["weight"][int(102 / STRIDE), int(102 / STRIDE)] == 0.0
    assert maps["weight"][0, 0] == INCOMPLETE_NEGATIVE


def test_a_source_or_one_of_its_groups_is_left_out():
    photo = _photo_of_one_bright_square()
    assert left_out(photo, ["mine"]) and left_out(photo, ["mine:g1"])
    assert not left_out(photo, ["mine:g2", "other"])


def test_the_learning_rate_warms_up_then_falls_to_nothing():
    assert learning_rate(1.0, 0.0) == 0.0
    assert learning_rate(1.0, 0.05) == pytest.approx(1.0)
    assert learning_rate(1.0, 0.5) < 1.0
    assert learning_rate(1.0, 1.0) == pytest.approx(0.0)


def test_the_loss_falls_where_the_heat_is_right():
    torch = pytest.importorskip("torch", reason="training needs the train extra")
    from vision.training.detector import loss

    maps = targets(np.array([[42, 82, 82, 122]], np.float32), complete=True)
    batch = {k: torch.from_numpy(v[None]) for k, v in maps.items()}
    cells = CROP // STRIDE
    offset, size = torch.zeros(1, 2, cells, cells), torch.zeros(1, 1, cells, cells)
    flat = torch.full((1, 1, cells, cells), 0.01)
    right = flat.clone()
    right[0, 0] = torch.from_numpy(np.clip(maps["heat"], 0.01, 0.99))
    assert loss((right, offset, size), batch)[0] < loss((flat, offset, size), batch)[0]
