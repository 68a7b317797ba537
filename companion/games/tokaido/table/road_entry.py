"""The road model of Tokaido, entered space by space from Kyoto: one tap per space, its kind or an
Inn, ending with the Inn at Edo. Inn is not offered right after an Inn (the road never has two in a
row); Save waits until the road is one ``parse_road`` takes."""
from __future__ import annotations


from companion.line_games.choices import Choice, Step
from companion.line_games.entry import Entry

from ..road import RoadFileError, parse_road
from ..spaces import INN, SPACE_NAMES, SPACE_TYPES

SHOWN_SPACES = 12  # the latest spaces listed


class RoadEntry(Entry):
    kind_name = "tokaido"
    title = "Enter your road model"

    def __init__(self) -> None:
        self.kinds: list[str] = []  # the spaces after Kyoto, in order

    def step(self) -> Step:
        offered = [s for s in SPACE_TYPES if not (s == INN and self.kinds and self.kinds[-1] == INN)]
        return Step(f"Space {len(self.kinds) + 1} after Kyoto: tap its kind",
                    tuple(Choice(SPACE_NAMES[s], s) for s in offered))

    def choose(self, choice: Choice) -> None:
        self.kinds.append(choice.part)

    def undo(self) -> None:
        if self.kinds:
            self.kinds.pop()

    @property
    def undo_label(self) -> str:
        return f"Undo {SPACE_NAMES[self.kinds[-1]]}" if self.kinds else ""

    def lines(self) -> list[str]:
        first = max(0, len(self.kinds) - SHOWN_SPACES)
        return [f"{n}  {SPACE_NAMES[k]}" for n, k in enumerate(self.kinds[first:], start=first + 1)]

    def notes(self) -> list[str]:
        inns = self.kinds.count(INN)
        return [f"{len(self.kinds)} spaces, {inns} Inn{'' if inns == 1 else 's'} (the last space is the Inn at Edo)."]

    def problem(self) -> str:
        if not self.kinds or self.kinds[-1] != INN:
            return "Save once the last space tapped is the Inn at Edo."
        try:
            parse_road(self.text())
        except RoadFileError as exc:
            return f"{str(exc)[0].upper()}{str(exc)[1:]}."
        return ""

    def text(self) -> str:
        return " ".join(self.kinds)
