"""Values made once and kept: the actions and tables the engine derives from a ruleset.

Actions are immutable, so one ``Place("red", ("d6", 5), "create")`` can serve every state that
offers it; ``legal_actions`` picks from such tables instead of building its actions anew. A
ruleset keeps the tables made from it (``Ruleset.tables``).
"""
from __future__ import annotations

from typing import Callable, Generic, Hashable, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(dict[K, V], Generic[K, V]):
    """A dict that makes a missing value with ``make(key)`` on first reading, then keeps it."""

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self.make(key)
        return value
