"""One short line for the person at the table per Automa decision (at most 80 characters).

The person only moves the Automa's physical dice and takes its cards off the display; the
app keeps its gears, coins and reserved cards. Each template names what to move and where.
"""
from __future__ import annotations


from ..rules import (
    Action, CardAdjust, CardReroll, Combine, Create, Forfeit, Group, Nudge, Place, Reroll, Research, Scavenge, Sell,
    Upgrade,
)

MAX_LENGTH = 80
AREA_NAMES = {"scavenge": "Scavenge", "create": "Create", "upgrade": "Upgrade", "research": "Research",
              "market": "Market"}

TEMPLATES: dict[str, str] = {
    "place": "{who}: {die} showing {value} → {area}",
    "nudge": "{who}: turn its {die} showing {value} to {new} (pays 1 gear)",
    "reroll": "{who}: reroll its {die} showing {value} (pays 1 gear)",
    "combine": "{who}: {spent} to Spent; its {die} showing {value} becomes {new}",
    "card_adjust": "{who}: card {card}: {changes}",
    "card_reroll": "{who}: card {card}: reroll its {die} showing {value}",
    "scavenge": "{who}: {dice} → Scavenge space (+{gears} gears)",
    "create": "{who}: {dice} → Create space; {made} Reserve → Spent",
    "upgrade": "{who}: {dice} → Upgrade space; swap {raised}",
    "buy": "{who}: {dice} Research → Spent; take card {card}",
    "reserve": "{who}: {dice} Research → Spent; reserve card {card}",
    "sell": "{who}: {dice} → Market {space} space; {sold} to Reserve",
    "forfeit": "{who}: forfeit {area}, its dice there to Spent (+1 gear)",
}


def _die(die) -> str:
    return die[0].upper()


def _dice(group: Group) -> str:
    """'D6 5' for one die, 'D4 1 + D6 5' for two, '3 dice (sum 17)' for more."""
    if len(group) <= 2:
        return " + ".join(f"{t.upper()} {v}" for t, v in group)
    return f"{len(group)} dice (sum {sum(v for _, v in group)})"


def _counts(d4: int, d6: int) -> str:
    return " + ".join(f"{n} {t}" for t, n in (("D4", d4), ("D6", d6)) if n)


def template_key(action: Action) -> str:
    """Which template renders ``action``."""
    if isinstance(action, Research):
        return action.verb
    return {Place: "place", Nudge: "nudge", Reroll: "reroll", Combine: "combine", CardAdjust: "card_adjust",
            CardReroll: "card_reroll", Scavenge: "scavenge", Create: "create", Upgrade: "upgrade", Sell: "sell",
            Forfeit: "forfeit"}[type(action)]


def instruction(action: Action, colour: str, gears_gained: int = 0) -> str:
    """The line for the person; ``gears_gained`` fills the Scavenge template."""
    who = f"{colour.capitalize()} Automa"
    key = template_key(action)
    fields: dict[str, object] = {"who": who}
    if isinstance(action, Place):
        fields.update(die=_die(action.die), value=action.die[1], area=AREA_NAMES[action.area])
    elif isinstance(action, Nudge):
        fields.update(die=_die(action.die), value=action.die[1], new=action.die[1] + action.delta)
    elif isinstance(action, (Reroll, CardReroll)):
        fields.update(die=_die(action.die), value=action.die[1], card=getattr(action, "card", ""))
    elif isinstance(action, Combine):
        fields.update(spent=f"{_die(action.spent)} {action.spent[1]}", die=_die(action.target),
                      value=action.target[1], new=action.target[1] + action.sign * action.spent[1])
    elif isinstance(action, CardAdjust):
        changes = ", ".join(f"{_die(d)} {d[1]} to {d[1] + n}" for d, n in action.changes)
        fields.update(card=action.card, changes=changes)
    elif isinstance(action, Scavenge):
        fields.update(dice=_dice(action.group), gears=gears_gained)
    elif isinstance(action, Create):
        fields.update(dice=_dice(action.group), made=_counts(action.d4, action.d6))
    elif isinstance(action, Upgrade):
        raised = ", ".join(f"{n} {low}" for n, low in ((action.d4, "D4→D6"), (action.d6, "D6→D8")) if n)
        fields.update(dice=_dice(action.group), raised=raised)
    elif isinstance(action, Research):
        fields.update(dice=_dice(action.group), card=action.card)
    elif isinstance(action, Sell):
        sold = sum(1 for t, _ in action.group if t == action.space)
        fields.update(dice=_dice(action.group), space=action.space.upper(), sold=f"{sold} {action.space.upper()}")
    elif isinstance(action, Forfeit):
        fields.update(area=AREA_NAMES[action.area])
    return TEMPLATES[key].format(**fields)
