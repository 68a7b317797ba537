"""The record of a game played by lines (what ``export`` writes), replayed as ``replay`` does Automata's."""
from __future__ import annotations

import json
from typing import Any

from ..games.automata.rules import RecordError
from ..games.registry import kind_named
from ..store import AUTOMATA, RecordFormatError, game_kind, parse_record
from .kinds import EventRefused, replayed


def record_kind(text: str) -> str:
    """Which game a record is of, by its first line (Automata where that line does not say, or cannot be read:
    the Automata replay then says what is wrong with it)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    try:
        header = json.loads(first)
    except json.JSONDecodeError:
        return AUTOMATA
    return game_kind(header) if isinstance(header, dict) else AUTOMATA


def replay_record(text: str) -> dict[str, Any]:
    """The final state of the record's game and, once it is over, the score, as ``replay`` prints them.
    Raises :class:`RecordError` naming the first line that cannot be read or played."""
    try:
        header, events = parse_record(text)
    except RecordFormatError as exc:
        raise RecordError(exc.line or 1, exc.message) from None
    numbers = [n for n, line in enumerate(text.splitlines(), 1) if line.strip()]  # the header's, then each event's
    try:
        chosen = kind_named(game_kind(header))
        game = replayed(chosen, header, events)
    except EventRefused as exc:
        raise RecordError(numbers[exc.number], exc.reason, exc.event, exc.reason) from None
    except (ValueError, KeyError, TypeError) as exc:
        raise RecordError(numbers[0], f"the header cannot be read: {exc}") from None
    over = game.waiting_for() == "over"
    return {"game": chosen.name, "state": game.to_json(), "over": over, "actions": len(events),
            "score": {"points": game.scores(), "winners": game.winners()} if over else None}
