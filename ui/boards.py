"""The drawings of a game's board beside its questions on the screen of a game played by lines, each registered once
(as the games are, ``companion.games.registry``): the game's name, and where its drawing is. A drawing is a Kivy
widget with ``show(game)``, ``width_wanted`` and ``height_wanted``; it is imported when first asked for, so the
game packages stay free of Kivy and the screen names no game."""
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


register_board("automaton", "ui.automaton_board:AutomatonBoard")
