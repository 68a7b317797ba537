"""Where an Automa places its worker: the action's rules and tables, then the tiebreakers.

The faction-area tiebreaker starts at the support card's faction and goes round the circle
(``factions``); among construction sites or constructed markets left in that area the
bottommost is taken (``board.bottommost``). The worker is the available one with the highest
knowledge, except on its own faction's commodity area, where it is the lowest.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from .board import Board, area_of, bottommost, market_name
from .factions import ADJECTIVES, MARKET_AREAS, NAMES, first_around
from .workers import Placed, Workers


class NeedSites(Exception):
    """The action's table needs to know which construction sites have a worker on them."""


@dataclass(frozen=True)
class Placement:
    knowledge: int
    where: Placed
    star_market: Optional[str] = None      # her ★ goes on this constructed market
    star_territory: Optional[str] = None   # her ★ goes on this faction's territory
    joins_site: Optional[str] = None       # a site with workers: her ★ on it only if this completes it


@dataclass(frozen=True)
class Turn:
    """What one Automa's placement is decided from."""

    colour: str
    own: str        # its faction
    start: str      # the faction of the support card's icon in its row (own resolved)
    board: Board
    workers: Workers
    sites: Optional[Sequence[str]]  # unbuilt markets with a worker on their site; None: not asked yet


def place(action: str, turn: Turn) -> Placement:
    if action == "commodity":
        knowledge = turn.workers.lowest() if turn.start == turn.own else turn.workers.highest()
        return Placement(knowledge, Placed(knowledge, f"the {NAMES[turn.start]} commodity area", "commodity",
                                           turn.start))
    knowledge = turn.workers.highest()
    if action.startswith("tunnel-"):
        return _tunnel(action, turn.start, knowledge)
    if turn.sites is None:
        raise NeedSites()
    joined = _join_construction(turn, knowledge)
    if joined is not None:
        return joined
    if action == "artifact":
        return _artifact_market(turn, knowledge)
    return _construct_market(turn, knowledge)


def _tunnel(action: str, start: str, knowledge: int) -> Placement:
    """Every tunnel space is valid, and one Icarus space; the circle from the card's faction
    chooses among them (ruling E5), so the card's own faction always wins."""
    if start == "icarus":
        bar = "Breeze Bar" if action == "tunnel-breeze-bar" else "Sky Lounge"
        return Placement(knowledge, Placed(knowledge, f"the {bar} in Icarus", "other", "icarus"))
    return Placement(knowledge, Placed(knowledge, f"the {ADJECTIVES[start]} tunnel", "other", start))


def _in_area(turn: Turn, markets: Sequence[str]) -> Optional[str]:
    """The bottommost of ``markets`` in the first faction area round the circle that has any."""
    area = first_around(turn.start, {area_of(m) for m in markets})
    return bottommost([m for m in markets if area_of(m) == area]) if area else None


def _join_construction(turn: Turn, knowledge: int) -> Optional[Placement]:
    """Row 1 of both tables: a construction site where there is already a worker."""
    site = _in_area(turn, [m for m in turn.sites or () if not turn.board.is_built(m)])
    if site is None:
        return None
    where = Placed(knowledge, f"the bottommost free space of the construction site of {market_name(site)}",
                   "site", site)
    return Placement(knowledge, where, joins_site=site)


def _artifact_market(turn: Turn, knowledge: int) -> Placement:
    penalizing = turn.board.penalizing(turn.colour)
    market = _in_area(turn, penalizing)
    if market is not None:  # row 2: the artifact market of an area with a penalizing market
        area = area_of(market)
        return Placement(knowledge, Placed(knowledge, f"the {ADJECTIVES[area]} artifact market", "other", area),
                         star_market=market)
    nearest = first_around(turn.start, MARKET_AREAS)  # row 3: all artifact markets
    assert nearest is not None
    return Placement(knowledge, Placed(knowledge, f"the {ADJECTIVES[nearest]} artifact market", "other", nearest),
                     star_territory=nearest)


def _construct_market(turn: Turn, knowledge: int) -> Placement:
    with_workers = set(turn.sites or ())
    empty = _in_area(turn, [m for m in turn.board.unbuilt() if m not in with_workers])
    if empty is not None:  # row 2: a construction site with no workers
        return Placement(knowledge, Placed(knowledge, f"the bottommost space of the construction site of "
                                                      f"{market_name(empty)}", "site", empty))
    market = _in_area(turn, turn.board.penalizing(turn.colour))
    if market is not None:  # row 3: a penalizing market
        return Placement(knowledge, Placed(knowledge, market_name(market), "other", area_of(market)),
                         star_market=market)
    market = _in_area(turn, turn.board.built())
    if market is not None:  # row 4: any constructed market
        return Placement(knowledge, Placed(knowledge, market_name(market), "other", area_of(market)),
                         star_territory=area_of(market))
    raise AssertionError("every market is built and none is: the table has no row left")
