"""The drawings of a game's board, each registered once (as the games are, ``companion.games.registry``): the game's
name, and where its drawing is. A drawing is a Kivy widget with ``show(game, pick)``, ``pick`` told the name of a
choice tapped on it. The screen of a game played by lines shows one beside its questions, in the room its
``width_wanted`` and ``height_wanted`` ask; Automata's Table screen shows hers (``show(state, pick, names)``) between
its bars. A drawing is imported when first asked for, so the game packages stay free of Kivy and the screens name
no drawing."""
from __future__ import annotations

import importlib
from typing import Any, Optional

_WHERE: dict[str, str] = {}  # game name -> "module:attribute"


def register_board(name: str, where: str) -> None:
    _WHERE[name] = where


def board_for(name: str) -> Optional[Any]:
    """The drawing's class of the game ``name``; None for a game drawn by its lines only."""
    if name not in _WHERE:
        return None
    module, _, attribute = _WHERE[name].partition(":")
    return getattr(importlib.import_module(module), attribute)


register_board("automata", "ui.automata_board:AutomataBoard")
register_board("automaton", "ui.automaton_board:AutomatonBoard")
