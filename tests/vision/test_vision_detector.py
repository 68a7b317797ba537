"""The whole-frame die detector (``vision.detector``)."""
import shutil

import numpy as np
import pytest

from vision.detector import LEAST_INPUT, PAD_TO, WORK_DIE, WORK_SIZE, DieDetector, network_input, peaks, working_scale
from vision_fixtures import clean_scene


@pytest.fixture(scope="module")
def detector():
    return DieDetector()


def test_the_working_image_fits_the_work_size_or_the_known_die_size():
    assert working_scale((720, 1280, 3)) == pytest.approx(WORK_SIZE / 1280)
    assert working_scale((300, 200, 3)) == 1.0  # small frames are never enlarged
    assert working_scale((720, 1280, 3), die_size=60.0) == pytest.approx(WORK_DIE / 60.0)


def test_the_network_reads_a_padded_image_with_each_channel_normalised():
    rng = np.random.default_rng(0)
    image = rng.integers(0, 255, (100, 150, 3), dtype=np.uint8)
    blob = network_input(image)
    assert blob.shape == (1, 3, 128, 160)
    assert blob.shape[2] % PAD_TO == 0 and blob.shape[3] % PAD_TO == 0
    assert np.allclose(blob.mean(axis=(2, 3)), 0.0, atol=1e-4)


def test_a_small_crop_is_padded_so_the_networks_deepest_map_is_more_than_one_cell():
    image = np.full((28, 44, 3), 120, np.uint8)
    assert network_input(image).shape == (1, 3, LEAST_INPUT, LEAST_INPUT) == (1, 3, 2 * PAD_TO, 2 * PAD_TO)


def test_peaks_are_local_maxima_over_the_least_heat_strongest_first():
    heat = np.zeros((10, 10), np.float32)
    heat[2, 3], heat[2, 4] = 0.9, 0.8  # one peak and its shoulder
    heat[7, 7] = 0.6
    heat[5, 1] = 0.1  # too faint
    assert peaks(heat, min_peak=0.5) == [(2, 3, pytest.approx(0.9)), (7, 7, pytest.approx(0.6))]


def test_it_finds_each_die_of_a_rendered_table_once_near_its_centre_and_size(detector):
    frame, labels = clean_scene(3)
    found = detector.find(frame)
    for lab in labels:
        x0, y0, x1, y1 = lab["bbox"]
        side = max(x1 - x0, y1 - y0)
        near = [c for c in found if np.hypot(c.centre[0] - (x0 + x1) / 2, c.centre[1] - (y0 + y1) / 2) < side / 2]
        assert len(near) == 1, lab
        assert 0.6 < near[0].size / side < 1.6
    assert len(found) <= len(labels) + 2


def test_a_known_die_size_sets_the_one_scale_it_looks_at_and_without_one_it_also_looks_at_half(detector,
                                                                                                monkeypatch):
    frame, _ = clean_scene(4)
    shapes = []
    real_maps = detector.maps
    monkeypatch.setattr(detector, "maps", lambda image: shapes.append(image.shape[:2]) or real_maps(image))
    detector.find(frame, die_size=70.0)
    assert shapes == [(round(540 * WORK_DIE / 70.0), round(960 * WORK_DIE / 70.0))]
    shapes.clear()
    detector.find(frame)
    assert shapes == [(288, 512), (144, 256)]


def test_a_missing_detector_names_the_command_that_trains_it(tmp_path):
    from vision.classifier import MODEL_DIR
    from vision.reader import DiceReader

    for name in ("finder.onnx", "reader.onnx", "d6_values.onnx", "digits.onnx", "d4_apex.onnx",
                 "d4_values.onnx"):
        shutil.copy(MODEL_DIR / name, tmp_path / name)
    with pytest.raises(FileNotFoundError, match=r"detector\.onnx.*python -m vision\.training\.detector"):
        DiceReader(model_dir=tmp_path)
