"""A single-page PDF holding one greyscale image, written with the standard library only."""
from __future__ import annotations

import zlib
from pathlib import Path

import numpy as np

MM_PER_INCH = 25.4
POINTS_PER_INCH = 72.0


def write_image_pdf(path: Path, grey: np.ndarray, page_mm: tuple[float, float]) -> None:
    """Write ``grey`` (H x W uint8) stretched over a page of ``page_mm`` (width, height)."""
    if grey.dtype != np.uint8 or grey.ndim != 2:
        raise ValueError("the page image must be a 2-D uint8 array")
    height_px, width_px = grey.shape
    width_pt = page_mm[0] / MM_PER_INCH * POINTS_PER_INCH
    height_pt = page_mm[1] / MM_PER_INCH * POINTS_PER_INCH
    pixels = zlib.compress(np.ascontiguousarray(grey).tobytes(), 9)
    content = f"q {width_pt:.2f} 0 0 {height_pt:.2f} 0 0 cm /Im0 Do Q".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width_pt:.2f} {height_pt:.2f}] "
         f"/Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>").encode(),
        (f"<< /Type /XObject /Subtype /Image /Width {width_px} /Height {height_px} /ColorSpace /DeviceGray "
         f"/BitsPerComponent 8 /Filter /FlateDecode /Length {len(pixels)} >>\nstream\n").encode() + pixels
        + b"\nendstream",
        f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    Path(path).write_bytes(bytes(out))
