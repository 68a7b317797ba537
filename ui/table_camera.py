"""The camera of the game at the table, as the screens see it: the feed, the calibration profile it
follows the table with and the table's dice examples its reader learns, and what a comparison with the
table leaves to a person.

``feed`` and ``seen`` are Kivy properties: the Table screen's camera line and preview are bound to
them. A move played from the table, or accepted from the mismatch alert, fires ``on_played``, and the
app shows the screen of what the table waits for next. Everything here runs on Kivy's main thread:
the settled tables come from the feed's reading thread through ``mainthread``.
"""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

from kivy.clock import mainthread
from kivy.event import EventDispatcher
from kivy.properties import ObjectProperty, StringProperty

from companion.config import Config
from companion.games.automata.rules import IllegalAction

from .controller import GameController
from .dialogs import alert, table_alert

if TYPE_CHECKING:
    import numpy as np

    from calibration.profile import CalibrationProfile
    from companion.line_games.camera_look import Look, LooksInTurn
    from companion.line_games.kinds import GameKind
    from companion.games.automata.sync import SyncStep, TableSync
    from companion.session.dice_learning import TableDiceLearner
    from companion.session.runtime import TableRuntime
    from hardware.camera import CameraSource
    from vision.readings import ReadingsByZone


class TableCamera(EventDispatcher):
    feed = ObjectProperty(None, allownone=True)  # the feed of the game in progress (ui.camera_feed.CameraFeed)
    seen = StringProperty("")  # a move seen on the table that waits for a tap, or dice to look at

    __events__ = ("on_played", "on_looked")

    def __init__(self, settings: Config, controller: GameController, demo: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.settings = settings
        self.controller = controller
        self.demo = demo
        self.profile_path: Optional[Path] = None  # None: calibration.profile's default path
        self.source: Optional[Callable[[], "CameraSource"]] = None  # a started source to use instead
        self.wanted = True   # the game's choice (Setup)
        self.allowed = True  # False in tests that must not start camera threads
        self._alert = None
        self._hinted_calibration = False
        self._table_dice: Optional["TableDiceLearner"] = None

    def on_played(self) -> None:
        """A move was played from the table."""

    def on_looked(self) -> None:
        """A look at the table was handed to its game (``game_look``)."""

    # -- the calibration --------------------------------------------------------------------

    def profile_file(self) -> Path:
        from calibration.profile import default_profile_path

        return self.profile_path or default_profile_path()

    def open_source(self) -> "CameraSource":
        """A started camera for calibration: the configured one (never the demo's synthetic table)."""
        from hardware.camera import open_camera

        if self.source is not None:
            return self.source()
        camera = self.settings.camera
        return open_camera(camera.source, **camera.hardware_arguments())

    def can_follow(self) -> bool:
        """Whether a new game's camera follows the table: the demo's always; a real camera's once the table is
        calibrated (until then it could only say so)."""
        return self.demo or self.profile_file().exists()

    def load_profile(self) -> Optional["CalibrationProfile"]:
        """The calibration profile, or None (a damaged one is said so, and the game goes on without it)."""
        from calibration.profile import CalibrationProfile, ProfileError

        path = self.profile_file()
        if not path.exists():
            return None
        try:
            return CalibrationProfile.load(path)
        except ProfileError as exc:
            self._hinted_calibration = True  # this alert says it already
            alert("Calibration profile not used", f"{exc}. The camera will not follow the table until you "
                                                  "calibrate again (Home, Calibrate).")
            return None

    def game_look(self, kind: "GameKind") -> Optional["LooksInTurn"]:
        """The camera's looks at the zones of a game whose camera looks for something (``GameKind.camera``), once
        they are calibrated (their profile beside the calibration profile), taken on a thread of their own and
        handed to the game on this one; None in the demo, or without that profile."""
        from calibration.profile import CalibrationProfile, ProfileError
        from companion.line_games.camera_look import TableLook

        if kind.camera is None or self.demo:
            return None
        path = self.profile_file().with_name(kind.camera.profile_name)
        if not path.exists():
            return None
        try:
            profile = CalibrationProfile.load(path)
        except ProfileError as exc:
            alert(f"{kind.title} calibration not used", f"{exc}. The dice are tapped until you calibrate again.")
            return None
        return self.in_background(TableLook(self.open_source, profile)) if profile.colours is not None else None

    def in_background(self, look: "Look") -> "LooksInTurn":
        """``look`` taken on a thread of its own, its readings handed to the game on this one, then ``on_looked``."""
        from companion.line_games.camera_look import LooksInTurn

        return LooksInTurn(look, self._hand_on_look)

    @mainthread
    def _hand_on_look(self, hand_on: Callable[[], None]) -> None:
        hand_on()
        self.dispatch("on_looked")

    def table_dice(self) -> "TableDiceLearner":
        """The table's dice examples, saved beside the calibration profile: loaded once per profile (a
        damaged file is said so, and the dice are read without them)."""
        from companion.session.dice_learning import TableDiceLearner

        path = self.profile_file()
        if self._table_dice is None or self._table_dice.profile_path != path:
            self._table_dice, message = TableDiceLearner.open(path)
            if message:
                alert("The table's dice examples not used", message)
        return self._table_dice

    # -- the feed ---------------------------------------------------------------------------

    def start(self) -> None:
        """The feed of the game, following the table when the profile has the dice colours."""
        if not (self.wanted and self.allowed) or self.feed is not None:
            return
        from .camera_feed import CameraFeed

        profile = None if self.demo else self.load_profile()
        table_dice = None if self.demo else self.table_dice()  # the demo's rendered dice teach nothing
        self.controller.playing.table_dice = table_dice
        camera = self.source() if self.source is not None else None
        settings = self.settings
        threshold = settings.vision.confidence_threshold
        feed = CameraFeed.open(settings.camera, demo=self.demo, table=lambda: self.controller.session,
                               threshold=threshold, camera=camera, profile=profile,
                               settle_reads=settings.vision.settle_frames, table_dice=table_dice)
        if profile is not None and profile.colours is not None:
            runtime = self.controller.playing
            from companion.session.roll_trust import RollKeeper

            keeper = RollKeeper.open(table_dice.profile_path, threshold) if table_dice is not None else None
            sync = runtime.follow_table(min_confidence=threshold, rolls=keeper)
            feed.follow(partial(self._settled, runtime, sync))
        elif not self.demo and not self._hinted_calibration:
            self._hinted_calibration = True
            rolls = "Rolls are read or entered" if self.controller.table_rolls else "The app rolls the dice"
            alert("Camera without calibration", f"{rolls} and moves are entered by tap. Calibrate (on the Home "
                                                "screen) and the camera will follow placements and rolls on the "
                                                "table by itself.")
        feed.start()
        self.feed = feed

    def stop(self) -> None:
        if self.feed is not None:
            self.feed.stop()
            self.feed = None
        if self.controller.runtime is not None:
            self.controller.runtime.stop_following()
        self.seen = ""
        self._show_alert(None)

    # -- the table compared with the game ---------------------------------------------------

    @mainthread
    def _settled(self, runtime: TableRuntime, sync: TableSync, readings_by_zone: ReadingsByZone,
                 frame: Optional[np.ndarray] = None) -> None:
        """The table came to rest (sent from the reading thread): compare it with the game. ``frame``: the
        frame it was read in, which the answers to the mismatch alert teach the dice from."""
        if runtime is not self.controller.runtime or runtime.sync is not sync:
            return  # seen by the camera of a game, or a following, that has stopped since
        step = runtime.table_settled(readings_by_zone, frame)
        refused = [o.reason for o in step.played if not o.ok]
        if step.played:
            self.dispatch("on_played")
        if refused:
            alert("Not played", "The table showed a move the game refused: " + "; ".join(refused))
        self._show(step)

    def recheck(self) -> None:
        """After a move entered by tap: what the last comparison leaves now (``TableRuntime.recheck``)."""
        step = self.controller.playing.recheck()
        if step is not None:
            self._show(step)

    def _show(self, step: SyncStep) -> None:
        """What the last comparison leaves to a person: a move to tap (an activation the table
        shows, or one of several), the mismatch alert, or else the dice the camera was unsure of
        where the game's values stood in for what it read (a line under the preview)."""
        sync = self.controller.playing.sync
        if sync is not None and sync.pending_choice is not None:
            self.seen = f"{step.report.summary()} Tap it below to play it."
        elif step.alert is None:
            self.seen = step.report.doubts_summary(self.controller.state.colours)
        else:
            self.seen = ""
        self._show_alert(step.alert)

    def _show_alert(self, report) -> None:
        """The mismatch alert for ``report``, replacing the one shown; None closes it."""
        if self._alert is not None:
            self._alert.dismiss(animation=False)
            self._alert = None
        if report is not None:
            self._alert = table_alert(report, self._accept_table if report.accept else None, self._camera_misread)

    def _camera_misread(self) -> None:
        """The person says the table is right: the alert's differences are the camera's error."""
        step = self._ask(lambda runtime: runtime.camera_misread(), "Nothing to correct")
        if step is not None:
            self._show(step)

    def _accept_table(self) -> None:
        outcomes = self._ask(lambda runtime: runtime.accept_table(), "Not allowed")
        if outcomes is None:
            return
        refused = [o.reason for o in outcomes if not o.ok]
        if refused:
            alert("Not allowed", "; ".join(refused))
        self.dispatch("on_played")

    def _ask(self, ask: Callable, refused_title: str):
        """``ask(runtime)`` for an alert's button; a refusal is shown under ``refused_title`` (None returned)."""
        self._alert = None
        try:
            return ask(self.controller.runtime)
        except IllegalAction as exc:
            alert(refused_title, exc.reason)
            return None
