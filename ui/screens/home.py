"""Home: start a new game, resume a saved one, calibrate, settings. Layout in home.kv."""
from __future__ import annotations

from functools import partial
from pathlib import Path

from kivy.properties import ColorProperty, ListProperty, ObjectProperty, StringProperty

from companion.config import Config
from companion.games.registry import game_named
from companion.session.dice_learning import TableDiceLearner
from companion.session.roll_trust import RollKeeper
from companion.store import AUTOMATA, game_kind
from hardware.panel import KeyboardPanel, Panel
from vision.examples import EXAMPLES_PER_FACE
from vision.readings import DIE_TYPES

from .. import kv, theme
from ..dialogs import Choice, ask
from ..voice import Voice
from ..widgets import TouchButton
from .common import CompanionScreen
from .game_screens import GameScreens

LISTED = 30  # the newest saved games; the others stay in the database
CLEAR = "Clear the dice examples"
SPEAK, STOP_SPEAKING = "Speak the Automa", "Stop speaking"
RESET = "Reset the reader's record"


def game_line(summary) -> str:
    """One saved game for the list: its date, then what its game says of it (``RegisteredGame.saved_line``)."""
    meta = summary.meta
    when = summary.updated_at.astimezone().strftime("%d %b %H:%M")
    return f"{when}  ·  {game_named(game_kind(summary.header)).saved_line(summary.header, meta)}"


def mode_line(panel: Panel, demo: bool) -> str:
    """What plays the camera and the panel's part."""
    keys = "keyboard keys 1-4, Space = Confirm, U = Undo" if isinstance(panel, KeyboardPanel) else "table buttons"
    return f"{'Demo: synthetic camera. ' if demo else ''}Panel: {keys}."


def settings_text(settings: Config, db_path: Path, table_dice: TableDiceLearner, voice: Voice) -> str:
    camera = settings.camera
    return (f"Settings file: {settings.source_path or 'none (defaults in use)'}\n"
            f"Games database: {db_path}\n"
            f"Camera: {camera.source}, preview {camera.preview_resolution[0]}x{camera.preview_resolution[1]}\n"
            f"Panel: {settings.panel.backend}\n"
            f"{voice.settings_line()}\n"
            f"Edit the settings file (see docs/config.md) and restart to change them.\n"
            f"{table_dice_line(table_dice)}")


def table_dice_line(table_dice: TableDiceLearner) -> str:
    """How many examples of the table's dice the reader has learnt, and which types it reads by them."""
    counts = table_dice.counts()
    if not sum(counts.values()):
        return "The table's dice examples: none yet (Calibrate teaches the camera your dice)."
    held = ", ".join(f"{t.upper()} {n}" for t, n in counts.items())
    learnt = [t for t in counts if table_dice.learnt(t)]
    if not learnt:
        return f"The table's dice examples: {held}; too few to read by yet ({EXAMPLES_PER_FACE} of each face of a type)."
    values = [(f"{t.upper()} values", table_dice.examples_right(t)) for t in learnt]
    weighed = [(what, r) for what, r in values + [("die types", table_dice.types_right())] if r is not None]
    by_examples = [f"{what} ({r.by_examples:.0%}, networks {r.by_networks:.0%})"
                   for what, r in weighed if r.examples_better]
    by_networks = [f"{what} ({r.by_networks:.0%}, examples {r.by_examples:.0%})"
                   for what, r in weighed if not r.examples_better]
    waiting = [what for what, r in values if r is None]  # die types wait for every type, not named
    lines = [f"The table's dice examples: {held} (in brackets, the share of them each way reads right)."]
    lines += [f"{way}: {', '.join(items)}." for way, items in (("Read by the examples", by_examples),
                                                              ("Read by the networks", by_networks),
                                                              ("Being learnt", waiting)) if items]
    return " ".join(lines)


class SavedGame(TouchButton):
    """A saved game in the list; a tap resumes it (style in home.kv)."""

    game_id = StringProperty("")
    kind = StringProperty(AUTOMATA)
    home = ObjectProperty(None)


class HomeScreen(CompanionScreen):
    mode_text = StringProperty("")
    saved = ListProperty()        # the saved games listed, newest first, as the list's data
    note = StringProperty("")     # in place of the list: none saved yet, or the games cannot be read
    note_colour = ColorProperty(theme.MUTED)

    def refresh(self) -> None:
        self.mode_text = mode_line(self.app.panel, self.app.demo)
        try:
            summaries = self.app.controller.store.games()
        except Exception as exc:  # a damaged store must not keep the Home screen from showing
            self.saved = []
            self.note, self.note_colour = f"Saved games cannot be read: {exc}", theme.ALERT
            return
        self.note, self.note_colour = ("" if summaries else "No saved games yet."), theme.MUTED
        self.saved = [{"text": game_line(s), "game_id": s.id, "kind": game_kind(s.header), "home": self} for s in summaries[:LISTED]]

    def resume(self, game_id: str, kind: str = AUTOMATA) -> None:
        game_named(kind).open(GameScreens(self), game_id)

    def show_settings(self) -> None:
        table_dice = self.app.camera.table_dice()
        keeper = self.reader_record()
        choices: list[Choice] = [("OK", None)]
        if table_dice.dice.examples:
            choices.append((CLEAR, self.confirm_clear))
        voice = self.app.voice
        if voice.installed:
            choices.append((STOP_SPEAKING if voice.speaking else SPEAK, self.toggle_speech))
        if keeper.record.dice:
            choices.append((RESET, partial(self.reset_record, keeper)))
        record = "\n".join(keeper.record.standing(t).line() for t in DIE_TYPES)
        ask("Settings", f"{settings_text(self.app.settings, self.app.db_path, table_dice, voice)}\n{record}", choices,
            size_hint=(0.9, 0.8))

    def toggle_speech(self) -> None:
        """Speak the Automas' moves from now on, or stop (for this run; the settings file's ``[ui] speak`` keeps
        it)."""
        self.app.voice.toggle()
        self.show_settings()

    def reset_record(self, keeper: RollKeeper) -> None:
        """Every die type earns this table's trust again: its rolls are confirmed until then."""
        keeper.reset()
        self.show_settings()

    def reader_record(self) -> RollKeeper:
        """The record of this table's dice reader (``companion.session.reader_trust``): the game's own where one
        follows the table, so that a reset reaches it."""
        runtime = self.app.controller.runtime
        if runtime is not None and runtime.rolls is not None:
            return runtime.rolls
        return RollKeeper.open(self.app.camera.table_dice().profile_path, self.app.settings.vision.confidence_threshold)

    def confirm_clear(self) -> None:
        """Clear the table's dice examples, once the person says so again."""
        table_dice = self.app.camera.table_dice()

        def clear() -> None:
            table_dice.clear()
            self.show_settings()

        ask("Clear the dice examples?",
            f"All {len(table_dice.dice.examples)} examples of this table's dice are deleted, and the camera reads "
            "the dice without them until you teach it again (Calibrate, then Next: teach it the dice).",
            [("Keep them", self.show_settings), ("Clear them", clear)])


kv.load_beside(__file__)
