"""Command-line entry points of the vision package: ``read-dice`` and ``vision-eval``."""
from __future__ import annotations

import argparse
import json
import pathlib
import sys


def register(subparsers: "argparse._SubParsersAction") -> None:
    """Add the vision subcommands."""
    read = subparsers.add_parser("read-dice", help="read the dice in one photo")
    read.add_argument("image", type=pathlib.Path)
    read.add_argument("--json", action="store_true", help="print the readings as JSON")
    read.add_argument("--annotate", type=pathlib.Path, metavar="OUT.png", help="write the photo with the readings drawn")
    read.add_argument("--threshold", type=float, default=None, help="confidence below which a reading is flagged")
    read.set_defaults(handler=_read_dice)

    evaluate = subparsers.add_parser("vision-eval", help="measure dice reading against a labelled manifest")
    evaluate.add_argument("manifest", type=pathlib.Path, help="manifest.jsonl (format of the shared dice photos)")
    evaluate.add_argument("--json", action="store_true", help="print the full report as JSON")
    evaluate.add_argument("--every", type=int, default=1, help="read every N-th image only")
    evaluate.add_argument("--limit", type=int, default=None, help="read at most this many images")
    evaluate.add_argument("--group", action="append", help="only this group (repeatable)")
    evaluate.set_defaults(handler=_vision_eval)


def _read_dice(args: argparse.Namespace) -> int:
    import cv2

    from vision.reader import CONFIDENCE_THRESHOLD, read_dice

    threshold = CONFIDENCE_THRESHOLD if args.threshold is None else args.threshold
    frame = cv2.imread(str(args.image))
    if frame is None:
        print(f"read-dice: cannot read an image from {args.image}", file=sys.stderr)
        return 2
    try:
        readings = read_dice(frame)
    except FileNotFoundError as error:
        print(f"read-dice: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"image": str(args.image), "threshold": threshold,
                          "dice": [dict(r.to_dict(), flagged=r.confidence < threshold) for r in readings]},
                         indent=2))
    else:
        if not readings:
            print("no dice found")
        for r in readings:
            flag = "  <- please check" if r.confidence < threshold else ""
            print(f"{r.die_type} {r.value} {r.colour:<7} at ({r.centre[0]:.0f}, {r.centre[1]:.0f})"
                  f"  confidence {r.confidence:.2f}{flag}")
    if args.annotate:
        from vision.annotate import draw_readings

        if not cv2.imwrite(str(args.annotate), draw_readings(frame, readings, threshold)):
            print(f"read-dice: cannot write {args.annotate}", file=sys.stderr)
            return 2
    return 0


def _vision_eval(args: argparse.Namespace) -> int:
    from vision.evaluate import evaluate_manifest, format_report

    if not args.manifest.is_file():
        print(f"vision-eval: no manifest at {args.manifest}", file=sys.stderr)
        return 2
    try:
        result = evaluate_manifest(args.manifest, every=args.every, limit=args.limit, groups=args.group)
    except (FileNotFoundError, ValueError, KeyError) as error:
        print(f"vision-eval: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2) if args.json else format_report(result))
    return 0
