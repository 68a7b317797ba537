"""The marker sheet and layout files."""
from __future__ import annotations

import json
import zlib

import cv2
import numpy as np
import pytest

from calibration.layout import LayoutError, ZoneLayout, default_layout, standard_zone_names
from calibration.sheet import render_sheet
from companion.cli import main
from vision.markers import MarkerDetector


def test_sheet_holds_every_marker_at_true_size():
    layout = default_layout(4)
    page = render_sheet(layout, dpi=300)
    found = MarkerDetector().detect(cv2.cvtColor(page, cv2.COLOR_GRAY2BGR))
    assert sorted(found) == [z.marker for z in layout.zones]
    side_px = np.linalg.norm(found[0][1] - found[0][0])
    assert side_px == pytest.approx(25.0 / 25.4 * 300, rel=0.02)


def test_print_markers_writes_pdf_and_png(tmp_path, capsys):
    assert main(["print-markers", str(tmp_path / "m.pdf"), "--seats", "2"]) == 0
    data = (tmp_path / "m.pdf").read_bytes()
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")
    start = data.index(b"stream\n", data.index(b"/Subtype /Image")) + len(b"stream\n")
    pixels = zlib.decompressobj().decompress(data[start:])
    assert len(pixels) == 2480 * 3508  # A4 at 300 dpi, one grey byte a pixel
    assert main(["print-markers", str(tmp_path / "m.png")]) == 0
    assert cv2.imread(str(tmp_path / "m.png")).shape[:2] == (3508, 2480)
    assert main(["print-markers", str(tmp_path / "m.txt")]) == 2
    assert "pdf or .png" in capsys.readouterr().err


def test_layout_round_trip_and_clear_errors(tmp_path):
    layout = default_layout(3)
    path = tmp_path / "zones.json"
    layout.save(path)
    assert ZoneLayout.load(path) == layout
    assert [z.name for z in layout.zones] == standard_zone_names(3)
    path.write_text("{not json")
    with pytest.raises(LayoutError, match="not JSON"):
        ZoneLayout.load(path)
    data = layout.to_json()
    data["zones"][1]["marker"] = data["zones"][0]["marker"]
    path.write_text(json.dumps(data))
    with pytest.raises(LayoutError, match="its own marker"):
        ZoneLayout.load(path)
    data["zones"] = [{"name": "tray", "marker": 0}]
    path.write_text(json.dumps(data))
    with pytest.raises(LayoutError, match="polygon"):
        ZoneLayout.load(path)
    with pytest.raises(LayoutError, match="missing.json: no such file"):
        ZoneLayout.load(tmp_path / "missing.json")
