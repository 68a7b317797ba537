"""The table's dice examples (``vision.examples``) on disk, beside the calibration profile they belong to.

They are per table and camera set-up, like the profile: ``calibration.json`` has ``calibration.dice.npz``
beside it. A new calibration starts a new set unless the person keeps the old one (``start_new``). Every set
loaded here declares the Automata table's die types (``TableDice.types``): a reader taught a set with
examples of D6s only still reads D4s and D8s.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

from companion.games.automata.rules import DIE_TYPES
from vision.examples import ExamplesUnusable, TableDice

DICE_SUFFIX = ".dice.npz"


def table_dice_path(profile_path: Path) -> Path:
    profile_path = Path(profile_path)
    return profile_path.with_name(profile_path.stem + DICE_SUFFIX)


def load_table_dice(profile_path: Path) -> tuple[TableDice, Optional[str]]:
    """The examples saved beside ``profile_path``, and None; or, where they cannot be used, no examples and one
    line saying why and that the dice are read without them. No file is no examples, and no message."""
    path = table_dice_path(profile_path)
    if not path.exists():
        return TableDice(types=DIE_TYPES), None
    try:
        return TableDice(TableDice.load(path).examples, types=DIE_TYPES), None
    except (ExamplesUnusable, OSError) as error:
        return TableDice(types=DIE_TYPES), f"{path}: {error}; the dice are read without the table's examples"


def save_table_dice(profile_path: Path, dice: TableDice) -> None:
    """Write atomically: a crash mid-write leaves the old examples, never half a file."""
    path = table_dice_path(profile_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    scratch = path.with_name(path.name + ".tmp")
    scratch.write_bytes(dice.to_bytes())
    os.replace(scratch, path)


def start_new(profile_path: Path, keep_old: bool) -> TableDice:
    """The examples a new calibration starts with: the old set where the person keeps it, else none (and the
    old file is removed, so a restart does not bring it back)."""
    if keep_old:
        return load_table_dice(profile_path)[0]
    table_dice_path(profile_path).unlink(missing_ok=True)
    return TableDice(types=DIE_TYPES)
