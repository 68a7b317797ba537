"""Tokaido's events (``events``) as the lines the table reads."""
from __future__ import annotations

from functools import singledispatch

from .events import (EndAchievement, Event, FinalScore, HerDifficultyCard, MealServed, Reminder, Shuffle, Started,
                     Stopped, TempleRanked, YourAchievement, YourDifficultyCard, YouMoved)
from .meals import YOU
from .spaces import INN, ITEM_GIVEN, ITEM_OF_SPACE, SPACE_NAMES, TEMPLE, ordinal
from .tally import ACHIEVEMENT_NAMES

REMINDERS = {
    "crossroads": ("Crossroads: choose your Traveler. Use only 3 cards of each added type, the Amulets, "
                   "Legendary Objects and Calligraphy drawn at random (you may look at them)."),
    "matsuri": ("Matsuri: if she is to choose a Matsuri, put the top Matsuri card into play. Matsuri effects "
                "do not change her score here (ruling T10)."),
    "initiation": "Journey of Initiation: you begin the game with 5 points.",
}


def name(colour: str) -> str:
    return colour.title()


def traveler(who: str) -> str:
    """``you``, or an Automa by her colour."""
    return "you" if who == YOU else name(who)


@singledispatch
def line(event: Event) -> str:
    """The line the table reads for ``event``."""
    raise TypeError(f"not an event of Tokaido: {event!r}")


@line.register
def _(event: Reminder) -> str:
    return REMINDERS[event.played]


@line.register
def _(event: Started) -> str:
    more = "".join(f", {extra} +{points}" for extra, points in event.extras)
    return f"{name(event.colour)}: her colour token and 1 coin. +1{more} → {event.score}."


@line.register
def _(event: YourDifficultyCard) -> str:
    space = SPACE_NAMES[event.space]
    return f"You: resolve the {space} Difficulty Level card as if you had stopped on a {space}; do not move."


@line.register
def _(event: HerDifficultyCard) -> str:
    return (f"{name(event.colour)}: {SPACE_NAMES[event.space]} Difficulty Level card. Give her "
            f"{ITEM_GIVEN[ITEM_OF_SPACE[event.space]]}. +{event.points} → {event.score}.")


@line.register
def _(event: Shuffle) -> str:
    return "Shuffle the Automa cards into the Automa deck." if event.into_deck else \
        "Shuffle all Automa cards into a new deck."


@line.register
def _(event: Stopped) -> str:
    where = f"{name(event.colour)}: {ordinal(event.nth)} space, the {SPACE_NAMES[event.space]}."
    if event.space == INN:
        return f"{where} Her Meal waits until all have arrived."
    if event.space == TEMPLE:
        return f"{where} Put 2 coins from the reserve on her Temple area. +{event.points} → {event.score}."
    given = ITEM_GIVEN[ITEM_OF_SPACE[event.space]] + "".join(
        f" and the {ACHIEVEMENT_NAMES[a]} achievement" for a in event.achievements)
    return f"{where} Give her {given}. +{event.points} → {event.score}."


@line.register
def _(event: YouMoved) -> str:
    return f"You: {SPACE_NAMES[event.space]}."


@line.register
def _(event: MealServed) -> str:
    return (f"{name(event.colour)}: Meal {event.number} (price {event.price}), free. "
            f"+{event.points} → {event.score}.")


@line.register
def _(event: YourAchievement) -> str:
    return f"You: the {ACHIEVEMENT_NAMES[event.achievement]} achievement."


@line.register
def _(event: EndAchievement) -> str:
    return f"{ACHIEVEMENT_NAMES[event.achievement]}: {', '.join(map(traveler, event.travelers)) or 'nobody'}."


@line.register
def _(event: TempleRanked) -> str:
    said = ", ".join(f"{traveler(who)} ({coins} coin{'' if coins == 1 else 's'}) +{points}"
                     for who, coins, points in event.donors)
    return f"Temple: {said or 'nobody gave'}."


@line.register
def _(event: FinalScore) -> str:
    if event.crossroads is not None:
        return f"{name(event.colour)}: {event.score} points ({event.crossroads} of them from the Crossroads setup)."
    return f"{name(event.colour)}: {event.score} points."
