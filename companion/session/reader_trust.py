"""This table's record of its dice reader, and the trust it earns die type by die type.

Each die of a roll read from the table is kept with what the game finally took for it. A die type's sure
readings are trusted to play by themselves once the Wilson 95% lower bound on their being right, counted from
that type's last error, reaches 99%: with no error since, 381 sure readings (99.5% would take 765). Until
then a roll is shown for one confirmation. A wrong sure reading found at any time withdraws the trust and
the count starts again after it.

The record is saved beside the calibration profile, as the table's dice examples are, and starts again when
the profile (a new calibration) or the reader's models change: it is kept with a fingerprint of both.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Optional

TRUST_Z = 1.959963984540054  # the 95% two-sided normal quantile of the Wilson score interval
TRUSTED_BOUND = 0.99  # the lower bound a die type's sure readings must reach to play by themselves
RECORD_SUFFIX = ".reader.json"
MODEL_DIR = Path(__file__).resolve().parents[2] / "vision" / "models"


def wilson_lower(right: int, total: int, z: float = TRUST_Z) -> float:
    """The Wilson score interval's lower bound on the share right of ``total`` readings, ``right`` of them right."""
    if total == 0:
        return 0.0
    p = right / total
    centre = p + z * z / (2 * total)
    spread = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    return (centre - spread) / (1 + z * z / total)


@dataclass(frozen=True)
class ReadDie:
    """A die a roll read: its type, the value read and how sure, and the value the game finally took."""

    die_type: str
    read: int
    confidence: float
    taken: int

    @property
    def right(self) -> bool:
        return self.read == self.taken


@dataclass(frozen=True)
class Standing:
    """A die type's record: its sure readings since its last error, their lower bound, whether it is trusted."""

    die_type: str
    since_error: int
    lower_bound: float
    trusted: bool

    def line(self) -> str:
        """``D6: 412 sure readings since the last error, lower bound 99.1%: plays by itself``."""
        verdict = "plays by itself" if self.trusted else "each roll is confirmed"
        return (f"{self.die_type.upper()}: {self.since_error} sure readings since the last error, "
                f"lower bound {100 * self.lower_bound:.1f}%: {verdict}")


@dataclass
class ReaderRecord:
    """The dice rolls read at one table, in the order they were read. ``sure``: the confidence from which a
    reading counts as sure (the table's threshold); unsure readings are kept but never earn trust."""

    sure: float
    dice: list[ReadDie] = field(default_factory=list)
    fingerprint: str = ""

    def add(self, dice: Iterable[ReadDie]) -> None:
        self.dice.extend(dice)

    def remove(self, dice: Iterable[ReadDie]) -> None:
        """Take back ``dice`` (those of a roll undone), the latest of each."""
        for die in dice:
            for index in range(len(self.dice) - 1, -1, -1):
                if self.dice[index] == die:
                    del self.dice[index]
                    break

    def correct(self, die: ReadDie, taken: int) -> bool:
        """The latest ``die`` kept now taken as ``taken`` (its reading found wrong later); False where none is kept."""
        for index in range(len(self.dice) - 1, -1, -1):
            if self.dice[index] == die:
                self.dice[index] = ReadDie(die.die_type, die.read, die.confidence, taken)
                return True
        return False

    def clear(self) -> None:
        self.dice.clear()

    def standing(self, die_type: str) -> Standing:
        since = 0
        for die in self.dice:
            if die.die_type != die_type or die.confidence < self.sure:
                continue
            since = since + 1 if die.right else 0
        bound = wilson_lower(since, since)
        return Standing(die_type, since, bound, bound >= TRUSTED_BOUND)

    def trusted(self, die_type: str) -> bool:
        return self.standing(die_type).trusted

    def to_json(self) -> dict:
        return {"fingerprint": self.fingerprint,
                "dice": [[d.die_type, d.read, round(d.confidence, 4), d.taken] for d in self.dice]}


def record_path(profile_path: Path) -> Path:
    profile_path = Path(profile_path)
    return profile_path.with_name(profile_path.stem + RECORD_SUFFIX)


@lru_cache(maxsize=4)
def models_fingerprint(model_dir: Path = MODEL_DIR) -> str:
    """What the reader's networks are: a hash of every model file (none found: an empty hash)."""
    digest = hashlib.sha256()
    for path in sorted(Path(model_dir).glob("*.onnx")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def table_fingerprint(profile_path: Path, models: Optional[str] = None) -> str:
    """The calibration profile's content and the reader's models: a record kept under another starts again."""
    profile = Path(profile_path)
    calibrated = hashlib.sha256(profile.read_bytes()).hexdigest()[:16] if profile.exists() else ""
    return f"{calibrated}:{models_fingerprint() if models is None else models}"


def load_record(profile_path: Path, sure: float, models: Optional[str] = None) -> ReaderRecord:
    """The record beside ``profile_path``; a fresh one where there is none, it cannot be read, or the dice were
    calibrated anew or the models changed since it was kept."""
    fingerprint = table_fingerprint(profile_path, models)
    try:
        saved = json.loads(record_path(profile_path).read_text())
        if saved.get("fingerprint") == fingerprint:
            dice = [ReadDie(str(t), int(r), float(c), int(k)) for t, r, c, k in saved["dice"]]
            return ReaderRecord(sure, dice, fingerprint)
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return ReaderRecord(sure, [], fingerprint)


def save_record(profile_path: Path, record: ReaderRecord) -> None:
    """Write atomically: a crash mid-write leaves the old record, never half a file."""
    path = record_path(profile_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    scratch = path.with_name(path.name + ".tmp")
    scratch.write_text(json.dumps(record.to_json()))
    os.replace(scratch, path)
