"""``automata-companion app``: the touchscreen app."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ui.launch import display_problem, log_path, quiet_console


def register(subparsers: "argparse._SubParsersAction") -> None:
    parser = subparsers.add_parser("app", help="start the touchscreen app")
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen (the Pi touchscreen)")
    parser.add_argument("--db", type=Path, help="the games database (default: storage.db_path of the config)")
    parser.add_argument("--demo", action="store_true",
                        help="synthetic camera frames and the keyboard as panel, whatever is attached")
    parser.add_argument("--config", type=Path, help="config file (default: the usual places)")
    parser.add_argument("--speak", action="store_true",
                        help="speak each Automa's move aloud (espeak-ng; silent where it is not installed)")
    parser.set_defaults(handler=run_app)


def run_app(args: argparse.Namespace) -> int:
    from companion.config import ConfigError, load_config
    from companion.user_files import open_game_store

    try:
        settings = load_config(args.config)
    except ConfigError as exc:
        print(f"app: {exc}", file=sys.stderr)
        return 2
    # A database named on the command line is opened here, so that one that cannot be is
    # refused before any window opens; the app's own (storage.db_path) is opened by the app.
    store = open_game_store(args.db, settings.storage.backup_every) if args.db else None
    problem = display_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    quiet_console()
    from kivy.config import Config as KivyConfig

    width, height = settings.ui.window_size
    KivyConfig.set("graphics", "width", str(width))
    KivyConfig.set("graphics", "height", str(height))
    if args.fullscreen or settings.ui.fullscreen:
        KivyConfig.set("graphics", "fullscreen", "auto")
    KivyConfig.set("input", "mouse", "mouse,disable_multitouch")
    KivyConfig.set("kivy", "exit_on_escape", "0")
    from ui.app import CompanionApp

    path = log_path()
    if path is not None:
        print(f"Log: {path}", flush=True)
    # Without --demo the configured devices are used, each falling back to its stand-in
    # (synthetic frames, the keyboard) when it is missing: a plain desktop runs the demo anyway.
    CompanionApp(settings, db_path=args.db, demo=args.demo, store=store, speak=args.speak).run()
    return 0
