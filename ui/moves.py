"""A person's move by taps: the legal actions arranged so that each tap narrows them.

Deployment: die -> staging area, with the modifications behind "Modify" (die -> option).
Activation: area -> group of dice -> details (what to make, raise, buy, where to sell), with
"Forfeit" -> area beside them. Every leaf is one of ``session.legal()``, so the screen never
offers an illegal move. Pure Python: no Kivy, so it is tested on its own.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

from companion.games.automata.rules import (
    Action, CardAdjust, CardReroll, Combine, Create, Forfeit, Nudge, Phase, Place, Reroll, Research, Scavenge, Sell,
    Upgrade, die_text, group_text, signed,
)

MODIFY = "Modify"
FORFEIT = "Forfeit"
MODIFICATIONS = (Nudge, Reroll, Combine, CardAdjust, CardReroll)
AREA_TITLES = {"scavenge": "Scavenge", "create": "Create", "upgrade": "Upgrade", "research": "Research",
               "market": "Market"}


@dataclass
class Node:
    """One step of the choice: the buttons are ``children`` (label -> Node), or it is a move."""

    label: str
    action: Optional[Action] = None
    children: dict[str, "Node"] = field(default_factory=dict)

    @property
    def is_move(self) -> bool:
        return self.action is not None


def made_text(counts: Sequence[tuple[str, int]]) -> str:
    return ", ".join(f"{n} {t.upper()}" for t, n in counts if n)


def path_of(action: Action) -> list[str]:
    """The labels of the taps that lead to ``action``."""
    if isinstance(action, Place):
        return [die_text(action.die), AREA_TITLES[action.area]]
    if isinstance(action, Nudge):
        return [MODIFY, die_text(action.die), f"{signed(action.delta)} (1 gear)"]
    if isinstance(action, Reroll):
        return [MODIFY, die_text(action.die), "Reroll (1 gear)"]
    if isinstance(action, Combine):
        op = "+" if action.sign > 0 else "-"
        return [MODIFY, die_text(action.target), f"{op} {die_text(action.spent)}"]
    if isinstance(action, CardAdjust):
        first = action.changes[0][0]
        changes = ", ".join(f"{die_text(d)} {signed(n)}" for d, n in action.changes)
        return [MODIFY, die_text(first), f"{action.card}: {changes}"]
    if isinstance(action, CardReroll):
        return [MODIFY, die_text(action.die), f"{action.card}: reroll"]
    if isinstance(action, Forfeit):
        return [FORFEIT, AREA_TITLES[action.area]]
    if isinstance(action, Scavenge):
        return [AREA_TITLES["scavenge"], group_text(action.group)]
    if isinstance(action, Create):
        return [AREA_TITLES["create"], group_text(action.group), "Make " + made_text((("d4", action.d4), ("d6", action.d6)))]
    if isinstance(action, Upgrade):
        return [AREA_TITLES["upgrade"], group_text(action.group),
                "Raise " + made_text((("d4", action.d4), ("d6", action.d6)))]
    if isinstance(action, Research):
        return [AREA_TITLES["research"], group_text(action.group), f"{action.verb.title()} {action.card}"]
    if isinstance(action, Sell):
        return [AREA_TITLES["market"], group_text(action.group), f"Sell at {action.space.upper()}"]
    raise ValueError(f"no tap path for {action}")


def build_tree(actions: Sequence[Action]) -> Node:
    root = Node("")
    for action in actions:
        node = root
        for label in path_of(action):
            node = node.children.setdefault(label, Node(label))
        node.action = action
    return root


class MoveChooser:
    """Where the person is in the tree of legal moves.

    ``options()`` are the buttons to show now; ``choose(label)`` narrows and returns the chosen
    move when a leaf is reached (else None); ``back()`` goes up one step.
    """

    def __init__(self, actions: Sequence[Action]) -> None:
        self.root = build_tree(actions)
        self.path: list[str] = []

    @property
    def node(self) -> Node:
        node = self.root
        for label in self.path:
            node = node.children[label]
        return node

    def options(self) -> list[str]:
        """Labels to offer; at the top, Modify and Forfeit come last."""
        labels = list(self.node.children)
        if not self.path:
            labels.sort(key=lambda label: label in (MODIFY, FORFEIT))
        return labels

    def choose(self, label: str) -> Optional[Action]:
        node = self.node.children.get(label)
        if node is None:
            raise KeyError(f"'{label}' is not a choice here; choices: {', '.join(self.options())}")
        if node.is_move and not node.children:
            self.path = []
            return node.action
        self.path.append(label)
        return None

    def back(self) -> None:
        if self.path:
            self.path.pop()

    def prompt(self, phase: Phase) -> str:
        """What the person is asked to do at this step."""
        depth, path = len(self.path), self.path
        if not path:
            return "Pick a die to place" if phase == Phase.DEPLOY else "Pick an area to activate"
        if path[0] == MODIFY:
            return "Modify which die?" if depth == 1 else f"How to change {path[1]}?"
        if path[0] == FORFEIT:
            return "Forfeit which area (+1 gear)?"
        if phase == Phase.DEPLOY:
            return f"Place {path[0]} on which area?"
        if depth == 1:
            return f"{path[0]}: which dice together?"
        return f"{path[0]} with {path[1]}: what exactly?"
