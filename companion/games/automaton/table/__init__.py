"""Automaton at the table: what the companion needs of the game besides its rules (``companion.line_games.kinds``),
registered once in ``companion.games.registry``."""
from __future__ import annotations

from typing import Any, Optional, Sequence

from companion.line_games.entered import Entered
from companion.line_games.entry import Entry
from companion.line_games.kinds import KindFromParts
from companion.line_games.leds import Turn
from companion.line_games.setup_form import SetupForm

from .. import wording
from ..game import AutomatonGame, Refused, Setup
from . import choices, options
from .form import AutomatonForm


class Automaton(KindFromParts):
    name = "automaton"
    title = "Automaton"
    about = "Robots of pyramids on a chessboard: tap the programs and shots, the app referees."
    colour = (0.45, 0.30, 0.55, 1)  # its button's, on the New game screen
    refused = Refused
    setup_type = Setup
    game_type = AutomatonGame
    options = options  # the module: its options on the command line
    choices = choices  # the module: what the table is asked next
    wording = wording  # the module: its events as lines
    entered = None
    camera = None      # pyramids are not dice: the camera reads nothing here

    def setup_form(self, header: Optional[dict[str, Any]], saved: Sequence[Entered]) -> SetupForm:
        return AutomatonForm(self, header, saved)

    def new_entry(self, form: SetupForm, in_progress: Optional[Entry]) -> Entry:
        raise ValueError("Automaton has nothing to enter")

    def whose_turn(self, game: AutomatonGame, parts: Sequence[str]) -> Turn:
        """The seat of the robot whose program or shot is being tapped (a robot per seat, in the table's order)."""
        waiting = game.waiting_for()
        if waiting.startswith(("program ", "shot ")):
            return Turn(list(game.robots).index(waiting.split()[1]) + 1)
        return Turn()

    def status(self, game: AutomatonGame) -> str:
        """The turn, and each robot's damage."""
        robots = ("{} {}".format(wording.robot(n), "destroyed" if r.destroyed else f"{r.damage}/{r.qualities.hardness}")
                  for n, r in game.robots.items())
        return "  ·  ".join([f"Turn {game.turn}", *robots])

    def mid_turn(self, game: AutomatonGame) -> bool:
        """The turn's lines stand while programs or shots are tapped; the move and the fire start them anew."""
        return game.waiting_for() not in ("move", "fire", "over")


AUTOMATON = Automaton()
