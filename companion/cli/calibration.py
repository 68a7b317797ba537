"""``print-markers`` (the marker sheet) and ``calibrate`` (player colours, zones, camera settings)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from companion.line_games.kinds import TableCheck


def looking_games() -> dict[str, "TableCheck"]:
    """The registered games whose camera looks at zones of their own, by name: what each one looks for."""
    from companion.games.registry import kind_named, played_by_lines

    return {name: camera for name in played_by_lines() if (camera := kind_named(name).camera) is not None}


def _game_help(doing: str) -> str:
    return "; ".join([f"automata: {doing}"] + [f"{name}: {camera.about_zones}"
                                               for name, camera in looking_games().items()])


def register(subparsers: argparse._SubParsersAction) -> None:
    markers = subparsers.add_parser(
        "print-markers", help="write the printable ArUco marker sheet (PDF or PNG)",
        description="Write the sheet of zone markers. Print it at 100 %% scale, cut along the dashed lines "
                    "and put each marker at the top-left corner of its zone (docs/setup.md).")
    markers.add_argument("out", type=Path, help="the file to write: OUT.pdf or OUT.png")
    markers.add_argument("--layout", type=Path, help="a zone layout file (default: the standard layout)")
    markers.add_argument("--seats", type=int, default=4, choices=range(2, 5), help="seats to print pools for")
    markers.add_argument("--dpi", type=int, default=300, help="resolution of the page image (default 300)")
    markers.add_argument("--game", choices=("automata",) + tuple(looking_games()), default="automata",
                         help=_game_help("the markers of the standard zones"))
    markers.set_defaults(handler=_print_markers)

    calibrate = subparsers.add_parser(
        "calibrate", help="learn the players' dice colours under this table's light, and lock the camera",
        description="Put all of each player's dice (every type) in their seat's Available zone: seat 1 for "
                    "the first colour named, and so on. One frame is read; each player's colours are stored "
                    "in the profile with how well they separate (docs/setup.md).")
    calibrate.add_argument("--players", help="the seat colours in seat order, comma separated: red,blue,green")
    calibrate.add_argument("--game", choices=("automata",) + tuple(looking_games()), default="automata",
                           help=_game_help("the players' dice, each in its seat's Available zone"))
    calibrate.add_argument("--image", type=Path, help="read this photo of the table instead of the camera")
    calibrate.add_argument("--profile", type=Path, help="the profile file (default: in the data folder)")
    calibrate.add_argument("--layout", type=Path, help="use this zone layout file (default: the profile's)")
    calibrate.add_argument("--use-reader", action="store_true",
                           help="find the dice with the dice reader instead of by their contrast with the table")
    calibrate.add_argument("--exposure-us", type=int, help="lock the exposure at this many microseconds")
    calibrate.add_argument("--colour-gains", help="lock the white balance at these red,blue gains: 1.8,1.5")
    calibrate.add_argument("--config", type=Path, help="the config file naming the camera")
    calibrate.set_defaults(handler=_calibrate)


def _print_markers(args: argparse.Namespace) -> int:
    from calibration.layout import LayoutError, ZoneLayout, default_layout
    from calibration.sheet import write_sheet
    from companion.user_files import check_output

    check_output(args.out, "marker sheet")
    try:
        layout = ZoneLayout.load(args.layout) if args.layout else \
            looking_games()[args.game].layout() if args.game in looking_games() else default_layout(args.seats)
        if not 72 <= args.dpi <= 1200:
            raise ValueError("--dpi must be between 72 and 1200")
        path = write_sheet(args.out, layout, args.dpi)
    except (LayoutError, ValueError, OSError) as exc:
        print(f"print-markers: {exc}", file=sys.stderr)
        return 2
    print(f"Wrote {len(layout.zones)} markers ({layout.marker_mm:g} mm) to {path}. Print at 100 % scale.")
    return 0


def _calibrate(args: argparse.Namespace) -> int:
    from calibration.camera_settings import SettingsError
    from calibration.colour import CalibrationError
    from calibration.layout import LayoutError
    from calibration.profile import ProfileError

    try:
        return _run_calibration(args)
    except (CalibrationError, LayoutError, ProfileError, SettingsError, OSError) as exc:
        print(f"calibrate: {exc}", file=sys.stderr)
        return 2


def _run_calibration(args: argparse.Namespace) -> int:
    from calibration.colour import CalibrationError
    from calibration.guided import calibrate_table, check_players
    from calibration.layout import ZoneLayout
    from calibration.profile import (
        PROFILE_NAME,
        CalibrationProfile,
        default_profile_path,
    )
    from companion.games.automata.rules import COLOURS

    looked = looking_games().get(args.game)  # None: Automata's table
    if (looked is not None) == bool(args.players):
        raise CalibrationError(f"--game {args.game} learns {' and '.join(looked.dice_colours)}: no --players"
                               if looked is not None else "name the seat colours: --players red,blue")
    players = tuple(looked.dice_colours) if looked else check_players(args.players.split(","), COLOURS)
    zone_names = list(looked.calibration_zones) if looked else None
    path = args.profile or default_profile_path(name=looked.profile_name if looked else PROFILE_NAME)
    previous = CalibrationProfile(layout=looked.layout()) if looked else CalibrationProfile()
    profile = CalibrationProfile.load(path) if path.exists() else previous
    layout = ZoneLayout.load(args.layout) if args.layout else None
    frame, settled = _calibration_frame(args)
    reader = None
    if args.use_reader:
        from vision.reader import read_dice

        reader = read_dice
    gains: Optional[tuple[float, float]] = None
    try:
        if args.colour_gains:
            red, blue = (float(g) for g in args.colour_gains.split(","))
            gains = (red, blue)
    except ValueError:
        raise CalibrationError("--colour-gains takes two numbers: red,blue") from None
    done = calibrate_table(frame, players, profile, layout, reader, args.exposure_us, gains, settled, zone_names)
    done.profile.save(path)
    print(done.dice_line())
    print(done.size_line())
    print(done.profile.colour_check)
    if not done.profile.camera.locked:
        print("Note: exposure and white balance are not locked (--exposure-us, --colour-gains).")
    print(f"Saved the profile to {path}")
    return 0


def _calibration_frame(args: argparse.Namespace):
    from calibration.colour import CalibrationError
    from companion.user_files import read_image

    if args.image is not None:
        return read_image(args.image), None
    from calibration.guided import frame_from_camera
    from companion.config import ConfigError, load_config
    from hardware.camera import open_camera

    try:
        config = load_config(args.config)
    except ConfigError as exc:
        raise CalibrationError(f"no camera: {exc} (or pass --image PHOTO)") from None
    camera = config.camera
    return frame_from_camera(lambda: open_camera(camera.source, **camera.hardware_arguments()),
                             "Or pass --image PHOTO.")
