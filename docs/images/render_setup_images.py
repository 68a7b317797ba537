"""Render the pictures of docs/setup.md (synthetic tables, so they can be made again anywhere).

    .venv/bin/python docs/images/render_setup_images.py
"""
from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from calibration.layout import default_layout  # noqa: E402
from calibration.sheet import render_sheet  # noqa: E402
from companion.games.automata.rules import Deal, Order, apply_action, new_game, sample_chance  # noqa: E402
from companion.games.automata.sync import ObservedTable, sync_table  # noqa: E402
from sim.physical_table import PhysicalTable  # noqa: E402
from sim.table_scene import TableScene, calibration_dice, move_camera, render_table  # noqa: E402
from vision.synth import SceneStyle  # noqa: E402
from vision.zones import ZoneFinder  # noqa: E402

WIDTH = 800  # pictures are shown at most this wide


def save(name: str, image: np.ndarray) -> None:
    if image.shape[1] > WIDTH:
        image = cv2.resize(image, (WIDTH, round(image.shape[0] * WIDTH / image.shape[1])), interpolation=cv2.INTER_AREA)
    image = cv2.medianBlur(image, 3) // 8 * 8  # fewer shades: a small file that still shows every die
    cv2.imwrite(str(HERE / name), image, [cv2.IMWRITE_PNG_COMPRESSION, 9])


def outline_zones(frame: np.ndarray, found, highlight=()) -> np.ndarray:
    out = frame.copy()
    for name, polygon in found.polygons.items():
        colour = (0, 0, 255) if name in highlight else (0, 220, 255)
        cv2.polylines(out, [np.round(polygon).astype(np.int32)], True, colour, 2, cv2.LINE_AA)
        x, y = polygon.min(axis=0)
        cv2.putText(out, name, (int(x) + 6, int(y) + 28), cv2.FONT_HERSHEY_SIMPLEX, 0.9, colour, 2, cv2.LINE_AA)
    for corners in found.seen_markers.values():
        cv2.polylines(out, [np.round(corners).astype(np.int32)], True, (0, 200, 0), 2, cv2.LINE_AA)
    return out


def camera_mount() -> np.ndarray:
    """A side view: the camera on an arm above the middle of the table, looking straight down."""
    img = np.full((360, 800, 3), 255, np.uint8)
    cv2.rectangle(img, (80, 300), (720, 318), (60, 110, 170), -1)           # table
    cv2.rectangle(img, (680, 60), (694, 300), (90, 90, 90), -1)             # stand
    cv2.rectangle(img, (390, 52), (694, 64), (90, 90, 90), -1)              # arm
    cv2.rectangle(img, (380, 44), (420, 80), (40, 40, 40), -1)              # camera
    cv2.line(img, (400, 80), (110, 300), (0, 160, 0), 1, cv2.LINE_AA)
    cv2.line(img, (400, 80), (690, 300), (0, 160, 0), 1, cv2.LINE_AA)
    for x in (150, 260, 330, 470, 560):
        cv2.rectangle(img, (x, 288), (x + 12, 300), (40, 40, 200), -1)      # dice
    text = [((430, 40), "camera, lens straight down"), ((440, 110), "whole play area in view"),
            ((100, 345), "table: board, tray, pools, markers"), ((440, 190), "height about 70-90 cm")]
    for (x, y), words in text:
        cv2.putText(img, words, (x, y), cv2.FONT_HERSHEY_SIMPLEX, 0.55, (0, 0, 0), 1, cv2.LINE_AA)
    cv2.arrowedLine(img, (640, 160), (640, 80), (0, 0, 0), 1, cv2.LINE_AA, tipLength=0.1)
    cv2.arrowedLine(img, (640, 160), (640, 298), (0, 0, 0), 1, cv2.LINE_AA, tipLength=0.05)
    return img


def main() -> None:
    layout = default_layout(2)
    save("setup_camera_mount.png", camera_mount())
    sheet = render_sheet(default_layout(4), dpi=60)
    save("setup_marker_sheet.png", cv2.cvtColor(sheet, cv2.COLOR_GRAY2BGR))

    scene = TableScene.arranged(layout, 1600, 1000)
    rng = np.random.default_rng(7)
    style = SceneStyle(light_gradient=0.3, noise_sigma=0.0)
    calibration = render_table(scene, calibration_dice(scene, ("red", "blue"), rng), rng, style)
    found = ZoneFinder(layout).find(calibration.frame)
    save("setup_colour_calibration.png",
         outline_zones(calibration.frame, found, highlight=("seat1.available", "seat2.available")))

    state = new_game(["red", "blue"])
    state = apply_action(apply_action(state, Order(("red", "blue"))), Deal(("A1", "L1", "T1")))
    while state.is_chance_node:
        state = apply_action(state, sample_chance(state, __import__("random").Random(3)))
    table = PhysicalTable(["red", "blue"], rng, scene, tray_share=1.0)
    table.follow(state)
    finder = ZoneFinder(layout)
    save("setup_zones.png", outline_zones(table.render(style).frame, finder.find(table.render(style).frame)))

    waiting = 1 - state.turn  # a die of the seat not to move, put on a staging area: not a legal placement
    die = next(d for d in table.dice if d.seat == waiting and d.zone == "tray")
    table.dice.remove(die)
    table.add("staging.research", waiting, die.die_type, die.value)
    rendered = move_camera(table.render(style), 3.0, (12.0, -8.0))
    found = finder.find(rendered.frame)
    by_zone, _ = found.assign(rendered.readings())
    report = sync_table(state, ObservedTable.from_zones(by_zone, state.colours))
    picture = outline_zones(rendered.frame, found, highlight=("staging.research",))
    band = np.full((110, picture.shape[1], 3), 255, np.uint8)
    for i, line in enumerate((report.mismatches[0].sentence, report.mismatches[0].put_back)):
        cv2.putText(band, line, (16, 42 + 48 * i), cv2.FONT_HERSHEY_SIMPLEX, 1.05, (0, 0, 180), 2, cv2.LINE_AA)
    save("setup_mismatch.png", np.vstack([picture, band]))
    print("\n".join(m.sentence for m in report.mismatches))


if __name__ == "__main__":
    main()
