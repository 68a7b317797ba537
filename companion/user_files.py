"""Files a person names on the command line or in the config: read them, or say in one line why not.

The command line (``companion.cli``) reports an :class:`UnusableFile` as one line on stderr
and exit status 2.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .games.automata.rules import CompanionError
from .store import GameStore, StoreError

if TYPE_CHECKING:
    import numpy as np


class UnusableFile(CompanionError, ValueError):
    """A named file that cannot be used; the message names it and says why."""


def read_bytes(path: Path, what: str) -> bytes:
    """The bytes of ``path``; ``what`` names the kind of file asked for ("game record")."""
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise UnusableFile(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UnusableFile(f"{path}: a folder, not a {what}") from None
    except OSError as exc:
        raise UnusableFile(f"{path}: cannot be read ({exc.strerror or exc})") from None


def read_text(path: Path, what: str) -> str:
    """The text of ``path``, which must be UTF-8."""
    try:
        return read_bytes(path, what).decode("utf-8")
    except UnicodeDecodeError:
        raise UnusableFile(f"{path}: not a {what} (not UTF-8 text)") from None


def read_image(path: Path) -> "np.ndarray":
    """The photo in ``path`` as OpenCV reads it (BGR)."""
    import cv2
    import numpy as np

    data = read_bytes(path, "photo")
    if not data:
        raise UnusableFile(f"{path}: empty, not a photo")
    frame = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if frame is None:
        raise UnusableFile(f"{path}: not an image that can be read")
    return frame


def check_output(path: Path, what: str) -> None:
    """Refuse, before any work is done, a place where ``what`` cannot be written."""
    if path.is_dir():
        raise UnusableFile(f"{path}: a folder; give the {what} a file name")
    if not path.parent.is_dir():
        raise UnusableFile(f"{path}: there is no folder {path.parent}")


def write_text(path: Path, text: str, what: str) -> None:
    """Write ``text`` to ``path``, or say in one line why it cannot be written there."""
    check_output(path, what)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UnusableFile(f"{path}: cannot be written ({exc.strerror or exc})") from None


def open_game_store(path: Path, backup_every: int = 20, create: bool = True, read_only: bool = False) -> GameStore:
    """The game database a person named at ``path``. With ``create`` (a command that starts games) a missing
    one is made there, in a folder that must exist; without it, it must be there. With ``read_only`` nothing
    is ever created, moved or written. A damaged one is recovered (unless ``read_only``), and one warning
    line on stderr says what was restored and what was lost. A file that is not a game database is refused
    and left as it is."""
    create = create and not read_only
    if not path.exists():
        if not create:
            raise UnusableFile(f"{path}: no such file")
        if not path.parent.is_dir():
            raise UnusableFile(f"{path}: there is no folder {path.parent}")
    try:
        store = GameStore(path, backup_every, create=create, read_only=read_only)
    except StoreError as exc:
        raise UnusableFile(str(exc)) from None
    if store.recovery is not None:
        print(f"warning: {store.recovery.message}", file=sys.stderr)
    return store
