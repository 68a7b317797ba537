"""Render ``docs/rules.md``: every ruling with the value in force, from the rules data.

    python -m companion.games.automata.rules.reference > docs/rules.md

A test checks that the committed file equals this output, so the documentation cannot drift
from the data the engine plays by.
"""
from __future__ import annotations

from typing import Iterable

from .abilities import ability_text
from .ruleset import Ruleset, default_ruleset


def _rows(table: Iterable[tuple[int, int]]) -> str:
    return ", ".join(f"{low}+ → {value}" for low, value in table)


def render(rules: Ruleset) -> str:
    spaces = rules.action_spaces
    rewards = rules.sell_rewards
    lines: list[str] = [
        "# Rules in force",
        "",
        "The engine plays the Automata rulebook v1.0. Where the rulebook is silent or illegible it",
        "follows the rulings below. Every number here is read from",
        "`companion/games/automata/rules/rules_data.json`; an owner whose printed copy says otherwise edits that",
        "file (this page is generated from it: `python -m companion.games.automata.rules.reference > docs/rules.md`).",
        f"Rules version: `{rules.version}`.",
        "",
        "| ruling | what the engine does | value in force |",
        "|---|---|---|",
        f"| R1 | seats, any a person or an Automa | {rules.min_seats}–{rules.max_seats} |",
        "| R2 | action spaces per staging area (2/3/4 seats); Research has none; Market one per die type | "
        + "; ".join(f"{a}: {'/'.join(str(spaces[a][n]) for n in (2, 3, 4))}" for a in ("scavenge", "create", "upgrade"))
        + f"; market: {', '.join(rules.market_spaces)} |",
        f"| R3 | player colours | {', '.join(rules.colours)} |",
        "| R4 | start: Spent dice, Reserve the rest, gears; deployment order is a seeded chance event | "
        + ", ".join(f"{n} {t.upper()}" for t, n in rules.start_spent.items() if n)
        + f" in Spent of {', '.join(f'{n} {t.upper()}' for t, n in rules.dice_per_seat.items())}; {rules.start_gears} gears |",
        "| R5 | a reroll rolls until the value differs: uniform over the other faces; a chance event | — |",
        f"| R6 | gear cost of one reroll / one ±1, on one's own deployment turn before placing | {rules.reroll_cost} / {rules.plus_minus_cost} |",
        "| R7 | combining spends one Available die and adds or subtracts its full value; the result must be a face | — |",
        "| R8 | a seat with nothing to roll takes the next Activation spot at once; one with no dice staged when Activation begins takes the next Deployment spot at once | — |",
        f"| R9 | initiatives 1..N in activation order; seats without such a die are skipped; a group must hold a die of the initiative | N = {rules.initiatives} |",
        f"| R10 | forfeit: all one's dice on that area to Spent | +{rules.forfeit_gears} gear |",
        "| R11 | a seat with no staged dice after its turn takes the next Deployment spot | — |",
        "| R12 | an action space is taken only if something changes; otherwise forfeit | — |",
        f"| R13 | upgrade cost per D4→D6 / D6→D8, plus the sum modifier, never below 0; replaced dice reach Reserve after the action | {rules.upgrade_cost['d4']} / {rules.upgrade_cost['d6']}; modifier by sum: {_rows(rules.upgrade_modifier_table)} |",
        f"| R14 | Create: dice by sum; cost per D4 / D6; created dice go to Spent | {_rows(rules.create_table)}; {rules.create_cost['d4']} / {rules.create_cost['d6']} gears |",
        "| R15 | Research: dice back to Spent; one purchase or reservation; buy needs the sum and pays gears; Heads from the top only and never reserved | — |",
        "| R16 | Sell: the group goes to one empty Market space; dice of that type are sold, others block it until Reset; rewards per die | "
        + "; ".join(f"{t.upper()}: {r['coins']} coins, {r['gears']} gears, {r['d4_to_spent']} D4 Reserve→Spent" for t, r in rewards.items())
        + " |",
        f"| R17 | the Research board's VP effect | {rules.research_board_vp_effect or 'none'} |",
        f"| R18 | cards: 5 Heads; Parts: 4 Arms, 4 Legs, 4 Torsos, 3 Master Plans | {len(rules.heads)} Heads, {len(rules.parts)} Parts |",
        "| R19 | card costs and abilities | the card table below |",
        "| R20 | exhausted cards refresh at Reset; active abilities on one's own deployment turn | — |",
        f"| R21 | Reset: dice to Spent, cards refreshed, display out of the game, new deal or game end | {rules.display_size} cards a deal |",
        "| R22 | owned dice (outside Reserve) score; coins score; gears score | "
        + ", ".join(f"{t.upper()} {v} VP" for t, v in rules.dice_vp.items())
        + f"; coin {rules.coin_vp} VP; gear {rules.gear_vp} VP |",
        "| R23 | sets of different colours (Master Plan only in a complete set; best partition); reserved card | "
        + ", ".join(f"{n}: {v}" for n, v in enumerate(rules.set_values) if n)
        + f"; {rules.reserved_card_vp} VP each |",
        "| R24 | the rulebook's scoring example scores 30 before card points | tested |",
        "| R25 | tied seats share the win | — |",
        "| R26 | a Torso paying VP per N gears counts whole groups of N only | rounded down |",
        "| R27 | an Arm changing several dice changes different dice, each up or down on its own, never one die twice; faces stay within the die | — |",
        "| R28 | each D8 sold moves one D4 from Reserve to Spent while the Reserve has any; one sold with none left gives none | — |",
        "| R29 | a round in which no seat has a die to roll or place goes straight to Reset (Parts dealt, the game ends as usual) | — |",
        "",
        f"Scavenge (sum → gears): {_rows(rules.scavenge_table)}.",
        "",
        "## Cards (R18, R19)",
        "",
        "| card | type | sum | gears | ability |",
        "|---|---|---|---|---|",
    ]
    for card in sorted(rules.cards.values(), key=lambda c: (rules.card_types.index(c.type), c.card_id)):
        lines.append(f"| {card.card_id} | {card.type.replace('_', ' ')} | {card.sum} | {card.gears} | {ability_text(card.ability)} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(render(default_ruleset()), end="")
