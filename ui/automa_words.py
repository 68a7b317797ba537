"""What an Automa card says, in a player's words rather than the deck file's fields (Kivy markup).

A card's right half counts when it is the action card, its left half when it is the support
card (``docs/automa.md``, "Card anatomy"); each half is said as what the Automa does.
"""
from __future__ import annotations


MODIFY_WORDS = {
    "none": "Leaves its dice as rolled",
    "nudge": "May turn a die up or down by 1 (a gear or an Arm card)",
    "reroll": "May reroll a D6 or D8 showing 1 or 2 (a gear or an Arm card)",
    "combine": "May spend a spare die to add its value to another",
}


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def in_order(names: list[str]) -> str:
    """Areas or card types, best first: ``Create › Scavenge › Market``."""
    return " › ".join(name.replace("_", " ").title() for name in names)


def action_lines(action: dict) -> list[str]:
    """The right half: where the die goes and which die."""
    focus = list(action.get("focus", []))
    if action.get("judge") == "blind":
        goes = [f"[b]Goes straight to[/b] {in_order(focus[:1])}"]
    else:
        goes = ["[b]Goes to the first area where its die does some good:[/b]", in_order(focus)]
    which = "highest" if action.get("die") == "high" else "lowest"
    return goes + [f"[b]Prefers[/b] its {which} die"]


def support_lines(support: dict) -> list[str]:
    """The left half: changing dice, the cards it wants, reserving, and how it breaks a tie."""
    wanted = in_order(list(support.get("colours", [])))
    reserves = "Reserves a card it cannot buy yet" if support.get("reserve") else "Never reserves a card"
    counted = "from the end" if support.get("direction") == "left" else "in reading order"
    return [MODIFY_WORDS.get(support.get("modify", ""), "?"),
            f"[b]Wants cards:[/b] {wanted}",
            reserves,
            f"[b]On a tie:[/b] the {ordinal(int(support.get('steps', 1)))} choice, {counted}"]


def card_lines(role: str, face: dict) -> list[str]:
    """The lines a card face shows for its role in the pair (the action or the support card)."""
    return action_lines(face.get("action", {})) if role == "Action" else support_lines(face.get("support", {}))
