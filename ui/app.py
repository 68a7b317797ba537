"""The Kivy app: the screens, the game controller, the panel and the camera feed together.

The game at the table is the controller's ``TableRuntime``: moves, undo, the panel's buttons and
LEDs, and the camera table's sync all go through it. Everything that touches widgets runs on
Kivy's main thread: panel presses arrive on their own threads and are drained here by a clock;
camera frames and dice readings come from the feed's worker threads and are picked up by the
Table screen's clock.

With a calibration profile and a real camera, the app follows the table: after each settle the
reading thread (``companion.session.follower``) groups the dice by zone, and the runtime (on the
main thread) plays a placement or a roll seen on the table, or raises an alert for a mismatch; the
app shows what it asks of a person.
"""
from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable, List, Optional

from kivy.app import App
from kivy.clock import Clock, mainthread
from kivy.core.window import Window
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.config import Config
from companion.store import GameStore, StoreError
from hardware.panel import KeyboardPanel, Panel

from . import kv
from .controller import AUTOMA, OVER, GameController
from .dialogs import alert, table_alert
from .opening import open_store, open_table_panel

if TYPE_CHECKING:
    from calibration.profile import CalibrationProfile
    from hardware.camera import CameraSource

log = logging.getLogger(__name__)
PANEL_POLL_S = 0.05


class CompanionApp(App):
    title = "Automata Table Companion"

    def __init__(self, settings: Config, db_path: Optional[Path] = None, demo: bool = False,
                 profile_path: Optional[Path] = None, store: Optional[GameStore] = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.settings = settings
        self.db_path = Path(db_path or settings.storage.db_path)
        self.demo = demo
        self.store = store  # already open (the command line's --db), else opened in build()
        self.controller: Optional[GameController] = None
        self.panel: Optional[Panel] = None
        self.feed = None  # the camera feed of the game in progress (ui.camera_feed.CameraFeed)
        self.profile_path = profile_path  # None: calibration.profile's default path
        self.camera_source: Optional[Callable[[], "CameraSource"]] = None  # a started source to use instead
        self.table_seen = ""  # a move seen on the table that waits for a tap, or dice to look at (under the preview)
        self._sync_popup = None
        self._hinted_calibration = False
        self.camera_on = True          # the game's choice (Setup)
        self.camera_allowed = True     # False in tests that must not start camera threads
        self.started_at = time.monotonic()
        self.home_shown_at: Optional[float] = None

    # -- building ---------------------------------------------------------------------------

    def load_kv(self, filename=None) -> bool:
        """Kivy would look for companion.kv beside this file on its own; load it once instead."""
        kv.load_style()
        return True

    def build(self) -> ScreenManager:
        from .screens.home import HomeScreen

        kv.load_style()
        Window.clearcolor = (0.11, 0.12, 0.14, 1)
        if self.store is None:
            self.store, self.db_path = open_store(self.db_path, self.settings.storage.backup_every)
        self.panel = open_table_panel(self.settings, self.demo)
        self.controller = GameController(self.store, self.panel)
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

    def _add_game_screens(self) -> None:
        """The screens of a game; each module is imported only here, after the Home screen."""
        for module, cls in (("setup", "SetupScreen"), ("calibrate", "CalibrateScreen"), ("table", "TableScreen"),
                            ("automa", "AutomaScreen"), ("score", "ScoreScreen"), ("history", "HistoryScreen")):
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
        self.go("calibrate")

    def open_camera_source(self) -> "CameraSource":
        """A started camera for calibration: the configured one (never the demo's synthetic table)."""
        from hardware.camera import open_camera

        if self.camera_source is not None:
            return self.camera_source()
        camera = self.settings.camera
        return open_camera(camera.source, **camera.hardware_arguments())

    def calibration_file(self) -> Path:
        from calibration.profile import default_profile_path

        return self.profile_path or default_profile_path()

    def last_colours(self) -> List[str]:
        """The seat colours of the latest saved game, to start the Calibrate screen with."""
        try:
            games = self.store.games()
        except Exception:  # a damaged store only loses the suggestion
            return []
        return [seat["colour"] for seat in games[0].header["seats"]] if games else []

    def load_profile(self) -> Optional["CalibrationProfile"]:
        """The calibration profile, or None (a damaged one is said so, and the game goes on without it)."""
        from calibration.profile import CalibrationProfile, ProfileError

        path = self.calibration_file()
        if not path.exists():
            return None
        try:
            return CalibrationProfile.load(path)
        except ProfileError as exc:
            self._hinted_calibration = True  # this alert says it already
            alert("Calibration profile not used", f"{exc}. The camera will not follow the table until you "
                                                  "calibrate again (Home, Calibrate).")
            return None

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
        step = self.controller.runtime.recheck()
        if step is not None:
            self._show_sync(step)

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

        profile = None if self.demo else self.load_profile()
        camera = self.camera_source() if self.camera_source is not None else None
        threshold = self.settings.vision.confidence_threshold
        self.feed = CameraFeed.open(self.settings.camera, demo=self.demo, table=lambda: self.controller.session,
                                    threshold=threshold, camera=camera, profile=profile,
                                    settle_reads=self.settings.vision.settle_frames)
        if profile is not None and profile.colours is not None:
            runtime = self.controller.runtime
            sync = runtime.follow_table(min_confidence=threshold)
            self.feed.follow(profile.layout, lambda readings_by_zone: self._table_settled(runtime, sync,
                                                                                          readings_by_zone))
        elif not self.demo and not self._hinted_calibration:
            self._hinted_calibration = True
            rolls = "Rolls are read or entered" if self.controller.table_rolls else "The app rolls the dice"
            alert("Camera without calibration", f"{rolls} and moves are entered by tap. Calibrate (on the Home "
                                                "screen) and the camera will follow placements and rolls on the "
                                                "table by itself.")
        self.feed.start()

    def stop_camera(self) -> None:
        if self.feed is not None:
            self.feed.stop()
            self.feed = None
        if self.controller.runtime is not None:
            self.controller.runtime.stop_following()
        self.table_seen = ""
        self._show_table_alert(None)

    @mainthread
    def _table_settled(self, runtime, sync, readings_by_zone) -> None:
        """The table came to rest (sent from the reading thread): compare it with the game."""
        if runtime is not self.controller.runtime or runtime.sync is not sync:
            return  # seen by the camera of a game, or a following, that has stopped since
        step = runtime.table_settled(readings_by_zone)
        refused = [o.reason for o in step.played if not o.ok]
        if step.played:
            self.show_next()
        if refused:
            alert("Not played", "The table showed a move the game refused: " + "; ".join(refused))
        self._show_sync(step)

    def _show_sync(self, step) -> None:
        """What the last comparison leaves to a person: a move to tap (an activation the table
        shows, or one of several), the mismatch alert, or else the dice the camera was unsure of
        where the game's values stood in for what it read (a line under the preview)."""
        sync = self.controller.runtime.sync
        waiting = sync is not None and sync.pending_choice is not None
        if waiting:
            self.table_seen = f"{step.report.summary()} Tap it below to play it."
        elif step.alert is None:
            self.table_seen = step.report.doubts_summary(self.controller.session.upcoming_state().colours)
        else:
            self.table_seen = ""
        self.manager.get_screen("table").show_camera_line()
        self._show_table_alert(step.alert)

    def _show_table_alert(self, report) -> None:
        """The mismatch alert for ``report``, replacing the one shown; None closes it."""
        if self._sync_popup is not None:
            self._sync_popup.dismiss(animation=False)
            self._sync_popup = None
        if report is not None:
            self._sync_popup = table_alert(report, self._accept_table if report.accept else None,
                                           self._camera_misread)

    def _camera_misread(self) -> None:
        """The person says the table is right: the alert's differences are the camera's error."""
        step = self._ask_sync(lambda runtime: runtime.camera_misread(), "Nothing to correct")
        if step is not None:
            self._show_sync(step)

    def _accept_table(self) -> None:
        outcomes = self._ask_sync(lambda runtime: runtime.accept_table(), "Not allowed")
        if outcomes is None:
            return
        refused = [o.reason for o in outcomes if not o.ok]
        if refused:
            alert("Not allowed", "; ".join(refused))
        self.show_next()

    def _ask_sync(self, ask: Callable, refused_title: str):
        """``ask(runtime)`` for an alert's button; a refusal is shown under ``refused_title`` (None returned)."""
        from companion.rules import IllegalAction

        self._sync_popup = None
        try:
            return ask(self.controller.runtime)
        except IllegalAction as exc:
            alert(refused_title, exc.reason)
            return None

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
        """A press while a game's Table or Automa screen is shown goes to the runtime; the app shows what
        it did (the next screen, or why not) or asks for the roll it asks for."""
        runtime = self.controller.runtime
        screen = self.manager.current
        if runtime is None or screen not in ("table", "automa"):
            return
        pressed = runtime.press(event)
        if pressed.asks_roll and screen == "table":
            self.manager.get_screen("table").enter_roll()
        elif pressed.outcome is not None and not pressed.outcome.ok:
            alert("Nothing to undo" if event.kind == "undo" else "Not played", pressed.outcome.reason)
        elif pressed.outcome is not None:
            self.show_next()

    def on_stop(self) -> None:
        self._panel_event.cancel()
        Window.unbind(on_key_down=self._on_key_down)
        self.stop_camera()
        if self.panel is not None:
            self.panel.close()
        if self.store is not None:
            self.store.close()
