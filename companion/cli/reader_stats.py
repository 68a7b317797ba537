"""The ``reader`` part of ``automata-companion stats``: this table's record of its dice reader, type by type
(``companion.session.reader_trust``), read from beside the calibration profile."""
from __future__ import annotations

from pathlib import Path

from companion.session.reader_trust import load_record
from vision.readings import CONFIDENCE_THRESHOLD, DIE_TYPES


def reader_stats(profile_path: Path, sure: float = CONFIDENCE_THRESHOLD) -> dict:
    """Each die type's sure readings since its last error, their lower bound, and whether its rolls play by
    themselves; with every die the record holds and how many of them were wrong."""
    record = load_record(profile_path, sure)
    types = {}
    for die_type in DIE_TYPES:
        standing = record.standing(die_type)
        types[die_type] = {"since_error": standing.since_error, "lower_bound": round(standing.lower_bound, 4),
                           "plays_by_itself": standing.trusted, "line": standing.line()}
    return {"profile": str(profile_path), "dice": len(record.dice),
            "wrong": sum(not die.right for die in record.dice), "types": types}
