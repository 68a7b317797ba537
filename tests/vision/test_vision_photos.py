"""The reader on a small sample of the development photos (skipped without ../shared/data).

These are floors well above chance that catch a broken pipeline quickly; they are not
the targets. The full figures come from ``automata-companion vision-eval`` (docs/vision.md).
"""
import pytest
from vision_fixtures import needs_photos
from vision.evaluate import evaluate_manifest


@pytest.mark.slow
def test_top_down_colour_d6_photos(reader):
    manifest = needs_photos("rune55_d6")
    report = evaluate_manifest(manifest, reader, every=4, groups=["PXL"])
    assert report["frames"] >= 25
    assert report["detection"]["recall"] >= 0.6
    assert report["value_accuracy"]["d6"] >= 0.3  # chance is 1/6


@pytest.mark.slow
def test_die_types_on_single_die_photos(reader):
    manifest = needs_photos("lurig_types")
    report = evaluate_manifest(manifest, reader, every=20)
    assert report["frames"] >= 40
    assert report["detection"]["recall"] >= 0.9
    assert report["type_accuracy"] is not None and report["type_accuracy"] >= 0.6  # chance is 1/3


@pytest.mark.slow
def test_single_die_tiles_with_values(reader):
    manifest = needs_photos("fickett_rolls")
    report = evaluate_manifest(manifest, reader, every=30)
    assert report["frames"] >= 40
    assert report["detection"]["recall"] >= 0.7
    assert report["type_accuracy"] >= 0.5
    assert all(report["value_accuracy"][t] is not None for t in ("d4", "d6", "d8"))
