"""Evenings remembered: ``stats``' report of the games finished in a games database, of every registered game
(``companion.session.evenings_report``), and the same in words."""
from __future__ import annotations

from typing import Any

from ..session.evenings_report import report

__all__ = ["lines", "report"]  # a section of ``stats`` (companion.cli.stats)


def lines(data: dict[str, Any]) -> list[str]:
    """The report in words, as ``stats`` prints it."""
    games = data["games"]
    finished = ", ".join(f"{name} {n}" for name, n in games["finished"].items()) or "none"
    out = [f"Games finished: {finished}; in play: {games['in_play']}.", *games["unreadable"], "", "Players:"]
    for name, counts in data["players"].items():
        by_game = ", ".join(f"{g} {c['won']}/{c['played']}" for g, c in counts["by_game"].items())
        out.append(f"  {name}: won {counts['won']} of {counts['played']} ({by_game})")
    out += ["", "Automa levels against the people (games with a winner named):"]
    for level in data["automa_levels"]:
        evenings = ", ".join(f"{e['evening']} {e['won']}/{e['played']}" for e in level["evenings"])
        out.append(f"  {level['game']} level {level['level']}: won {level['won']} of {level['played']} "
                   f"({level['win_rate']:.0%}); by evening: {evenings}")
    out += ["", "Mean scores:"]
    for name, sides in data["mean_scores"].items():
        for side, by_category in sides.items():
            out.append(f"  {name}, {side}: " + ", ".join(f"{c} {v:g}" for c, v in by_category.items()))
    if data["offers"]:
        out += ["", "Next levels offered:"] + [f"  {offer['words']}" for offer in data["offers"]]
    return out
