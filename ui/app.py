"""The Kivy app: the life of the app around its screens.

It opens the games database and the panel (``ui.opening``) and the window, builds the screens
(``ui.screens``) and shows the one for what the table waits for now. The game is the controller's
(``ui.controller``), the camera the ``TableCamera``'s (``ui.table_camera``); each screen pulls what it
shows from them. Panel presses arrive on their own threads and are drained here, on Kivy's main
thread, by a clock, each handed to the screen shown.
"""
from __future__ import annotations

import importlib
import logging
import time
from pathlib import Path
from typing import Optional

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.properties import ObjectProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.config import Config
from companion.store import GameStore
from hardware.panel import KeyboardPanel, Panel

from . import kv, theme
from .controller import AUTOMA, OVER, GameController
from .dialogs import alert
from .opening import open_store, open_table_panel
from .table_camera import TableCamera
from .voice import Voice

log = logging.getLogger(__name__)
PANEL_POLL_S = 0.05
# The screens after Home (a game's, and Evenings): (module of ui.screens, class), imported once Home is built.
GAME_SCREENS = (("new_game", "NewGameScreen"), ("other_setup", "OtherSetupScreen"), ("other_game", "OtherGameScreen"),
                ("entry", "EntryScreen"), ("setup", "SetupScreen"), ("calibrate", "CalibrateScreen"), ("teach_dice", "TeachDiceScreen"),
                ("table", "TableScreen"), ("automa", "AutomaScreen"), ("score", "ScoreScreen"),
                ("history", "HistoryScreen"), ("evenings", "EveningsScreen"))


class CompanionApp(App):
    title = "Automata Table Companion"
    camera = ObjectProperty(None)  # the TableCamera, from build() on
    controller: GameController  # from build() on
    panel: Panel  # from build() on

    def __init__(self, settings: Config, db_path: Optional[Path] = None, demo: bool = False,
                 store: Optional[GameStore] = None, speak: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.settings = settings
        self.db_path = Path(db_path or settings.storage.db_path)
        self.demo = demo
        self.store = store  # already open (the command line's --db), else opened in build()
        self.voice = Voice(speak or settings.ui.speak)
        self.started_at = time.monotonic()
        self.home_shown_at: Optional[float] = None

    def load_kv(self, filename=None) -> bool:
        """Kivy would look for companion.kv beside this file on its own; load it once instead."""
        kv.load_style()
        return True

    def build(self) -> ScreenManager:
        from .screens.home import HomeScreen  # with the styles of companion.kv

        Window.clearcolor = theme.BACKGROUND
        if self.store is None:
            self.store, self.db_path = open_store(self.db_path, self.settings.storage.backup_every)
        self.panel = open_table_panel(self.settings, self.demo)
        self.controller = GameController(self.store, self.panel)
        self.camera = TableCamera(self.settings, self.controller, self.demo)
        self.camera.bind(on_played=lambda _camera: self.show_next(), on_looked=lambda _camera: self._looked())
        self.controller.game_look = self.camera.game_look
        self.manager = ScreenManager(transition=NoTransition())
        self.manager.add_widget(HomeScreen(app=self))
        for module, name in GAME_SCREENS:
            self.manager.add_widget(getattr(importlib.import_module(f"ui.screens.{module}"), name)(app=self))
        Window.bind(on_key_down=self._on_key_down, on_flip=self._home_visible)
        self._panel_event = Clock.schedule_interval(self._poll_panel, PANEL_POLL_S)
        recovery = self.store.recovery
        if recovery is not None and recovery.message:
            Clock.schedule_once(lambda _dt: alert("Saved games recovered", recovery.message), 0)
        return self.manager

    def _home_visible(self, *_args) -> None:
        """The first frame is on the screen: the Home screen is visible."""
        Window.unbind(on_flip=self._home_visible)
        self.home_shown_at = time.monotonic()
        log.info("home screen shown %.2f s after start", self.home_shown_at - self.started_at)

    # -- the screens ------------------------------------------------------------------------

    def go(self, name: str) -> None:
        """Show screen ``name`` with what it shows now (drawn afresh when it is shown already)."""
        if self.manager.current == name:
            self.manager.current_screen.refresh()
        else:
            self.manager.current = name  # a screen draws itself as it is entered

    def go_home(self) -> None:
        self.camera.stop()
        self.go("home")

    def _looked(self) -> None:
        """The camera's look at the table came: its game's screen shows what it read."""
        if self.manager.current == "other":
            self.manager.current_screen.refresh()

    def show_next(self) -> None:
        """The screen of what the table waits for now; the camera watches the table while a game is on."""
        step = self.controller.next_step()
        if step == OVER:
            self.camera.stop()
            self.go("score")
        elif step == AUTOMA:
            self.go("automa")
        else:
            self.camera.start()
            self.go("table")
        self.camera.recheck()

    # -- the panel --------------------------------------------------------------------------

    def _on_key_down(self, _window, key: int, _scancode, codepoint: Optional[str], _modifiers) -> bool:
        if not isinstance(self.panel, KeyboardPanel) or self.manager.current == "setup":
            return False
        name = "spacebar" if key == 32 else (codepoint or "")
        return bool(name) and self.panel.key(name)

    def _poll_panel(self, _dt: float) -> None:
        for event in self.panel.drain():
            self.manager.current_screen.panel_pressed(event)

    def on_stop(self) -> None:
        self._panel_event.cancel()
        Window.unbind(on_key_down=self._on_key_down)
        self.camera.stop()
        self.panel.close()
        self.voice.close()
        if self.store is not None:
            self.store.close()
