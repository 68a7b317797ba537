"""Euphoria's events (``events``) as the lines the table reads."""
from __future__ import annotations

from functools import singledispatch

from .actions import Placement
from .board import market_name
from .events import (AllegianceToken, AutomaWins, Bazaar, DeckDealt, Event, FactionCard, FactionCardTurned,
                     MostActive, NothingToRoll, PairDrawn, PersonWins, Rebuilt, Retrieved, SixesOnPenalty,
                     StarOnMarket, WorkerPlaced)
from .factions import NAMES


def name(colour: str) -> str:
    return colour.title()


def placement(placed: Placement) -> str:
    """Where the worker goes, and where her ★ goes with it."""
    text = f"knowledge {placed.knowledge} worker on {placed.where.place}"
    if placed.star_market:
        text += f"; her ★ on {market_name(placed.star_market)}"
    if placed.star_territory:
        text += f"; her ★ on the {NAMES[placed.star_territory]} territory (next to it if full)"
    return text


@singledispatch
def line(event: Event) -> str:
    """The line the table reads for ``event``."""
    raise TypeError(f"not an event of Euphoria: {event!r}")


@line.register
def _(event: FactionCard) -> str:
    return (f"{name(event.colour)} Automa: faction {NAMES[event.faction]}. Put its faction/penalty card by it, "
            f"non-penalty side up, with 4 workers and 10 authority tokens.")


@line.register
def _(event: MostActive) -> str:
    return ("The Automas' factions count towards the most active recruits: "
            + " and ".join(f"{name(colour)}'s {NAMES[faction]}" for colour, faction in event.factions) + ".")


@line.register
def _(event: DeckDealt) -> str:
    return (f"Deck ({event.level}): {', '.join(event.this_pass)}; "
            f"add-in decks: {'; '.join(', '.join(deck) for deck in event.add_ins)}. "
            f"Support card: {event.support or '-'}.")


@line.register
def _(event: NothingToRoll) -> str:
    return "Nothing to roll."


@line.register
def _(event: Rebuilt) -> str:
    return ("Deck empty: shuffle every card of this pass" + (" with the next add-in deck" if event.with_add_in else "")
            + f" into a new deck; support card {event.support}.")


@line.register
def _(event: PairDrawn) -> str:
    return f"Action card {event.action}, support card {event.support}."


@line.register
def _(event: Bazaar) -> str:
    return f"Bazaar: discard artifact {event.artifact} from the left, and refill."


@line.register
def _(event: FactionCardTurned) -> str:
    return f"{name(event.colour)}: turn its faction card to its {'penalty' if event.penalty else 'non-penalty'} side."


@line.register
def _(event: Retrieved) -> str:
    left = "; " + ", ".join(f"leaves the knowledge {knowledge} worker on {place}"
                            for knowledge, place in event.staying) if event.staying else ""
    if not event.count:
        return f"{name(event.colour)}: retrieves 0 workers{left}: nothing to roll."
    return f"{name(event.colour)}: retrieves {event.count} worker{'s' if event.count != 1 else ''}{left}. Roll them."


@line.register
def _(event: SixesOnPenalty) -> str:
    return f"{name(event.colour)}: {'the 6 goes' if event.sixes == 1 else f'{event.sixes} 6s go'} on the penalty card."


@line.register
def _(event: WorkerPlaced) -> str:
    return f"{name(event.colour)}: {placement(event.placement)}."


@line.register
def _(event: StarOnMarket) -> str:
    return f"{name(event.colour)}: her ★ on {market_name(event.market)}."


@line.register
def _(event: AllegianceToken) -> str:
    return f"{name(event.colour)}: 1 authority token next to the allegiance track."


@line.register
def _(event: AutomaWins) -> str:
    return f"{name(event.colour)} has placed all its authority tokens: it wins."


@line.register
def _(event: PersonWins) -> str:
    return f"Person {event.person} has placed all their authority tokens: they win."
