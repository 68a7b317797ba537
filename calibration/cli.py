"""``print-markers`` (the marker sheet) and ``calibrate`` (player colours, zones, camera settings)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    markers = subparsers.add_parser(
        "print-markers", help="write the printable ArUco marker sheet (PDF or PNG)",
        description="Write the sheet of zone markers. Print it at 100 %% scale, cut along the dashed lines "
                    "and put each marker at the top-left corner of its zone (docs/setup.md).")
    markers.add_argument("out", type=Path, help="the file to write: OUT.pdf or OUT.png")
    markers.add_argument("--layout", type=Path, help="a zone layout file (default: the standard layout)")
    markers.add_argument("--seats", type=int, default=4, choices=range(2, 5), help="seats to print pools for")
    markers.add_argument("--dpi", type=int, default=300, help="resolution of the page image (default 300)")
    markers.set_defaults(handler=_print_markers)


def _print_markers(args: argparse.Namespace) -> int:
    from calibration.layout import LayoutError, ZoneLayout, default_layout
    from calibration.sheet import write_sheet

    try:
        layout = ZoneLayout.load(args.layout) if args.layout else default_layout(args.seats)
        if not 72 <= args.dpi <= 1200:
            raise ValueError("--dpi must be between 72 and 1200")
        path = write_sheet(args.out, layout, args.dpi)
    except (LayoutError, ValueError, OSError) as exc:
        print(f"print-markers: {exc}", file=sys.stderr)
        return 2
    print(f"Wrote {len(layout.zones)} markers ({layout.marker_mm:g} mm) to {path}. Print at 100 % scale.")
    return 0
