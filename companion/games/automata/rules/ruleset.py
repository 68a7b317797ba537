"""The numbers of the game, loaded from one data file (``rules_data.json``).

Every value the rulebook leaves illegible is a ruling (see ``docs/rules.md``) and lives in
that file, so an owner whose printed copy says otherwise can change it without touching code.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence

from .memo import Memo

DATA_FILE = Path(__file__).with_name("rules_data.json")

DieType = str  # "d4", "d6" or "d8"


@dataclass(frozen=True)
class Card:
    """One card of the default set: required sum, gear cost and ability (R19)."""

    card_id: str
    type: str
    sum: int
    gears: int
    ability: Mapping[str, Any]

    @property
    def is_head(self) -> bool:
        return self.type == "head"


def _table(rows: Sequence[Sequence[int]]) -> tuple[tuple[int, int], ...]:
    return tuple((int(low), int(value)) for low, value in rows)


def lookup(table: tuple[tuple[int, int], ...], total: int) -> int:
    """Value of the last row whose lowest sum is at most ``total``."""
    value = table[0][1]
    for low, row_value in table:
        if total >= low:
            value = row_value
    return value


@dataclass(frozen=True)
class Ruleset:
    version: str
    colours: tuple[str, ...]
    min_seats: int
    max_seats: int
    die_types: tuple[DieType, ...]
    faces: Mapping[DieType, int]
    dice_per_seat: Mapping[DieType, int]
    start_spent: Mapping[DieType, int]
    start_gears: int
    areas: tuple[str, ...]
    action_spaces: Mapping[str, Mapping[int, int]]
    market_spaces: tuple[DieType, ...]
    display_size: int
    reroll_cost: int
    plus_minus_cost: int
    forfeit_gears: int
    initiatives: int
    scavenge_table: tuple[tuple[int, int], ...]
    upgrade_cost: Mapping[DieType, int]
    upgrade_modifier_table: tuple[tuple[int, int], ...]
    create_table: tuple[tuple[int, int], ...]
    create_cost: Mapping[DieType, int]
    sell_rewards: Mapping[DieType, Mapping[str, int]]
    research_board_vp_effect: Optional[Mapping[str, Any]]
    set_values: tuple[int, ...]
    reserved_card_vp: int
    dice_vp: Mapping[DieType, int]
    coin_vp: int
    gear_vp: int
    card_types: tuple[str, ...]
    cards: Mapping[str, Card]

    @cached_property
    def tables(self) -> Memo[Callable[["Ruleset"], Any], Any]:
        """What the engine derives from these rules, each made once: ``rules.tables[make]`` is ``make(rules)``."""
        return Memo(lambda make: make(self))

    def __getstate__(self) -> dict[str, Any]:
        """Pickled and deep-copied without ``tables``: they are made again when needed."""
        return {name: value for name, value in self.__dict__.items() if name != "tables"}

    @property
    def heads(self) -> tuple[str, ...]:
        """Head ids in pile order, the cheapest on top."""
        heads = sorted((c for c in self.cards.values() if c.is_head), key=lambda c: (c.sum, c.gears, c.card_id))
        return tuple(c.card_id for c in heads)

    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(sorted(c.card_id for c in self.cards.values() if not c.is_head))

    @property
    def areas_with_spaces(self) -> tuple[str, ...]:
        """The staging areas with action spaces at some table size (Research has none, R15)."""
        seat_counts = range(self.min_seats, self.max_seats + 1)
        return tuple(area for area in self.areas if any(self.spaces_for(area, n) for n in seat_counts))

    def spaces_for(self, area: str, seats: int) -> int:
        if area == "market":
            return len(self.market_spaces)
        return self.action_spaces[area][seats]

    def scavenge_gears(self, total: int) -> int:
        return lookup(self.scavenge_table, total)

    def upgrade_modifier(self, total: int) -> int:
        return lookup(self.upgrade_modifier_table, total)

    def create_capacity(self, total: int) -> int:
        return lookup(self.create_table, total)


def _without_comments(mapping: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in mapping.items() if not k.startswith("_")}


def load_ruleset(path: Path = DATA_FILE) -> Ruleset:
    raw = json.loads(Path(path).read_text(encoding="utf-8"))
    cards = {
        card_id: Card(card_id, c["type"], int(c["sum"]), int(c["gears"]), c["ability"])
        for card_id, c in _without_comments(raw["cards"]).items()
    }
    return Ruleset(
        version=raw["rules_version"],
        colours=tuple(raw["colours"]),
        min_seats=raw["seats"]["min"],
        max_seats=raw["seats"]["max"],
        die_types=tuple(raw["die_types"]),
        faces=dict(raw["faces"]),
        dice_per_seat=dict(raw["dice_per_seat"]),
        start_spent=_without_comments(raw["start"]["spent"]),
        start_gears=raw["start"]["gears"],
        areas=tuple(raw["areas"]),
        action_spaces={
            area: {int(n): int(count) for n, count in per_seats.items()}
            for area, per_seats in _without_comments(raw["action_spaces"]).items()
        },
        market_spaces=tuple(raw["market_spaces"]),
        display_size=raw["display_size"],
        reroll_cost=raw["modification_gear_cost"]["reroll"],
        plus_minus_cost=raw["modification_gear_cost"]["plus_minus"],
        forfeit_gears=raw["forfeit_gears"]["value"],
        initiatives=raw["initiatives"],
        scavenge_table=_table(raw["scavenge_table"]["rows"]),
        upgrade_cost=_without_comments(raw["upgrade_cost"]),
        upgrade_modifier_table=_table(raw["upgrade_modifier_table"]["rows"]),
        create_table=_table(raw["create_table"]["rows"]),
        create_cost=dict(raw["create_cost"]),
        sell_rewards=_without_comments(raw["sell_rewards"]),
        research_board_vp_effect=raw["research_board_vp_effect"]["value"],
        set_values=tuple(raw["set_values"]["values"]),
        reserved_card_vp=raw["reserved_card_vp"]["value"],
        dice_vp=_without_comments(raw["dice_vp"]),
        coin_vp=raw["coin_vp"],
        gear_vp=raw["gear_vp"],
        card_types=tuple(raw["card_types"]),
        cards=cards,
    )


@lru_cache(maxsize=1)
def default_ruleset() -> Ruleset:
    return load_ruleset()
