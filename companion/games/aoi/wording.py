"""The Age of Innovation Automa's events (``events``) and questions as the lines the table reads."""
from __future__ import annotations

from dataclasses import dataclass
from functools import singledispatch
from typing import Optional

from .buildings import PLURAL
from .cards import Card
from .disciplines import DISCIPLINES
from .events import (CardDrawn, Chosen, CommunityAction, DeckBuilt, Event, FinalTally, FirstWorkshops, Instead,
                     InventionTaken, NothingDone, PairDrawn, Passes, PassSteps, Question, Rose, RoundStarts, Scored,
                     SetupTiles, Skipped, StartingKnowledge, Upgraded, WorkshopBuilt)
from .levels import TITLES

CHOSEN = {"hex": "empty hex", "building": "building of hers", "invention": "invention", "power": "power action",
          "book": "book action"}
ROWS = ("power", "book")  # chosen in a single row: counted from the left or the right (B2)
SKIPPED = {
    ("invention", "round"): "She takes no invention: only in rounds 3 to 6.",
    ("invention", "held"): "She takes no invention: she holds 3.",
    ("invention", "none"): "She takes no invention: none is left.",
    ("upgrade", "none"): "She upgrades nothing: she can upgrade none of her buildings.",
    ("power", "none"): "No power action is left to cover.",
    ("book", "none"): "No book action is left to cover.",
    ("scholar", "top"): "She sends no scholar: her markers are all on 12.",
    ("step", "top"): "She takes no step: her markers are all on 12.",
}


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def levels_text(levels: dict[str, int]) -> str:
    return ", ".join(f"{d.title()} {v}" for d, v in levels.items())


@singledispatch
def line(event: Event) -> str:
    """The line the table reads for ``event``."""
    raise TypeError(f"not an event of Age of Innovation: {event!r}")


@line.register
def _(event: DeckBuilt) -> str:
    who = "The app shuffles and draws her deck" if event.drawn_by_app else \
        "Shuffle her deck and turn its bottom two cards 90°"
    late = f" Card {event.late} goes face down on top of the reserve; it joins at the end of round 1." \
        if event.late else ""
    nightmare = " Card 13 is in her deck." if event.level == "alptraua" else ""
    bonus = "she takes the leftmost round bonus" if event.players == 1 else \
        ("once you have chosen your communities, shuffle the round bonuses not chosen and give her one at random "
         "(6 in play)")
    return (f"{TITLES[event.level]}: her deck of {event.size} cards, a reserve of {event.reserve}.{late}{nightmare} "
            f"{who}. Her score on 20; {bonus}.")


@line.register
def _(event: SetupTiles) -> str:
    seats = "You start: your order marker on the top space, hers on the second." if event.players == 1 else \
        ("Two of you with her: she plays Die Unscheinbaren; choose between you who starts, and her order marker "
         "goes on the third space. Her rules' \"you\" means both of you.")
    return ("Her Automa round tiles, the side matching each round space up (the spade tile not in rounds 5 or 6); "
            "one random Automa extra tile for the last round; 2 random palace tiles and palace tile 17 (red back) "
            f"beside the board — she has no palace ability. {seats}")


@line.register
def _(event: FirstWorkshops) -> str:
    if event.letters:
        return (f"After your first workshop: her two workshops on the hexes {event.letters} of her terrain on the "
                f"setup card; a power chip on the starred one (marked).")
    return ("After your first workshop: draw a random card of all 14, put her two workshops on its two letters, "
            "a power chip on the one with the uncrossed chip (marked); return the card.")


@line.register
def _(event: StartingKnowledge) -> str:
    return f"Her discipline markers: {levels_text(dict(event.levels))}."


@line.register
def _(event: PairDrawn) -> str:
    return f"Her support card {event.support} (right), her action card {event.action} left of it."


@line.register
def _(event: CardDrawn) -> str:
    return f"Her action card {event.action}" + (" (a turned card)." if event.turned else ".")


@line.register
def _(event: Passes) -> str:
    return "Her deck is empty: she passes." if event.why == "empty" else \
        "A turned card with the pass icon: she passes."


@line.register
def _(event: PassSteps) -> str:
    deck = f" Her next deck: {event.deck_size} cards with the reserve's top card, shuffled; turn the bottom two." \
        if event.new_deck else ""
    return (f"She scores the tile's {event.points}. She takes the {event.bonus} round bonus of the three on offer "
            f"(its coins back to the supply) and puts her old one in its place. Her order marker on space "
            f"{event.order_space}.{deck}")


@line.register
def _(event: RoundStarts) -> str:
    ship = "" if event.shipping is None else f" Her shipping value: {event.shipping}."
    return (f"Round {event.number}: remove the last round's tile. {'She' if event.she_starts else 'You'} "
            f"start{'s' if event.she_starts else ''}.{ship}")


@line.register
def _(event: Skipped) -> str:
    return SKIPPED[(event.action, event.why)]


@line.register
def _(event: Instead) -> str:
    why = "no workshop is left in her supply" if event.why == "workshop" else "no empty hex is in range"
    return f"She cannot build ({why}): she upgrades instead."


@line.register
def _(event: Scored) -> str:
    return f"She scores {event.points} (X)." if event.why == "x" else f"She scores {event.points}."


@line.register
def _(event: Chosen) -> str:
    if event.what in ROWS:
        start = "left" if event.forward else "right"
        what = f"the {ordinal(event.place)} uncovered {CHOSEN[event.what]} from the {start}"
        return f"An X marker on {what}; she gains nothing."
    start = "top left" if event.forward else "bottom right"
    what = f"the {ordinal(event.place)} {CHOSEN[event.what]} of the {event.options} left, from the {start}"
    return {"hex": f"She builds on {what}: her terrain tile on it if needed, then a workshop.",
            "building": f"She upgrades {what}.",
            "invention": f"She takes {what}; she gains nothing from it."}[event.what]


@line.register
def _(event: WorkshopBuilt) -> str:
    if event.unmarked:
        return "No chip: it is next to her unmarked building and none of hers is nearer (unmarked)."
    return ("A power chip on it if her building nearest it (not counting it) is marked; as near a marked as an "
            "unmarked one: no chip.")


@line.register
def _(event: Upgraded) -> str:
    return f"Her {event.building} becomes her {event.to}; it keeps its chip."


@line.register
def _(event: InventionTaken) -> str:
    return f"She holds {event.held} invention{'s' if event.held != 1 else ''}."


@line.register
def _(event: Rose) -> str:
    how = f"a scholar on its space, {event.steps} up" if event.scholar else f"{event.steps} up, no scholar"
    return f"{event.discipline.title()}: {how}, to {event.level}."


@line.register
def _(event: CommunityAction) -> str:
    return f"Her community action: {', '.join(event.actions)}, in reading order."


@line.register
def _(event: NothingDone) -> str:
    return "She can do none of the card's actions: nothing this turn."


@line.register
def _(event: FinalTally) -> str:
    parts = ", ".join(f"{k} {v}" for k, v in event.her)
    return f"Her total {event.total} ({parts}); yours {' and '.join(map(str, event.yours))}."


def _direction(card: Optional[Card]) -> str:
    """The support card's direction count, as a sentence after a count (none without the card)."""
    if card is None:
        return ""
    support = card.support
    way = "from the top left, in reading order" if support.forward else "from the bottom right, backwards"
    return f" The app counts {support.count} {way}."


# You, as her rules' selection methods name you; for two of you "du" means both [L545–550], and catch-up II
# compares with your joint highest marker [L499, L521] (B16).
YOU = {1: {"your buildings": "your buildings", "yours": "yours", "to you": "you", "marker": "yours"},
       2: {"your buildings": "the buildings of either of you", "yours": "either of yours",
           "to you": "you both together", "marker": "your joint highest marker there"}}


def _map_method(question: Question, direction: str, players: int) -> str:
    """A selection method of her build or upgrade on the map: what it keeps, and how many it leaves."""
    key, about, left = question.key, question.about, question.most
    you = YOU[players]
    if key == "hexes":
        group, ship = about
        reach = "adjacent, or across rivers up to " + (f"shipping {ship}" if ship else "her shipping value")
        return f"She builds. How many empty hexes are in range of her {group} buildings ({reach})? None: 0.{direction}"
    texts = {
        "shorten": "Merge: if no marked building of hers is yet in range of an unmarked one, keep those that bring "
                   "her marked and unmarked buildings nearer than the shortest path between them now. Already in "
                   f"range, or none does: all {left}.",
        "selected": f"Her community card's selection ({about[0] if about else ''}).",
        "terrain": f"Terrain priority: the first terrain of row {about[0].upper() if about else ''}"
                   + (f" ({', '.join(about[1].split())})" if len(about) > 1 and about[1] else " of her terrain card")
                   + " found among them; keep all of it.",
        "nearest": f"Keep those nearest {you['your buildings']} (the fewest hexes, not through {you['yours']}).",
        "adjacent": f"She upgrades. Keep her workshops next to one of {you['your buildings']} (none: all "
                    f"{about[0] if about else ''} of her buildings she can upgrade).",
        "least": f"Keep those whose upgrade gives {you['to you']} the least power.",
    }
    if key == "apart":
        others = " and ".join(PLURAL[k] for k in about)
        return (f"None of her workshops is next to {you['yours']}, so they give {you['to you']} no power: keep "
                f"them, and her {others} with none of {you['your buildings']} next to them. How many of her "
                f"{others} are kept?{direction}")
    asked = f"How many of her workshops are next to {you['yours']}?" if key == "adjacent" else \
        f"How many of the {left} are left?"
    return f"{texts[key]} {asked}{direction}"


MAP_METHODS = ("hexes", "shorten", "selected", "terrain", "nearest", "adjacent", "least", "apart")


def question_text(question: Question, card: Optional[Card], players: int = 1) -> str:
    """The question her turn asks, as the screen says it (``players``: how many of you play her)."""
    key, about = question.key, question.about
    direction = _direction(card)
    if key in MAP_METHODS:
        return _map_method(question, direction, players)
    texts = {
        "type": "What is that building?",
        "inventions": f"She takes an invention: how many are on the innovation board?{direction}",
        "power": f"She covers a power action: how many are uncovered?{direction}",
        "book": f"She covers a book action: how many are uncovered?{direction}",
        "space": f"{about[0].title() if about else ''}: the highest number on a free scholar space under it "
                 "(none free: 0)?",
        "gap": "She catches up: in which of " + ", ".join(d.title() for d in about)
               + f" is her marker nearest {YOU[players]['marker']}, above or below? All that tie for it.",
        "x": f"Her X this round (round {about[0] if about else ''} of her level card)?",
    }
    return texts[key]


def ask(question: Question, card: Optional[Card], players: int = 1) -> str:
    """The question with the line that answers it: ``KEY VALUE``."""
    key, about = question.key, question.about
    syntax = {"type": f"type {'|'.join(about)}",
              "gap": f"gap DISCIPLINE... (of {', '.join(about)})"}.get(key, f"{key} N")
    return f"{question_text(question, card, players)} {syntax}"


@dataclass(frozen=True)
class View:
    """What the waiting prompts say of the game."""

    round: int
    you_passed: bool
    she_passed: bool
    hers_next: bool
    levels: dict[str, int]
    highest_shipping: Optional[int]
    community_end: str
    tiles: tuple[str, ...]  # the card file's round tiles not yet played
    draws: bool = False     # the table draws the card her next turn starts with
    players: int = 1        # how many of you play her


def waiting(state: str, view: View) -> str:
    """What the game waits for between her questions."""
    if state == "community":
        return (f"Her community card: community KNOWLEDGE... / ACTIONS... (each knowledge icon as its discipline, "
                f"{', '.join(DISCIPLINES)}, or -; its actions in reading order)")
    if state == "tile":
        return (f"Round {view.round}'s scoring tile: tile POINTS DISCIPLINE (her points at its bottom right; the "
                f"discipline of its Automa symbol's colour)" + (f", or one of the card file's: tile {'|'.join(view.tiles)}"
                                                                 if view.tiles else ""))
    if state == "turn":
        hers = "next card N (the card you draw for her)" if view.draws else "next"
        two = view.players == 2
        you_pass = "when one of you passes" if two else "when you pass"
        if view.she_passed:
            return f"Round {view.round}: she has passed. {you_pass.capitalize()}: passed"
        if view.you_passed:
            return f"Round {view.round}: you have {'both ' if two else ''}passed; her turn: {hers}"
        whose = "Her turn" if view.hers_next else f"Your turn{'s' if two else ''}; then hers"
        return f"Round {view.round}. {whose}: {hers}, or {you_pass}: passed"
    if state == "card":
        return "Draw her next card: card N (its areas too, the first time: card N ACTIONS | SUPPORT | PASS)"
    ship = "" if view.highest_shipping is None else f" with shipping {view.highest_shipping}"
    return {
        "knowledge": f"The end. Her disciplines: {levels_text(view.levels)}. Her knowledge scoring points, as "
                     "a player's: knowledge N",
        "area": f"Her area scoring points, her largest area counted{ship or ' with her level card highest shipping'}"
                ": area N",
        "communityscore": "Her community card's end scoring" + (f" ({view.community_end})" if view.community_end
                                                                 else "") + ": communityscore N (none: 0)",
        "extra": "Any Automa value on the last round's extra tile (none: 0): extra N",
        "score": f"Your final score{' (the first of you)' if view.players == 2 else ''}: score N",
        "partnerscore": "Your partner's final score: partnerscore N",
        "over": "The game is over",
    }[state]
