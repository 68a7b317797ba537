"""Age of Innovation's tests: games set up with the fixture card file (invented contents, marked as a fixture: the
seed does not give her cards), their events read as the table reads them (``wording``)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

from companion.games.aoi import AoiGame, CardFile, Setup, parse_card_file
from companion.games.aoi import wording

FIXTURE = Path(__file__).with_name("fixture_cards.txt")  # a FIXTURE: invented card contents


def fixture_cards() -> CardFile:
    return parse_card_file(FIXTURE.read_text())


def table_game(level: str = "automa", cards: Optional[CardFile] = None) -> AoiGame:
    """A game where the table draws her cards (so a test picks them), with the fixture's cards."""
    return AoiGame(Setup(level, 1, cards or fixture_cards(), table_draws=True))


def said(game: AoiGame, *lines: str) -> list[str]:
    """Play ``lines`` and say what she does, as the table reads it."""
    return [wording.line(event) for line in lines for event in game.play(line)]
