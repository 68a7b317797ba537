"""What the app opens as it starts, each with a stand-in, said so, when it cannot be opened: the games
database (a scratch one, and an alert) and the panel (the keyboard, in the log)."""
from __future__ import annotations

import logging
import tempfile
from pathlib import Path

from kivy.clock import Clock

from companion.config import Config
from companion.store import GameStore, StoreError
from hardware.panel import KeyboardPanel, Panel, PanelUnavailable, open_panel

from .dialogs import alert

log = logging.getLogger(__name__)


def open_store(db_path: Path, backup_every: int) -> tuple[GameStore, Path]:
    """The games database and where it is: ``db_path``, or a scratch one when that cannot be opened."""
    try:
        db_path.parent.mkdir(parents=True, exist_ok=True)
        return GameStore(db_path, backup_every=backup_every), db_path
    except (StoreError, OSError) as exc:
        scratch = Path(tempfile.mkdtemp(prefix="automata-companion-")) / "games.sqlite3"
        log.error("games database %s cannot be opened (%s); using %s", db_path, exc, scratch)
        message = (f"{exc}. Nothing in it was changed. Games played now are saved in {scratch}; "
                   f"fix the file (or storage.db_path) and restart.")
        Clock.schedule_once(lambda _dt: alert("Games database unavailable", message), 0)
        return GameStore(scratch, backup_every=backup_every), scratch


def open_table_panel(settings: Config, demo: bool) -> Panel:
    """The configured panel (the keyboard in the demo)."""
    panel = settings.panel
    try:
        return open_panel("keyboard" if demo else panel.backend, **panel.hardware_arguments())
    except (PanelUnavailable, OSError, RuntimeError) as exc:
        log.warning("panel: %s; using the keyboard", exc)
        return KeyboardPanel(panel.seats)
