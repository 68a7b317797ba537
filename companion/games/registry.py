"""Every game the companion plays, each registered once (as OpenSpiel's ``register_game`` does): its name, and
where its entry is. Adding a game is its package plus one ``register_game`` line. An entry is imported when it is
first asked for, so the registry imports no game.

A game is played by lines (its entry a ``GameKind``, played by the stored session of
``companion.line_games``), or by Automata's engine session (``companion.session``). The shared parts never ask which:
the game's ``RegisteredGame`` (``game_named``) sets it up, resumes it and serves its headless session."""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..line_games.kinds import GameKind, RegisteredGame

_WHERE: dict[str, str] = {}  # name -> "module:attribute"
_BY_LINES: dict[str, bool] = {}
_LOADED: dict[str, Any] = {}


def register_game(name: str, where: str, by_lines: bool = True) -> None:
    """Register the game ``name``, whose entry is the attribute ``where`` names (``"package.module:KIND"``):
    a ``GameKind`` for a game played by lines (``by_lines``), else a ``RegisteredGame``."""
    _WHERE[name] = where
    _BY_LINES[name] = by_lines
    _LOADED.pop(name, None)


def unregister_game(name: str) -> None:
    """Forget the game ``name`` (a game registered for a while, as the tests' own)."""
    for table in (_WHERE, _BY_LINES, _LOADED):
        table.pop(name, None)


def registered() -> tuple[str, ...]:
    """The names of every game registered, in the order they were."""
    return tuple(_WHERE)


def played_by_lines() -> tuple[str, ...]:
    """The names of the games played by lines, in the order they were registered."""
    return tuple(name for name in _WHERE if _BY_LINES[name])


def _by_lines(name: str) -> bool:
    """Whether the game ``name`` is played by lines; ValueError naming the games there are."""
    _check(name)
    return _BY_LINES[name]


def game_named(name: str) -> "RegisteredGame":
    """The game ``name`` as New game, Home, the headless session and ``replay`` see it."""
    if _by_lines(name):
        from ..line_games.listed import ListedByLines

        return ListedByLines(kind_named(name))
    return _load(name)


def kind_named(name: str) -> "GameKind":
    """The kind of the game ``name``, played by lines; ValueError naming the games there are, or saying that
    ``name`` is not played by lines."""
    if not _by_lines(name):
        raise ValueError(f"'{name}' is not a game played by lines; those are {', '.join(played_by_lines())}")
    return _load(name)


def _check(name: str) -> None:
    if name not in _WHERE:
        raise ValueError(f"'{name}' is not a game the companion knows; choose {', '.join(_WHERE)}")


def _load(name: str) -> Any:
    if name not in _LOADED:
        module, _, attribute = _WHERE[name].partition(":")
        _LOADED[name] = getattr(importlib.import_module(module), attribute)
    return _LOADED[name]


register_game("automata", "companion.games.automata.entry:AUTOMATA", by_lines=False)
register_game("tokaido", "companion.games.tokaido.table:TOKAIDO")
register_game("euphoria", "companion.games.euphoria.table:EUPHORIA")
register_game("automaton", "companion.games.automaton.table:AUTOMATON")
register_game("aoi", "companion.games.aoi.table:AOI")
