"""What the camera looks at in a game of Euphoria: each Automa's supply of available worker dice and her
faction/penalty card, a zone each. Their markers follow the standard zones' (ids 0-21), so one table can hold both
sets; they are calibrated into a profile of their own, beside the calibration profile."""
from __future__ import annotations

from calibration.layout import DEFAULT_SIZES, GAP, Zone, ZoneLayout, rectangle, standard_zone_names

from ..setup import AUTOMAS

POOLS = ("supply", "penalty")
FIRST_MARKER = len(standard_zone_names())
SIZE = DEFAULT_SIZES["available"]  # room for an Automa's 4 dice, or a card's width
PROFILE_NAME = "euphoria-calibration.json"  # these zones and the Automas' black and white


def zone(colour: str, pool: str) -> str:
    """The zone of an Automa's supply or penalty card: 'black.supply', 'white.penalty'."""
    return f"{colour}.{pool}"


def layout() -> ZoneLayout:
    """The four zones, each to the right of its marker as the standard zones are."""
    width, height = SIZE
    x0 = 0.5 + GAP
    names = [zone(c, p) for c in AUTOMAS for p in POOLS]
    return ZoneLayout(tuple(Zone(n, FIRST_MARKER + i, rectangle(x0, -0.5, x0 + width, -0.5 + height))
                            for i, n in enumerate(names)))
