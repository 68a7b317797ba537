"""The Kivy app: the screens, the game controller, the panel and the camera feed together.

Everything that touches widgets runs on Kivy's main thread: panel presses arrive on their own
threads and are drained here by a clock; camera frames and dice readings come from the feed's
worker threads and are picked up by the Table screen's clock.
"""
from __future__ import annotations

import logging
import tempfile
import time
from pathlib import Path
from typing import Optional

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.config import Config
from companion.store import GameStore, StoreError
from hardware.panel import KeyboardPanel, Panel, PanelUnavailable, open_panel

from .controller import AUTOMA, OVER, GameController
from .dialogs import alert

log = logging.getLogger(__name__)
KV_FILE = Path(__file__).with_name("companion.kv")
PANEL_POLL_S = 0.05


def load_style() -> None:
    """The style rules of companion.kv, loaded once per process."""
    if str(KV_FILE) not in Builder.files:
        Builder.load_file(str(KV_FILE))


class CompanionApp(App):
    title = "Automata Table Companion"

    def __init__(self, settings: Config, db_path: Optional[Path] = None, demo: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.settings = settings
        self.db_path = Path(db_path or settings.storage.db_path)
        self.demo = demo
        self.store: Optional[GameStore] = None
        self.controller: Optional[GameController] = None
        self.panel: Optional[Panel] = None
        self.feed = None  # the camera feed of the game in progress (ui.camera_feed.CameraFeed)
        self.camera_on = True          # the game's choice (Setup)
        self.camera_allowed = True     # False in tests that must not start camera threads
        self.started_at = time.monotonic()
        self.home_shown_at: Optional[float] = None

    # -- building ---------------------------------------------------------------------------

    def load_kv(self, filename=None) -> bool:
        """Kivy would look for companion.kv beside this file on its own; load it once instead."""
        load_style()
        return True

    def build(self) -> ScreenManager:
        from .screens.home import HomeScreen

        load_style()
        Window.clearcolor = (0.11, 0.12, 0.14, 1)
        self.store = self._open_store()
        self.controller = GameController(self.store)
        self.panel = self._open_panel()
        self.manager = ScreenManager(transition=NoTransition())
        self.manager.add_widget(HomeScreen(self))
        self._add_game_screens()
        Window.bind(on_key_down=self._on_key_down)
        self._panel_event = Clock.schedule_interval(self._poll_panel, PANEL_POLL_S)
        Window.bind(on_flip=self._home_visible)
        recovery = getattr(self.store, "recovery", None)
        if recovery is not None and getattr(recovery, "message", ""):
            Clock.schedule_once(lambda _dt: alert("Saved games recovered", recovery.message), 0)
        return self.manager

    def _open_store(self) -> GameStore:
        """The games database; when it cannot be opened, a scratch one and an alert saying so."""
        try:
            self.db_path.parent.mkdir(parents=True, exist_ok=True)
            return GameStore(self.db_path, backup_every=self.settings.storage.backup_every)
        except (StoreError, OSError) as exc:
            scratch = Path(tempfile.mkdtemp(prefix="automata-companion-")) / "games.sqlite3"
            log.error("games database %s cannot be opened (%s); using %s", self.db_path, exc, scratch)
            message = (f"{exc}. Nothing in it was changed. Games played now are saved in {scratch}; "
                       f"fix the file (or storage.db_path) and restart.")
            Clock.schedule_once(lambda _dt: alert("Games database unavailable", message), 0)
            self.db_path = scratch
            return GameStore(scratch, backup_every=self.settings.storage.backup_every)

    def _add_game_screens(self) -> None:
        """The screens of a game; each module is imported only here, after the Home screen."""
        for module, cls in (("setup", "SetupScreen"), ("table", "TableScreen"), ("automa", "AutomaScreen"),
                            ("score", "ScoreScreen"), ("history", "HistoryScreen")):
            try:
                screen_module = __import__(f"ui.screens.{module}", fromlist=[cls])
            except ImportError:
                continue
            self.manager.add_widget(getattr(screen_module, cls)(self))

    def _home_visible(self, *_args) -> None:
        """The first frame is on the screen: the Home screen is visible."""
        Window.unbind(on_flip=self._home_visible)
        self.home_shown_at = time.monotonic()
        log.info("home screen shown %.2f s after start", self.home_shown_at - self.started_at)

    def _open_panel(self) -> Panel:
        try:
            return open_panel(self.settings.panel, backend="keyboard" if self.demo else None)
        except (PanelUnavailable, OSError, RuntimeError) as exc:
            log.warning("panel: %s; using the keyboard", exc)
            return KeyboardPanel(self.settings.panel.seats)

    def mode_description(self) -> str:
        panel = "keyboard keys 1-4, Space = Confirm, U = Undo" if isinstance(self.panel, KeyboardPanel) \
            else "table buttons"
        demo = "Demo: synthetic camera. " if self.demo else ""
        return f"{demo}Panel: {panel}."

    # -- moving between screens -------------------------------------------------------------

    def go(self, name: str) -> None:
        self.manager.current = name

    def show(self, name: str) -> None:
        """Show a screen with what it shows now (a screen already shown is redrawn)."""
        if self.manager.current == name:
            self.manager.get_screen(name).refresh()
        else:
            self.go(name)  # screens redraw as they are entered

    def open_setup(self) -> None:
        self.go("setup")

    def go_home(self) -> None:
        self.stop_camera()
        self.go("home")
        self.manager.get_screen("home").refresh()

    def open_calibration(self) -> None:
        alert("Calibrate", "Calibration (dice colours and board zones) is not part of this version of the app. "
                           "Until it is, dice colours are matched to the named player colours and readings "
                           "are not tied to board zones.")

    def open_settings(self) -> None:
        s = self.settings
        alert("Settings", f"Settings file: {s.source_path or 'none (defaults in use)'}\n"
                          f"Games database: {self.db_path}\n"
                          f"Camera: {s.camera.source}, preview {s.camera.preview_resolution[0]}x"
                          f"{s.camera.preview_resolution[1]}\n"
                          f"Panel: {s.panel.backend}\n"
                          f"Edit the settings file (see docs/config.md) and restart to change them.")

    # -- games ------------------------------------------------------------------------------

    def start_game(self, seats, seed: Optional[int], camera_on: bool, table_rolls: bool) -> None:
        try:
            self.controller.new_game(seats, seed, table_rolls)
        except (ValueError, StoreError) as exc:
            alert("Cannot start this game", str(exc))
            return
        self.camera_on = camera_on
        self.show_next()

    def resume_game(self, game_id: str) -> None:
        try:
            self.controller.resume(game_id)
        except (ValueError, StoreError) as exc:
            alert("Cannot resume this game", str(exc))
            return
        self.camera_on = True
        self.show_next()

    def show_next(self) -> None:
        """The screen for what the table waits for now."""
        step = self.controller.next_step()
        if step == OVER:
            self.stop_camera()
            self.show("score")
        elif step == AUTOMA:
            self.show("automa")
        else:
            self.start_camera()
            self.show("table")
        self._show_leds()

    def undo(self) -> None:
        outcome = self.controller.undo()
        if not outcome.ok:
            alert("Nothing to undo", outcome.reason)
            return
        self.show_next()

    # -- camera -----------------------------------------------------------------------------

    def start_camera(self) -> None:
        if not (self.camera_on and self.camera_allowed) or self.feed is not None:
            return
        from .camera_feed import CameraFeed

        self.feed = CameraFeed.open(self.settings.camera, demo=self.demo, table=lambda: self.controller.session)
        self.feed.start()

    def stop_camera(self) -> None:
        if self.feed is not None:
            self.feed.stop()
            self.feed = None

    # -- the panel --------------------------------------------------------------------------

    def _on_key_down(self, _window, key: int, _scancode, codepoint: Optional[str], _modifiers) -> bool:
        if not isinstance(self.panel, KeyboardPanel) or self.manager.current == "setup":
            return False
        name = "spacebar" if key == 32 else (codepoint or "")
        return bool(name) and self.panel.key(name)

    def _poll_panel(self, _dt: float) -> None:
        for event in self.panel.drain():
            self.on_panel(event)

    def on_panel(self, event) -> None:
        screen = self.manager.current_screen
        if event.kind == "undo" and self.controller.session is not None and screen.name in ("table", "automa"):
            self.undo()
        elif event.kind == "confirm" and hasattr(screen, "confirm"):
            screen.confirm()

    def _show_leds(self) -> None:
        session = self.controller.session
        if session is None or self.panel is None:
            return
        state = self.controller.state
        turn = state.turn + 1 if state.turn is not None and not state.is_over else None
        if turn is not None and turn > self.panel.seats:
            turn = None
        self.panel.show(turn, automa_turn=self.manager.current == "automa")

    def on_stop(self) -> None:
        self._panel_event.cancel()
        Window.unbind(on_key_down=self._on_key_down)
        self.stop_camera()
        if self.panel is not None:
            self.panel.close()
        if self.store is not None:
            self.store.close()
