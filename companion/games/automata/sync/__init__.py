"""Table sync: where the engine expects every die, against where the camera sees them.

``locations`` (zones as engine locations, the engine's dice at each), ``observe`` (the dice
the camera sees, and how they differ), ``settle`` (unsure readings the engine vouches for),
``in_place`` (dice turned where they lie), ``rolled_types`` (a roll's dice read as the types
rolled), ``explain`` (legal moves that explain the table), ``wording`` (the English of alerts),
``report`` (the pure comparison, :func:`sync_table`), ``follower`` (:class:`TableSync`, the
stateful part the runtime calls after each settle).
"""
from .follower import SyncStep, TableSync
from .locations import Die, expected_dice, keeps_values, zone_location
from .observe import Doubt, ObservedTable
from .report import SyncReport, sync_table
from .settle import settle_unsure_readings

__all__ = [
    "Die", "Doubt", "ObservedTable", "SyncReport", "SyncStep", "TableSync", "expected_dice",
    "keeps_values", "settle_unsure_readings", "sync_table", "zone_location",
]
