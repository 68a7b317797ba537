"""Pop-up dialogs: alerts (a refused move, a lost camera) and plain information."""
from __future__ import annotations

from functools import partial
from typing import Callable, Optional, Sequence

import numpy as np
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.popup import Popup

from companion.games.automata.rules import FACES

from . import theme
from .die_drawing import DiceStrip, DieSpec
from .widgets import Caption, rgb_texture, touch_button


ROLL_DIE = 40  # the dice of a roll, drawn above its value buttons
Choice = tuple[str, Optional[Callable[[], None]]]  # a button's words, and what it does once the pop-up is closed


def alert(title: str, text: str, on_close: Optional[Callable[[], None]] = None, button: str = "OK",
          font_name: str = "Roboto", font_size: int = theme.FONT, size_hint: tuple[float, float] = (0.8, 0.7)) -> Popup:
    """A modal message with one big button; the reason in plain words."""
    return ask(title, text, [(button, on_close)], font_name, font_size, size_hint)


def ask(title: str, text: str, choices: Sequence[Choice], font_name: str = "Roboto", font_size: int = theme.FONT,
        size_hint: tuple[float, float] = (0.8, 0.7), separator: theme.RGBA = theme.ACCENT) -> Popup:
    """A modal message with a row of big buttons, the first on the left; each closes it, then does its part."""
    from kivy.uix.scrollview import ScrollView

    content = BoxLayout(orientation="vertical", padding=12, spacing=12)
    message = Caption(text=theme.escape(text), font_size=font_size, valign="top", font_name=font_name)
    scroll = ScrollView(do_scroll_x=False, bar_width=6)  # a long message scrolls, never spills
    scroll.add_widget(message)
    content.add_widget(scroll)
    popup = Popup(title=title, title_size=theme.FONT_LARGE, content=content, size_hint=size_hint,
                  auto_dismiss=False, separator_color=separator)

    row = BoxLayout(orientation="horizontal", spacing=10, size_hint_y=None, height=theme.TOUCH_BIG)
    for words, then in choices:
        row.add_widget(touch_button(words, partial(_dismiss_then, popup, then), big=True))
    content.add_widget(row)
    popup.open(animation=False)
    return popup


def _dismiss_then(popup: Popup, then: Optional[Callable[[], None]]) -> None:
    """Close ``popup``, then do ``then`` (if anything)."""
    popup.dismiss(animation=False)
    if then is not None:
        then()


def details(title: str, text: str) -> Popup:
    """Facts line by line on most of the screen (cards: what each costs, needs and does), in the
    font that has the symbols of the cards' abilities."""
    return alert(title, text, font_name=theme.SYMBOL_FONT, font_size=theme.FONT_SMALL, size_hint=(0.96, 0.96))



def ask_die_value(title: str, question: str, die_type: str, on_value: Callable[[int], None],
                  guess: Optional[int] = None, crop: Optional[np.ndarray] = None, on_cancel: Optional[Callable[[], None]] = None,
                  roll: Sequence[DieSpec] = (), asked: int = -1) -> Popup:
    """Big value buttons for one die; with ``crop`` (an RGB image of the die) beside them, and above them the
    dice of the ``roll`` drawn as on the Table, the one ``asked`` outlined.

    The reading's guess, when there is one, is the highlighted button: one tap confirms it,
    any other corrects it.
    """
    from kivy.uix.gridlayout import GridLayout
    from kivy.uix.image import Image

    content = BoxLayout(orientation="vertical", padding=10, spacing=10)
    content.add_widget(Caption(text=theme.escape(question)))
    if roll:
        content.add_widget(DiceStrip(dice=list(roll), ringed=asked, die_size=ROLL_DIE))
    middle = BoxLayout(orientation="horizontal", spacing=12)
    if crop is not None and crop.size:
        middle.add_widget(Image(texture=rgb_texture(crop), size_hint_x=None, width=170, fit_mode="contain"))
    faces = FACES[die_type]
    grid = GridLayout(cols=4, spacing=8)
    popup = Popup(title=title, title_size=theme.FONT_LARGE, content=content, size_hint=(0.92, 0.9),
                  auto_dismiss=False, separator_color=theme.ACCENT)

    def choose(value: int) -> None:
        popup.dismiss(animation=False)
        on_value(value)

    for value in range(1, faces + 1):
        button = touch_button(str(value), partial(choose, value), big=value == guess, height=72)
        button.font_size = theme.FONT_LARGE
        grid.add_widget(button)
    middle.add_widget(grid)
    content.add_widget(middle)
    if on_cancel is not None:
        content.add_widget(touch_button("Cancel", partial(_dismiss_then, popup, on_cancel)))
    popup.open(animation=False)
    return popup


class RollEntry:
    """The values of a roll, one die at a time: ``types`` to read, ``on_done(values)`` at the end.

    ``known`` holds values already read with confidence; ``unsure`` holds (index, guess, crop)
    for readings a person must confirm; dice with neither are asked for plainly.
    """

    def __init__(self, who: str, types, on_done: Callable[[list], None], known: Optional[dict] = None,
                 unsure: Optional[dict] = None, on_cancel: Optional[Callable[[], None]] = None, colour: str = "") -> None:
        self.who = who
        self.colour = colour  # the seat's, for its dice drawn
        self.types = list(types)
        self.values: dict = dict(known or {})
        self.unsure = dict(unsure or {})
        self.on_done = on_done
        self.on_cancel = on_cancel
        self.popup: Optional[Popup] = None

    def start(self) -> None:
        self._next()

    def _next(self) -> None:
        missing = [i for i in range(len(self.types)) if i not in self.values]
        if not missing:
            self.on_done([(t, self.values[i]) for i, t in enumerate(self.types)])
            return
        i = missing[0]
        die_type = self.types[i]
        guess, crop = self.unsure.get(i, (None, None))
        if guess is not None:
            question = (f"The camera is not sure of this {die_type.upper()}: it may show {guess}. "
                        f"Tap the value it shows.")
        else:
            question = f"Die {i + 1} of {len(self.types)}: what does the {die_type.upper()} show?"
        roll = [(t, self.values.get(k, "?" if k == i else None), self.colour) for k, t in enumerate(self.types)]
        self.popup = ask_die_value(f"{self.who}: roll", question, die_type, lambda v: self._set(i, v),
                                   guess=guess, crop=crop, on_cancel=self.on_cancel, roll=roll, asked=i)

    def _set(self, index: int, value: int) -> None:
        self.values[index] = value
        self._next()


PUT_BACK = "I'll put the table back"
ACCEPT = "Accept the table"
MISREAD = "The camera misread"


def table_alert(report, on_accept: Optional[Callable[[], None]] = None,
                on_misread: Optional[Callable[[], None]] = None) -> Popup:
    """What differs between the table and the game (a ``SyncReport`` with mismatches) and the ways
    out: put the table back (the alert clears at the next settle that matches); when a legal move
    makes the game match the table, accept the table as that move; and, when the table is right
    and the camera is wrong, say so (``on_misread``)."""
    lines = [m.sentence for m in report.mismatches]
    lines.append("To put the table back: " + " ".join(m.put_back for m in report.mismatches))
    if on_accept is not None:
        lines.append("Or accept the table as the move: " + "; ".join(str(a) for a in report.accept) + ".")
    choices = [(PUT_BACK, None)] + [(words, then) for words, then in ((ACCEPT, on_accept), (MISREAD, on_misread))
                                    if then is not None]
    return ask("The table differs from the game", "\n".join(lines), choices, font_size=theme.FONT_SMALL,
               size_hint=(0.9, 0.85), separator=theme.ALERT)
