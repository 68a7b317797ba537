"""Euphoria at the table: what the companion needs of the game besides its rules (``companion.line_games.kinds``),
registered once in ``companion.games.registry``."""
from __future__ import annotations

from typing import Any, Optional, Sequence

from calibration.layout import ZoneLayout
from companion.line_games.entered import Entered
from companion.line_games.entry import Entry
from companion.line_games.kinds import EnteredText, KindFromParts
from companion.line_games.leds import PERSON_SEAT, Turn
from companion.line_games.setup_form import SetupForm
from vision.readings import ReadingsByZone

from .. import wording
from ..deck import LEVELS, parse_deck
from ..game import QUESTIONS, EuphoriaGame, Refused, Table
from ..setup import AUTOMAS, Setup
from . import camera, choices, options, zones
from .deck_entry import DeckEntry
from .form import EuphoriaForm

PEOPLES_TURN = ("next", "card", "support")  # what is told once the people have played
TURN_STARTS = ("next", "card")  # the lines that start the Automas' turn, once the people have played


class EuphoriaCamera:
    """The Automas' worker dice read in their supplies and on their penalty cards (``camera``)."""

    profile_name = zones.PROFILE_NAME
    dice_colours = AUTOMAS
    calibration_zones = tuple(zones.zone(c, "supply") for c in AUTOMAS)
    about_zones = "the four markers of the Automas' supplies and penalty cards; their black and white worker " \
                  "dice are calibrated laid out in their supplies"

    def layout(self) -> ZoneLayout:
        return zones.layout()

    def rolling(self, game: EuphoriaGame) -> bool:
        return game.rolling() is not None

    def roll(self, game: EuphoriaGame, placed: Optional[ReadingsByZone]) -> Optional[camera.CameraRoll]:
        return camera.roll_from_camera(game, placed)

    def checks(self, line: str) -> bool:
        return line.split()[0] in TURN_STARTS

    def expected(self, game: EuphoriaGame) -> Table:
        return game.table_now()

    def differences(self, placed: ReadingsByZone, expected: Table) -> list[str]:
        return camera.mismatches(camera.seen(placed), expected)


class Euphoria(KindFromParts):
    name = "euphoria"
    title = "Euphoria"
    about = "Black and White, one card pair a turn: the app says where each worker goes."
    colour = (0.52, 0.32, 0.58, 1)  # its button's, on the New game screen
    levels = tuple(LEVELS)
    refused = Refused
    setup_type = Setup
    game_type = EuphoriaGame
    options = options  # the module: its options on the command line
    choices = choices  # the module: what the table is asked next
    wording = wording  # the module: its events as lines
    entered = EnteredText("deck", "decks", lambda text: parse_deck(text).to_text())
    camera = EuphoriaCamera()

    def setup_form(self, header: Optional[dict[str, Any]], saved: Sequence[Entered]) -> SetupForm:
        return EuphoriaForm(self, header, saved)

    def new_entry(self, form: SetupForm, in_progress: Optional[Entry]) -> Entry:
        """The deck in progress (else a new one), counted against the level chosen now."""
        assert isinstance(form, EuphoriaForm)
        entry = in_progress if isinstance(in_progress, DeckEntry) else DeckEntry(form.level)
        entry.count_for(form.level)
        return entry

    def whose_turn(self, game: EuphoriaGame, parts: Sequence[str]) -> Turn:
        """The person's while the people play (no seat with two people: the app does not know which of them is
        playing), else the Automas' (her workers rolled at setup, her card pair and its questions)."""
        waiting = game.waiting_for()
        if waiting == "over":
            return Turn()
        if waiting in PEOPLES_TURN and (not parts or parts[0] in {c.part for c in choices.BETWEEN}):
            return Turn(PERSON_SEAT if game.setup.people == 1 else None)
        return Turn(automa=True)

    def status(self, game: EuphoriaGame) -> str:
        """The authority tokens each Automa has left."""
        automas = game.to_json()["automas"]
        return "  ·  ".join(f"{c.title()} ({a['faction'].title()}) {a['tokens']}" for c, a in automas.items()) \
            + " tokens"

    def mid_turn(self, game: EuphoriaGame) -> bool:
        """Her card pair's questions: their answers' lines add to the pair's lines."""
        return game.waiting_for() in QUESTIONS


EUPHORIA = Euphoria()
