"""The table session: the only part that knows about time, devices and storage."""
from .table import Outcome, SeatSpec, TableSession

__all__ = ["Outcome", "SeatSpec", "TableSession"]
