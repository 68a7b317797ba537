"""Tokaido at the table: what the companion needs of the game besides its rules (``companion.line_games.kinds``),
registered once in ``companion.games.registry``."""
from __future__ import annotations

from typing import Any, Optional, Sequence

from companion.line_games.entered import Entered
from companion.line_games.entry import Entry
from companion.line_games.kinds import EnteredText, KindFromParts
from companion.line_games.leds import PERSON_SEAT, Turn
from companion.line_games.setup_form import SetupForm

from ..game import Refused, Setup, TokaidoGame
from ..difficulty import LEVELS
from ..road import parse_road
from .. import wording
from . import choices, options
from .form import TokaidoForm
from .road_entry import RoadEntry


class Tokaido(KindFromParts):
    name = "tokaido"
    title = "Tokaido"
    about = "Two Automas on the road: tap each Automa card, the app says where she stops."
    colour = (0.24, 0.40, 0.62, 1)  # its button's, on the New game screen
    levels = tuple(str(level) for level in LEVELS)
    refused = Refused
    setup_type = Setup
    game_type = TokaidoGame
    options = options  # the module: its options on the command line
    choices = choices  # the module: what the table is asked next
    wording = wording  # the module: its events as lines
    entered = EnteredText("road", "roads", lambda text: parse_road(text).to_text())
    camera = None

    def setup_form(self, header: Optional[dict[str, Any]], saved: Sequence[Entered]) -> SetupForm:
        return TokaidoForm(self, header, saved)

    def new_entry(self, form: SetupForm, in_progress: Optional[Entry]) -> Entry:
        return in_progress if in_progress is not None else RoadEntry()

    def whose_turn(self, game: TokaidoGame, parts: Sequence[str]) -> Turn:
        """The Automa's turn while her card is asked for; without a road model, hers once her card is tapped
        (the app does not know who moves until then); else yours."""
        waiting = game.waiting_for()
        if waiting == "over":
            return Turn()
        if waiting.startswith("card "):
            return Turn(automa=True)
        if waiting == "card":
            return Turn(automa=bool(parts) and parts[0].endswith(" card"))
        return Turn(PERSON_SEAT)  # your move, the Meals you drew, your end counts

    def status(self, game: TokaidoGame) -> str:
        """The Automas' scores."""
        return "  ·  ".join(f"{c.title()} {a['score']} points" for c, a in game.to_json()["automas"].items())


TOKAIDO = Tokaido()
