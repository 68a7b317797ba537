"""Small helpers on multisets of dice kept as sorted lists."""
from __future__ import annotations

from bisect import insort
from collections import Counter
from typing import TYPE_CHECKING, Iterable, Iterator, Sequence, TypeVar

from .actions import Die

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

T = TypeVar("T", bound="SupportsRichComparison")  # the items of a sorted list


def contains(pool: Sequence[Die], dice: Sequence[Die]) -> bool:
    """Whether ``pool`` holds every die of ``dice``, counting repeats (pools and groups are a few dice)."""
    return all(pool.count(die) >= dice.count(die) for die in dice)


def remove(pool: list[Die], dice: Iterable[Die]) -> None:
    for die in dice:
        pool.remove(die)


def add(pool: list[Die], die: Die) -> None:
    insort(pool, die)


def with_item(pool: list[T], item: T) -> list[T]:
    """A new sorted list: ``pool`` and ``item`` (the engine gives a state new lists, see ``State.successor``)."""
    new = pool[:]
    insort(new, item)
    return new


def without(pool: list[T], items: Iterable[T]) -> list[T]:
    """A new list: ``pool`` less one of each of ``items``."""
    new = pool[:]
    for item in items:
        new.remove(item)
    return new


def distinct(pool: Sequence[Die]) -> list[Die]:
    """The different dice of a sorted pool, in order."""
    out: list[Die] = []
    for die in pool:
        if not out or out[-1] != die:
            out.append(die)
    return out


def sub_multisets(pool: Sequence[Die]) -> Iterator[tuple[Die, ...]]:
    """Every non-empty sub-multiset of a sorted pool, in a fixed order."""
    counts = sorted(Counter(pool).items())
    kinds = len(counts)
    chosen = [0] * kinds
    while True:
        i = kinds - 1
        while i >= 0 and chosen[i] == counts[i][1]:
            chosen[i] = 0
            i -= 1
        if i < 0:
            return
        chosen[i] += 1
        group: list[Die] = []
        for (die, _), n in zip(counts, chosen):
            group.extend([die] * n)
        yield tuple(group)
