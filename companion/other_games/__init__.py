"""The other games whose Automas the companion runs (Tokaido, Euphoria): a game at the table kept
in the same store as Automata's, and the headless ``session --game`` command."""
from .kinds import KINDS, GameKind
from .session import Answer, GameSession

__all__ = ["Answer", "GameKind", "GameSession", "KINDS"]
