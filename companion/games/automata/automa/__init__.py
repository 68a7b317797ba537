"""Automa opponents: a virtual card deck that plays a seat of Automata through the engine.

Public API: ``Automa(level, colour, seed).decide(state) -> AutomaDecision``, ``all_levels``,
``get_level``, ``default_deck``.
"""
from .automa import Automa, AutomaDecision, AutomaStateError
from .deck import DeckDataError, default_deck
from .levels import Level, all_levels, get_level

__all__ = ["Automa", "AutomaDecision", "AutomaStateError", "DeckDataError", "Level", "all_levels",
           "default_deck", "get_level"]
