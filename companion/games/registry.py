"""The games played at the table by lines, each registered once (as OpenSpiel's ``register_game`` does): its
name, and where its ``GameKind`` (``companion.other_games.kinds``) is. Adding a game is its package plus one
``register_game`` line. A kind is imported when it is first asked for, so the registry imports no game."""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Dict, Tuple

if TYPE_CHECKING:
    from ..other_games.kinds import GameKind

_WHERE: Dict[str, str] = {}  # name -> "module:attribute"
_LOADED: Dict[str, "GameKind"] = {}


def register_game(name: str, where: str) -> None:
    """Register the game ``name``, whose kind is the attribute ``where`` names (``"package.module:KIND"``)."""
    _WHERE[name] = where
    _LOADED.pop(name, None)


def unregister_game(name: str) -> None:
    """Forget the game ``name`` (a game registered for a while, as the tests' own)."""
    _WHERE.pop(name, None)
    _LOADED.pop(name, None)


def registered() -> Tuple[str, ...]:
    """The names of the games registered, in the order they were."""
    return tuple(_WHERE)


def kind_named(name: str) -> "GameKind":
    """The kind of the game ``name``; ValueError naming the games there are."""
    if name not in _WHERE:
        raise ValueError(f"'{name}' is not a game the companion knows; choose automata, {', '.join(_WHERE)}")
    if name not in _LOADED:
        module, _, attribute = _WHERE[name].partition(":")
        _LOADED[name] = getattr(importlib.import_module(module), attribute)
    return _LOADED[name]


register_game("tokaido", "companion.games.tokaido.table:TOKAIDO")
register_game("euphoria", "companion.games.euphoria.table:EUPHORIA")
