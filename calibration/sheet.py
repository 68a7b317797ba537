"""The printable marker sheet: every zone's marker at true size, labelled, with cut lines."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from calibration.layout import ZoneLayout, zone_title
from calibration.pdf import MM_PER_INCH, write_image_pdf
from vision.markers import marker_image

A4_MM = (210.0, 297.0)
MARGIN_MM = 10.0
COLUMNS = 3
BLACK, DARK_GREY, LIGHT_GREY = (0,), (80,), (170,)  # the page's inks (one grey channel)


def render_sheet(layout: ZoneLayout, dpi: int = 300, page_mm: tuple[float, float] = A4_MM) -> np.ndarray:
    """The page as a grey image. Markers keep ``layout.marker_mm`` when printed at 100 % scale."""
    px = dpi / MM_PER_INCH
    width, height = int(round(page_mm[0] * px)), int(round(page_mm[1] * px))
    page = np.full((height, width), 255, np.uint8)
    marker_px = int(round(layout.marker_mm * px))
    cell_w = (page_mm[0] - 2 * MARGIN_MM) / COLUMNS * px
    cell_h = (layout.marker_mm + 6.0) * px
    rows = -(-len(layout.zones) // COLUMNS)
    if MARGIN_MM * px * 2 + rows * cell_h + 12 * px > height:
        raise ValueError(f"{len(layout.zones)} markers of {layout.marker_mm} mm do not fit on one page")
    top = MARGIN_MM * px + 10 * px
    scale = dpi / 300.0
    cv2.putText(page, f"Automata table markers - print at 100% (marker side {layout.marker_mm:g} mm)",
                (int(MARGIN_MM * px), int(MARGIN_MM * px + 5 * px)), cv2.FONT_HERSHEY_SIMPLEX, 1.1 * scale, BLACK,
                max(1, int(2 * scale)), cv2.LINE_AA)
    for i, zone in enumerate(layout.zones):
        row, col = divmod(i, COLUMNS)
        x0 = int(MARGIN_MM * px + col * cell_w)
        y0 = int(top + row * cell_h)
        _dashed_rectangle(page, (x0, y0), (int(x0 + cell_w) - 1, int(y0 + cell_h) - 1), int(3 * px))
        mx, my = x0 + int(4 * px), y0 + int(3 * px)
        page[my:my + marker_px, mx:mx + marker_px] = marker_image(zone.marker, marker_px, layout.dictionary)
        text_x = mx + marker_px + int(3 * px)
        cv2.putText(page, zone_title(zone.name), (text_x, my + int(6 * px)), cv2.FONT_HERSHEY_SIMPLEX,
                    0.75 * scale, BLACK, max(1, int(2 * scale)), cv2.LINE_AA)
        cv2.putText(page, f"marker {zone.marker}", (text_x, my + int(12 * px)), cv2.FONT_HERSHEY_SIMPLEX,
                    0.7 * scale, DARK_GREY, max(1, int(scale)), cv2.LINE_AA)
        cv2.arrowedLine(page, (text_x, my + int(18 * px)), (text_x + int(15 * px), my + int(18 * px)), BLACK,
                        max(1, int(2 * scale)), cv2.LINE_AA, tipLength=0.3)
        cv2.putText(page, "zone", (text_x + int(17 * px), my + int(19 * px)), cv2.FONT_HERSHEY_SIMPLEX,
                    0.7 * scale, BLACK, max(1, int(scale)), cv2.LINE_AA)
    return page


def _dashed_rectangle(page: np.ndarray, p0, p1, dash: int) -> None:
    (x0, y0), (x1, y1) = p0, p1
    for a, b in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
        length = int(np.hypot(b[0] - a[0], b[1] - a[1]))
        for start in range(0, length, 2 * dash):
            end = min(start + dash, length)
            pa = (int(a[0] + (b[0] - a[0]) * start / length), int(a[1] + (b[1] - a[1]) * start / length))
            pb = (int(a[0] + (b[0] - a[0]) * end / length), int(a[1] + (b[1] - a[1]) * end / length))
            cv2.line(page, pa, pb, LIGHT_GREY, 1)


def write_sheet(path: Path, layout: ZoneLayout, dpi: int = 300) -> Path:
    """Write the sheet as PDF or PNG, chosen by the file's suffix."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".pdf", ".png"):
        raise ValueError(f"'{path.name}': the marker sheet is written as .pdf or .png")
    page = render_sheet(layout, dpi)
    if suffix == ".pdf":
        write_image_pdf(path, page, A4_MM)
    elif not cv2.imwrite(str(path), page):
        raise OSError(f"could not write {path}")
    return path
