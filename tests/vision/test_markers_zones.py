"""Markers and zones found again in rendered frames."""
from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from sim.table_scene import move_camera, render_table
from vision.markers import MarkerDetector, marker_image
from vision.synth import SceneStyle
from vision.zones import ZoneFinder
from tests.calibration.scenes import dice_in_zones, scene

COUNTS = {"tray": 4, "staging.scavenge": 2, "staging.market": 2, "spaces.create": 1,
          "seat1.available": 2, "seat2.spent": 3}


def test_a_detector_for_the_layout_reports_only_the_layout_markers():
    page = np.full((200, 400), 255, np.uint8)
    page[50:150, 50:150] = marker_image(3, 100)
    page[50:150, 250:350] = marker_image(21, 100)
    frame = cv2.cvtColor(page, cv2.COLOR_GRAY2BGR)
    assert sorted(MarkerDetector().detect(frame)) == [3, 21]
    assert sorted(MarkerDetector(markers=16).detect(frame)) == [3]


def _assigned_right(found, rendered) -> bool:
    return [found.zone_at(r.centre) for r in rendered.readings()] == rendered.zones


@pytest.mark.slow
def test_every_die_lands_in_its_zone():
    table = scene()
    rng = np.random.default_rng(3)
    rendered = render_table(table, dice_in_zones(table, COUNTS, rng), rng)
    found = ZoneFinder(table.layout).find(rendered.frame)
    assert set(found.polygons) == {z.name for z in table.layout.zones}
    assert not found.estimated
    assert _assigned_right(found, rendered)
    by_zone, outside = found.assign(rendered.readings())
    assert {z: len(v) for z, v in by_zone.items() if v} == COUNTS and not outside


@pytest.mark.parametrize("angle, shift", [(-4.0, (12, -10)), (-2.0, (-20, 8)), (3.0, (15, 15)), (5.0, (-8, -14))])
def test_zones_follow_a_bumped_camera(angle, shift):
    table = scene()
    rng = np.random.default_rng(int(angle * 10) + 100)
    rendered = render_table(table, dice_in_zones(table, COUNTS, rng), rng)
    finder = ZoneFinder(table.layout)
    finder.find(rendered.frame)
    bumped = move_camera(rendered, angle, shift, scale=1.02)
    found = finder.find(bumped.frame)
    assert set(found.polygons) == {z.name for z in table.layout.zones}
    assert _assigned_right(found, bumped)


def test_zones_under_a_tilted_camera():
    table = scene()
    rng = np.random.default_rng(11)
    rendered = render_table(table, dice_in_zones(table, COUNTS, rng), rng,
                            style=SceneStyle(tilt_deg=10.0, tilt_axis_deg=30.0, light_gradient=0.3))
    found = ZoneFinder(table.layout).find(rendered.frame)
    assert _assigned_right(found, rendered)


@pytest.mark.slow
def test_a_covered_marker_keeps_its_zone_after_the_camera_moves():
    table = scene()
    rng = np.random.default_rng(5)
    dice = dice_in_zones(table, COUNTS, rng)
    finder = ZoneFinder(table.layout)
    finder.find(render_table(table, dice, rng).frame)
    covered = table.layout.zone("staging.scavenge").marker
    later = move_camera(render_table(table, dice, rng, hidden_markers=[covered]), 3.0, (10, -6))
    found = finder.find(later.frame)
    assert covered not in found.seen_markers
    assert "staging.scavenge" in found.estimated
    assert _assigned_right(found, later)
    assert "staging.scavenge" not in ZoneFinder(table.layout).find(later.frame).polygons  # nothing remembered


@pytest.mark.slow
def test_a_die_keeps_its_spot_when_the_camera_moves_or_its_marker_is_covered():
    table = scene()
    rng = np.random.default_rng(8)
    dice = dice_in_zones(table, COUNTS, rng)
    finder = ZoneFinder(table.layout)
    rendered = render_table(table, dice, rng)
    before = finder.find(rendered.frame).placed(rendered.readings())
    covered = table.layout.zone("tray").marker
    bumped = move_camera(render_table(table, dice, rng, hidden_markers=[covered]), -4.0, (15, -12), scale=1.02)
    found = finder.find(bumped.frame)
    assert "tray" in found.estimated
    after = found.placed(bumped.readings())
    for zone, readings in before.items():
        assert len(after[zone]) == len(readings)
        for then, now in zip(readings, after[zone]):
            assert math.dist(then.spot, now.spot) < 0.15  # die widths
        spots = [r.spot for r in readings]
        assert all(math.dist(a, b) > 1.0 for k, a in enumerate(spots) for b in spots[k + 1:])


def test_a_frame_without_markers_finds_no_zones():
    table = scene()
    found = ZoneFinder(table.layout).find(np.full((480, 640, 3), 120, np.uint8))
    assert found.polygons == {} and found.zone_at((10.0, 10.0)) is None
    with pytest.raises(ValueError, match="non-empty"):
        ZoneFinder(table.layout).find(np.zeros((0, 0, 3), np.uint8))
