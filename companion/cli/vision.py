"""Command-line entry points of the vision package: ``read-dice``, ``vision-eval`` and ``export-dice``."""
from __future__ import annotations

import argparse
import json
import pathlib
import sys

from companion.arguments import at_least


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
    evaluate.add_argument("--every", type=at_least(1), default=1, help="read every N-th image only")
    evaluate.add_argument("--limit", type=at_least(1), default=None, help="read at most this many images")
    evaluate.add_argument("--group", action="append", help="only this group (repeatable)")
    evaluate.add_argument("--models", type=pathlib.Path, metavar="DIR",
                          help="read with the networks in DIR instead of the shipped ones (vision/models)")
    evaluate.add_argument("--enrol", type=at_least(0), default=0, metavar="K",
                          help="within each group, the first K labelled dice of each face are the table's examples "
                               "the reader learns; only the others are scored")
    evaluate.add_argument("--types-known", action="store_true",
                          help="on a frame where every die is labelled, the reader is told the types of its dice, as "
                               "the game tells it at a roll (vision.known_types)")
    evaluate.set_defaults(handler=_vision_eval)

    export = subparsers.add_parser("export-dice",
                                   help="write a table's dice examples as labelled photos for vision-eval")
    export.add_argument("examples", type=pathlib.Path, metavar="DICE.npz",
                        help="the table's examples, saved beside its calibration (calibration.dice.npz)")
    export.add_argument("out_dir", type=pathlib.Path, metavar="OUT_DIR", help="where the photos and manifest.jsonl go")
    export.add_argument("--table", default="table",
                        help='the name each group starts with (one group a colour: "NAME red")')
    export.set_defaults(handler=_export_dice)


def _read_dice(args: argparse.Namespace) -> int:
    import cv2

    from companion.user_files import UnusableFile, check_output, read_image
    from vision.reader import read_dice
    from vision.readings import CONFIDENCE_THRESHOLD

    threshold = CONFIDENCE_THRESHOLD if args.threshold is None else args.threshold
    frame = read_image(args.image)
    if args.annotate:
        check_output(args.annotate, "annotated photo")
        if not cv2.haveImageWriter(str(args.annotate)):
            raise UnusableFile(f"{args.annotate}: not an image file name (.png, .jpg)")
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
    from vision.reader import DiceReader

    _check_manifest(args.manifest)
    try:
        reader = DiceReader(model_dir=args.models) if args.models else None
        result = evaluate_manifest(args.manifest, reader, every=args.every, limit=args.limit, groups=args.group,
                                   enrol=args.enrol, types_known=args.types_known)
    except (FileNotFoundError, ValueError, KeyError) as error:
        print(f"vision-eval: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2) if args.json else format_report(result))
    return 0


def _export_dice(args: argparse.Namespace) -> int:
    from companion.user_files import UnusableFile, read_bytes
    from vision.example_photos import write_photos
    from vision.examples import ExamplesUnusable, TableDice

    try:
        dice = TableDice.from_bytes(read_bytes(args.examples, "file of the table's dice examples"))
    except ExamplesUnusable as error:
        raise UnusableFile(f"{args.examples}: {error}") from None
    if args.out_dir.exists() and not args.out_dir.is_dir():
        raise UnusableFile(f"{args.out_dir}: a file, not a folder")
    try:
        manifest = write_photos(dice, args.out_dir, args.table)
    except OSError as error:
        raise UnusableFile(f"{args.out_dir}: cannot write there ({error})") from None
    from companion.invocation import program

    print(f"{len(dice.examples)} dice written; read them with: {program()} vision-eval {manifest}")
    return 0


def _check_manifest(path: pathlib.Path) -> None:
    """Refuse, before any photo is read, a file that is not a manifest: one JSON object a line,
    each with "image" and "dice"."""
    from companion.user_files import UnusableFile, read_text

    lines = [(n, line) for n, line in enumerate(read_text(path, "manifest").splitlines(), 1) if line.strip()]
    if not lines:
        raise UnusableFile(f"{path}: empty, no photos listed")
    for n, line in lines:
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            row = None
        if not isinstance(row, dict) or not {"image", "dice"} <= row.keys():
            raise UnusableFile(f'{path}: line {n} is not a manifest line (a JSON object with "image" and "dice")')
        image = path.parent / str(row["image"])
        if not image.is_file():
            raise UnusableFile(f"{path}: line {n}: the photo {image} is missing")
