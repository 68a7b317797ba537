"""Measure the reader against a labelled manifest (the format of the shared dice photos).

A reading matches a labelled die when their boxes overlap with IoU >= 0.5, or, failing that, when the
reading's box holds the label's near its middle (some sources box only the top face or the pips); in an
image whose one die has no box, the most confident reading is that die. Figures are given for
the whole manifest and for each ``group`` in it, since groups are correlated units.
"""
from __future__ import annotations

import json
import math
import pathlib
import time
from dataclasses import dataclass, field
from typing import Optional

import cv2
import numpy as np

from vision.classifier import READER_WINDOW
from vision.examples import TableDice, example_from_frame
from vision.known_types import with_types
from vision.reader import DiceReader
from vision.readings import CONFIDENCE_THRESHOLD, DIE_TYPES, DieReading

MATCH_IOU = 0.5
CURVE_THRESHOLDS = tuple(round(0.5 + 0.02 * k, 2) for k in range(25))  # 0.50, 0.52 ... 0.98
INSIDE_SHARE = 0.9  # a label box this much inside a reading's box ...
MIDDLE_SHARE = 0.3  # ... and its centre this share of the reading's side from the reading's centre


def box_iou(a, b) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def box_inside(inner, outer) -> bool:
    """Whether box ``inner`` lies (at least ``INSIDE_SHARE`` of it) inside box ``outer``, near its middle."""
    ix = max(0.0, min(inner[2], outer[2]) - max(inner[0], outer[0]))
    iy = max(0.0, min(inner[3], outer[3]) - max(inner[1], outer[1]))
    area = (inner[2] - inner[0]) * (inner[3] - inner[1])
    side = max(outer[2] - outer[0], outer[3] - outer[1])
    off = math.dist(((inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2),
                    ((outer[0] + outer[2]) / 2, (outer[1] + outer[3]) / 2))
    return area > 0 and ix * iy >= INSIDE_SHARE * area and off <= MIDDLE_SHARE * side


def match(readings: list[DieReading], labels: list[dict]) -> list[Optional[int]]:
    """For each label, the index of its reading (or None). Each reading matches one label at most.

    Pairs overlapping by ``MATCH_IOU`` go first, best overlap first. A label left over then matches a reading
    whose box holds it near its middle: some sources box only a die's top face or its pips. One still left
    over matches the nearest reading where each box holds the other's centre: in photos stretched to a square
    a die's label box is far from square, and the reader's square box on that die may overlap it by less."""
    if len(labels) == 1 and labels[0]["bbox"] is None:
        if not readings:
            return [None]
        return [int(np.argmax([r.detection_confidence for r in readings]))]
    pairs = sorted(((box_iou(r.bbox, lab["bbox"]), i, j) for j, lab in enumerate(labels) if lab["bbox"]
                    for i, r in enumerate(readings)), reverse=True)
    result: list[Optional[int]] = [None] * len(labels)
    used = set()
    for iou, i, j in pairs:
        if iou < MATCH_IOU:
            break
        if i not in used and result[j] is None:
            result[j] = i
            used.add(i)
    for j, lab in enumerate(labels):
        if result[j] is None and lab["bbox"]:
            holding = [i for i, r in enumerate(readings) if i not in used and box_inside(lab["bbox"], r.bbox)]
            if holding:
                smallest = min(holding, key=lambda i: _area(readings[i].bbox))
                result[j] = smallest
                used.add(smallest)
    for j, lab in enumerate(labels):
        if result[j] is None and lab["bbox"]:
            middle = _middle(lab["bbox"])
            centred = [i for i, r in enumerate(readings)
                       if i not in used and _holds(lab["bbox"], r.centre) and _holds(r.bbox, middle)]
            if centred:
                nearest = min(centred, key=lambda i: math.dist(readings[i].centre, middle))
                result[j] = nearest
                used.add(nearest)
    return result


def _middle(box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _holds(box, point) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _area(box) -> float:
    return (box[2] - box[0]) * (box[3] - box[1])


ENROLLED = "enrolled"  # a label's mark, under ``--enrol``, that the die is one of the table's examples, not scored
# D6s the manifest marks ``numerals`` are counted apart, and D4s it marks ``"read_at": "base"``: those that carry
# their value by the bottom edge of each face, not by the point.
VALUE_KINDS = ("d4", "d4_base", "d6", "d6_numerals", "d8")


def value_kind(label: dict) -> Optional[str]:
    """The kind a labelled die's value is counted under; None for a die type the reader does not read."""
    if label["type"] not in DIE_TYPES:
        return None
    if label["type"] == "d4" and label.get("read_at") == "base":
        return "d4_base"
    return "d6_numerals" if label["type"] == "d6" and label.get("numerals") else label["type"]


@dataclass
class Tally:
    """Counts over frames. Labelled dice of types the reader does not read (D10, D12, D20) are ignored: a
    reading on one is neither right nor a false die. A reading that matches no label is a false die only
    on a frame marked ``complete``; elsewhere it may be a die nobody labelled, so it is left out."""

    frames: int = 0
    frames_complete: int = 0
    dice: int = 0
    ignored_dice: int = 0
    enrolled_dice: int = 0
    found: int = 0
    found_complete: int = 0
    readings_complete: int = 0
    type_right: int = 0
    value_seen: dict[str, int] = field(default_factory=lambda: {t: 0 for t in DIE_TYPES})
    value_right: dict[str, int] = field(default_factory=lambda: {t: 0 for t in DIE_TYPES})
    # kind -> value -> [labelled dice, found with the right type and value]
    value_recall_counts: dict[str, dict[int, list[int]]] = field(default_factory=lambda: {k: {} for k in VALUE_KINDS})
    colour_seen: int = 0
    colour_right: int = 0
    ms: list[float] = field(default_factory=list)
    confidences: list[float] = field(default_factory=list)  # one per reading whose rightness is known
    correct: list[bool] = field(default_factory=list)  # whether that reading was right
    judged_types: list[str] = field(default_factory=list)  # its die type: the label's, or the reading's if none

    def add(self, labels: list[dict], readings: list[DieReading], ms: float, complete: bool = True) -> None:
        self.frames += 1
        self.frames_complete += complete
        self.ms.append(ms)
        right: list[Optional[bool]] = [False if complete else None] * len(readings)
        judged = [r.die_type for r in readings]
        for lab, idx in zip(labels, match(readings, labels)):
            if lab.get(ENROLLED):
                self.enrolled_dice += 1
                if idx is not None:
                    right[idx] = None
                continue
            kind = value_kind(lab)
            if kind is None:
                self.ignored_dice += 1
                if idx is not None:
                    right[idx] = None
                continue
            self.dice += 1
            value_ok = self._add_label(lab, kind, None if idx is None else readings[idx], complete)
            if idx is not None:
                right[idx] = value_ok
                judged[idx] = lab["type"]
        if complete:
            self.readings_complete += sum(1 for r in right if r is not None)
        known = [k for k, r in enumerate(right) if r is not None]
        self.confidences += [readings[k].confidence for k in known]
        self.correct += [bool(right[k]) for k in known]
        self.judged_types += [judged[k] for k in known]

    def _add_label(self, lab: dict, kind: str, reading: Optional[DieReading], complete: bool) -> bool:
        """Count one labelled die of a type the reader reads; whether its reading (if any) is right."""
        value = lab.get("value")
        if value is not None:
            self.value_recall_counts[kind].setdefault(int(value), [0, 0])[0] += 1
        if reading is None:
            return False
        self.found += 1
        self.found_complete += complete
        type_ok = reading.die_type == lab["type"]
        self.type_right += type_ok
        ok = type_ok
        if value is not None:
            self.value_seen[lab["type"]] += 1
            ok = type_ok and reading.value == value
            self.value_right[lab["type"]] += ok
            self.value_recall_counts[kind][int(value)][1] += ok
        if lab.get("colour"):
            self.colour_seen += 1
            self.colour_right += reading.colour == lab["colour"]
        return ok

    def report(self, threshold: float) -> dict:
        conf = np.array(self.confidences)
        correct = np.array(self.correct, bool)
        accepted = conf >= threshold
        recall = {k: _ratio(sum(h for _, h in c.values()), sum(n for n, _ in c.values()))
                  for k, c in self.value_recall_counts.items()}
        balanced = {k: round(float(np.mean([h / n for n, h in c.values()])), 4) if c else None
                    for k, c in self.value_recall_counts.items()}
        return {
            "frames": self.frames,
            "frames_complete": self.frames_complete,
            "dice": self.dice,
            "ignored_dice": self.ignored_dice,
            "enrolled_dice": self.enrolled_dice,
            "detection": {
                "recall": _ratio(self.found, self.dice),
                "precision": _ratio(self.found_complete, self.readings_complete),
                "false_positives_per_frame": _ratio(self.readings_complete - self.found_complete,
                                                    self.frames_complete),
            },
            "type_accuracy": _ratio(self.type_right, self.found),
            "value_accuracy": {t: _ratio(self.value_right[t], self.value_seen[t]) for t in DIE_TYPES},
            "value_recall": recall,
            "value_recall_balanced": balanced,
            "colour_accuracy": _ratio(self.colour_right, self.colour_seen),
            "ms_per_frame": {
                "median": round(float(np.median(self.ms)), 1) if self.ms else None,
                "p95": round(float(np.percentile(self.ms, 95)), 1) if self.ms else None,
            },
            "confidence": {
                "threshold": threshold,
                "readings": int(len(conf)),
                "flagged_share": _ratio(int((~accepted).sum()), len(conf)),
                "accuracy_accepted": _ratio(int(correct[accepted].sum()), int(accepted.sum())),
                "accuracy_flagged": _ratio(int(correct[~accepted].sum()), int((~accepted).sum())),
                "accuracy_all": _ratio(int(correct.sum()), len(conf)),
                # What other thresholds would give: readings accepted, and how many of those are right.
                "curve": [{"threshold": t, "accepted": int((conf >= t).sum()), "right": int(correct[conf >= t].sum())}
                          for t in CURVE_THRESHOLDS],
                "by_type": self._by_type(accepted, correct),
            },
        }


    def _by_type(self, accepted: np.ndarray, correct: np.ndarray) -> dict[str, dict]:
        """Per die type (the label's; a false die's as read): readings accepted, of those right, and flagged."""
        types = np.array(self.judged_types, dtype=object)
        out = {}
        for die_type in DIE_TYPES:
            of_type = types == die_type
            if of_type.any():
                taken = of_type & accepted
                out[die_type] = {"accepted": int(taken.sum()), "right": int(correct[taken].sum()),
                                 "accuracy_accepted": _ratio(int(correct[taken].sum()), int(taken.sum())),
                                 "flagged": int((of_type & ~accepted).sum())}
        return out


def _ratio(a: float, b: float) -> Optional[float]:
    return round(a / b, 4) if b else None


def evaluate_manifest(manifest: pathlib.Path, reader: Optional[DiceReader] = None, every: int = 1,
                      limit: Optional[int] = None, threshold: float = CONFIDENCE_THRESHOLD,
                      groups: Optional[list[str]] = None, enrol: int = 0, types_known: bool = False) -> dict:
    """Read every ``every``-th image of ``manifest`` (at most ``limit``) and report, overall and per group.

    ``enrol``: within each group, the first ``enrol`` labelled dice of each (type, value), in manifest order,
    are the table's examples (``vision.examples``): the reader learns them, reads the group, and only the
    other dice are scored. ``types_known``: on a frame marked complete, the readings are given the labelled
    dice's types as the game gives a roll's (``vision.known_types``), where as many dice are found."""
    manifest = pathlib.Path(manifest)
    reader = reader or DiceReader()
    rows = [json.loads(line) for line in open(manifest) if line.strip()]
    if groups:
        rows = [r for r in rows if r.get("group") in groups]
    rows = rows[::max(1, every)][:limit]
    overall = Tally()
    per_group: dict[str, Tally] = {}
    unreadable: list[str] = []
    for group_rows in (_by_group(rows) if enrol else [rows]):
        if enrol:
            group_rows = _marked_examples(group_rows, enrol)
            reader.forget()
            reader.learn(_table_examples(manifest.parent, group_rows, reader))
        for row in group_rows:
            frame = cv2.imread(str(manifest.parent / row["image"]))
            if frame is None:
                unreadable.append(row["image"])
                continue
            started = time.perf_counter()
            readings = reader.read(frame)
            ms = (time.perf_counter() - started) * 1000
            complete = bool(row.get("complete", True))
            if types_known and complete:
                readings = _with_known_types(readings, row["dice"])
            overall.add(row["dice"], readings, ms, complete)
            per_group.setdefault(row.get("group", "all"), Tally()).add(row["dice"], readings, ms, complete)
    if enrol:
        reader.forget()
    result = {"manifest": str(manifest), **({"enrol": enrol} if enrol else {}),
              **({"types_known": True} if types_known else {}), **overall.report(threshold),
              "groups": {g: t.report(threshold) for g, t in sorted(per_group.items())}}
    if unreadable:
        result["unreadable_images"] = unreadable
    return result


def _with_known_types(readings: list[DieReading], labels: list[dict]) -> list[DieReading]:
    """The readings given the labelled types of the dice the reader reads, as a roll gives them; the readings
    on dice of other types (a D10, a D20) are left as they are, as the game never rolls those. Unchanged where
    the dice read are not as many as those labelled."""
    matched = match(readings, labels)
    other = {i for lab, i in zip(labels, matched) if i is not None and lab["type"] not in DIE_TYPES}
    own = [k for k in range(len(readings)) if k not in other]
    typed = with_types([readings[k] for k in own], [lab["type"] for lab in labels if lab["type"] in DIE_TYPES])
    if typed is None:
        return readings
    out = list(readings)
    for k, reading in zip(own, typed):
        out[k] = reading
    return out


def _by_group(rows: list[dict]) -> list[list[dict]]:
    """The rows of each group, in manifest order, groups in the order they first appear."""
    groups: dict[str, list[dict]] = {}
    for row in rows:
        groups.setdefault(row.get("group", "all"), []).append(row)
    return list(groups.values())


def _marked_examples(rows: list[dict], per_face: int) -> list[dict]:
    """``rows`` with the first ``per_face`` labelled dice of each (type, value) marked ``ENROLLED``."""
    seen: dict[tuple, int] = {}
    marked = []
    for row in rows:
        dice = []
        for lab in row["dice"]:
            face = (lab["type"], lab.get("value"))
            if lab["type"] in DIE_TYPES and lab.get("value") is not None and seen.get(face, 0) < per_face:
                seen[face] = seen.get(face, 0) + 1
                lab = dict(lab, **{ENROLLED: True})
            dice.append(lab)
        marked.append(dict(row, dice=dice))
    return marked


def _table_examples(root: pathlib.Path, rows: list[dict], reader: DiceReader) -> TableDice:
    """The marked dice as the table's examples, each cropped where the reader finds it, as a person confirms
    a reading at the table; a die it does not find, at its label's box, or the whole image where the one
    die of an image has no box."""
    dice = TableDice()
    for row in rows:
        marked = [lab for lab in row["dice"] if lab.get(ENROLLED)]
        frame = cv2.imread(str(root / row["image"])) if marked else None
        if frame is None:
            continue
        readings = reader.read(frame)
        for lab, idx in zip(row["dice"], match(readings, row["dice"])):
            if not lab.get(ENROLLED):
                continue
            if idx is not None:
                box = readings[idx].bbox
            elif lab["bbox"]:
                box = lab["bbox"]
            else:
                side = min(frame.shape[:2]) / READER_WINDOW
                box = ((frame.shape[1] - side) / 2, (frame.shape[0] - side) / 2,
                       (frame.shape[1] + side) / 2, (frame.shape[0] + side) / 2)
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            dice.add(example_from_frame(frame, lab["type"], lab["value"], lab.get("colour", ""), centre,
                                        max(box[2] - box[0], box[3] - box[1]), reader.d4_points))
    return dice


def format_report(result: dict) -> str:
    """A short human-readable table of one evaluation: detection, types, values found right of all labelled
    (balanced over values; d4b: D4 read at its base; d6n: D6 with numerals), speed and confidence."""
    lines = [f"{result['manifest']}"]
    rows = [("all", result)] + list(result.get("groups", {}).items())
    lines.append(f"{'group':<34}{'frames':>7}{'dice':>6}{'recall':>8}{'prec':>7}{'fp/fr':>7}{'type':>7}"
                 f"{'d4':>7}{'d4b':>7}{'d6':>7}{'d6n':>7}{'d8':>7}{'colour':>8}{'ms med':>8}{'flag%':>7}{'acc>=t':>8}")

    def f(v):
        return "-" if v is None else f"{v:.3f}"

    for name, r in rows:
        d, v, c = r["detection"], r["value_recall_balanced"], r["confidence"]
        lines.append(f"{name[:33]:<34}{r['frames']:>7}{r['dice']:>6}{f(d['recall']):>8}{f(d['precision']):>7}"
                     f"{f(d['false_positives_per_frame']):>7}{f(r['type_accuracy']):>7}{f(v['d4']):>7}{f(v['d4_base']):>7}"
                     f"{f(v['d6']):>7}{f(v['d6_numerals']):>7}{f(v['d8']):>7}{f(r['colour_accuracy']):>8}"
                     f"{f(r['ms_per_frame']['median']):>8}{f(c['flagged_share']):>7}{f(c['accuracy_accepted']):>8}")
    return "\n".join(lines)
