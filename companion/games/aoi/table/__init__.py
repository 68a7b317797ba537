"""Age of Innovation at the table: what the companion needs of the game besides its rules
(``companion.line_games.kinds``), registered once in ``companion.games.registry``."""
from __future__ import annotations

from typing import Any, Optional, Sequence

from companion.line_games.entered import Entered
from companion.line_games.entry import Entry
from companion.line_games.kinds import EnteredText, KindFromParts, TableCheck
from companion.line_games.leds import PERSON_SEAT, Turn
from companion.line_games.setup_form import SetupForm

from .. import wording
from ..game import END_QUESTIONS, AoiGame, Refused
from ..levels import LEVELS
from ..owner import parse_card_file
from ..setup import Setup
from . import choices, options
from .card_entry import CardEntry
from .form import AoiForm

TABLE_LINES = ("community", "tile", "turn")  # asked of you, not in her turn


class AgeOfInnovation(KindFromParts):
    name = "aoi"
    title = "Age of Innovation"
    about = "Her Automa deck, her turns and her score: the app counts her choices out for you."
    colour = (0.30, 0.50, 0.36, 1.0)  # its button's, on the New game screen
    levels = LEVELS
    refused: type[Exception] = Refused
    setup_type = Setup
    game_type = AoiGame
    options = options  # the module: its options on the command line
    choices = choices  # the module: what the table is asked next
    wording = wording  # the module: its events as lines
    entered: Optional[EnteredText] = EnteredText("cards", "aoi-cards", lambda text: parse_card_file(text).to_text())
    camera: Optional[TableCheck] = None

    def setup_form(self, header: Optional[dict[str, Any]], saved: Sequence[Entered]) -> SetupForm:
        return AoiForm(self, header, saved)

    def new_entry(self, form: SetupForm, in_progress: Optional[Entry]) -> Entry:
        return in_progress if isinstance(in_progress, CardEntry) else CardEntry()

    def whose_turn(self, game: AoiGame, parts: Sequence[str]) -> Turn:
        """Hers while her turn is played (its cards and questions) or due; yours otherwise."""
        waiting = game.waiting_for()
        if waiting == "over":
            return Turn()
        if waiting == "turn":
            hers = game.hers_next or game.you_passed or bool(parts and parts[0].startswith("next"))
            return Turn(automa=True) if hers else Turn(PERSON_SEAT)
        return Turn(PERSON_SEAT) if waiting in TABLE_LINES + END_QUESTIONS else Turn(automa=True)

    def status(self, game: AoiGame) -> str:
        data = game.to_json()
        cards = data["cards"]
        return f"Round {data['round']} · her score {data['automa']['score']} · deck {cards['deck']} · " \
            f"reserve {cards['reserve']}"

    def mid_turn(self, game: AoiGame) -> bool:
        """Her turn's card and questions: their answers' lines add to the turn's lines."""
        return game.in_turn

    def turn_lines(self, game: AoiGame) -> int:
        """Her turn's lines, from ``next`` to the last answer given (all of them while she is still asking); a
        line of yours alone."""
        return game.turn_lines


AOI = AgeOfInnovation()
