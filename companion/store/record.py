"""The game-record JSONL format and the meaning of the ``undo`` event.

A record is one JSON object per line: first the header
``{"type": "header", "rules_version": ..., "seats": [...], "seed": ...}``, then one line per
effective action ``{"type": "action", "n": 1, "action": "<notation>"}``, numbered from 1.
Actions are the engine's text notation; this module does not interpret them, except for the
literal event ``undo``, which takes back the latest remaining action.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from .errors import RecordFormatError

UNDO = "undo"
REQUIRED_HEADER_KEYS = ("rules_version", "seats", "seed")


def effective(events: Iterable[str]) -> list[str]:
    """The actions that stand once every ``undo`` has taken back the action before it."""
    actions: list[str] = []
    for event in events:
        if event == UNDO:
            if actions:
                actions.pop()
        else:
            actions.append(event)
    return actions


def dump_record(header: dict[str, Any], actions: Iterable[str]) -> str:
    """The JSONL text of a game: the header line, then one line per action."""
    lines = [json.dumps({"type": "header", **{k: v for k, v in header.items() if k != "type"}})]
    for n, action in enumerate(actions, start=1):
        lines.append(json.dumps({"type": "action", "n": n, "action": action}))
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> tuple[dict[str, Any], list[str]]:
    """Check a JSONL game record and return its header (without ``type``) and its actions.

    Raises :class:`RecordFormatError` naming the first line that is wrong.
    """
    rows = [(number, line) for number, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if not rows:
        raise RecordFormatError("the game record is empty; expected a header line first")
    parsed = []
    for number, line in rows:
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RecordFormatError(f"not valid JSON ({exc.msg})", number) from None
        if not isinstance(obj, dict):
            raise RecordFormatError(f"expected a JSON object, got {line.strip()[:40]!r}", number)
        parsed.append((number, obj))

    number, header = parsed[0]
    if header.get("type") != "header":
        raise RecordFormatError(f'expected the header object {{"type": "header", ...}} first, '
                                f"got type {header.get('type')!r}", number)
    missing = [key for key in REQUIRED_HEADER_KEYS if key not in header]
    if missing:
        raise RecordFormatError(f"the header lacks {', '.join(missing)}", number)

    actions: list[str] = []
    for number, obj in parsed[1:]:
        if obj.get("type") != "action":
            raise RecordFormatError(f'expected an action object {{"type": "action", ...}}, '
                                    f"got type {obj.get('type')!r}", number)
        expected_n = len(actions) + 1
        if obj.get("n") != expected_n:
            raise RecordFormatError(f"expected action number n = {expected_n}, got {obj.get('n')!r}", number)
        action = obj.get("action")
        if not isinstance(action, str) or not action.strip():
            raise RecordFormatError(f"expected the action as non-empty text, got {action!r}", number)
        if action == UNDO:
            raise RecordFormatError("'undo' cannot appear in a game record, which lists only the "
                                    "actions that stand", number)
        actions.append(action)
    return {k: v for k, v in header.items() if k != "type"}, actions
