"""Teach it the dice: Calibrate's second step, where the camera learns this table's own dice.

A person rolls one seat colour's dice and taps Read the dice; the camera's frame is read on a worker
thread, and the dice worth an example (``companion.session.enrolment``) are shown one at a time, with the
value the camera read as the highlighted button: one tap confirms it, another value or die type corrects
it. Each confirmed die is saved as an example and the reader learns it. Layout in teach_dice.kv.
"""
from __future__ import annotations

import threading
from functools import partial
from typing import TYPE_CHECKING, Optional

from kivy.clock import mainthread
from kivy.properties import BooleanProperty, ColorProperty, ListProperty, ObjectProperty, StringProperty

from companion.games.automata.rules import default_ruleset
from companion.session.enrolment import Enrolment, TypeProgress, read_roll
from companion.session.follower import Read
from vision.readings import DIE_TYPES, FACES

from .. import kv, theme
from ..camera_feed import Reading
from ..widgets import TouchButton, rgb_texture, touch_button
from .common import CompanionScreen

if TYPE_CHECKING:
    from calibration.profile import CalibrationProfile

VALUE_HEIGHT = 72  # the value buttons: the one tap of each die


def progress_words(progress: list[TypeProgress]) -> str:
    """One colour's progress (markup): each die type's examples, and the faces still wanted."""
    line = "   ".join(p.words() for p in progress)
    wanted = [f"{p.die_type.upper()} {' '.join(str(v) for v in sorted(set(p.short)))}" for p in progress if p.short]
    return line + ("\nFaces still wanted: " + ";  ".join(wanted) if wanted else "")


def instruction(colour: str, progress: list[TypeProgress], done: bool) -> str:
    name = colour.title()
    if done:
        return "Every colour is taught. Tap Done; each value you confirm in play teaches the camera more."
    if all(p.learnt and p.examples for p in progress):
        return f"{name}'s dice are taught. Pick another colour above, or tap Done."
    if all(p.learnt for p in progress):
        return (f"Roll {name}'s dice once (every D4, D6 and D8) where the camera sees them, a little apart, "
                "hands away; then tap Read the dice.")
    return (f"Roll {name}'s dice (every D4, D6 and D8) where the camera sees them, a little apart, hands away; "
            "then tap Read the dice. Roll again until each face has its examples; you may turn dice to the "
            "faces still wanted instead.")


class ColourTab(TouchButton):
    """A seat colour to teach (style in teach_dice.kv)."""

    colour = StringProperty("")
    chosen = BooleanProperty(False)  # the colour taught now
    screen = ObjectProperty(None)


class TeachDiceScreen(CompanionScreen):
    colours = ListProperty()  # the calibrated seat colours, in seat order
    colour = StringProperty("")  # the colour taught now
    busy = BooleanProperty(False)  # a frame is being read, on a worker thread
    asking = BooleanProperty(False)  # a die is shown to confirm
    instruction_text = StringProperty("")
    progress_text = StringProperty("")
    status_text = StringProperty("")
    status_colour = ColorProperty(theme.TEXT)
    ask_text = StringProperty("")
    die_type = StringProperty("")  # the type of the die asked about, as read or as the person says

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.enrolment: Optional[Enrolment] = None
        self.profile: Optional[CalibrationProfile] = None  # its colours and its zones' markers
        self._read: Optional[Read] = None

    @property
    def _enrolling(self) -> Enrolment:
        """The enrolment: the screen offers a roll, a colour or a die only with one (the colours calibrated)."""
        if self.enrolment is None:
            raise ValueError("no dice colours are calibrated to teach")
        return self.enrolment

    # -- what it shows ----------------------------------------------------------------------

    def refresh(self) -> None:
        """A new enrolment of the calibrated colours into the table's examples (those kept count)."""
        profile = self.app.camera.load_profile()
        self.asking, self.status_text, self._read = False, "", None
        if profile is None or profile.colours is None:
            self.enrolment, self.colours = None, []
            self.instruction_text = "Calibrate the dice colours first (Calibrate, Read the table)."
            self.progress_text = ""
            return
        self.profile = profile
        self.enrolment = Enrolment(self.app.camera.table_dice(), list(profile.colours.players),
                                   default_ruleset().dice_per_seat)
        self.colours = list(self.enrolment.colours)
        self.show_progress()

    def show_progress(self) -> None:
        enrolment = self._enrolling
        self.colour = enrolment.colour
        progress = enrolment.progress(self.colour)
        self.instruction_text = instruction(self.colour, progress, enrolment.done)
        self.progress_text = f"{theme.seat_markup(self.colour, self.colour.title())}:  {progress_words(progress)}"
        self.ids.tabs.clear_widgets()
        for colour in self.colours:
            self.ids.tabs.add_widget(ColourTab(colour=colour, text=self._tab_text(colour), screen=self,
                                               chosen=colour == self.colour))

    def _tab_text(self, colour: str) -> str:
        """The colour and where it stands: done; the examples still wanted, while it teaches the die types;
        else one roll (what each other colour needs once the first has taught the types)."""
        progress = self._enrolling.progress(colour)
        if self._enrolling.taught(colour):
            state = "done"
        elif colour == self.colour and not all(p.learnt for p in progress):
            state = f"{sum(len(p.short) for p in progress)} to go"
        else:
            state = "roll once"
        return f"{theme.seat_letter(colour)} {colour.title()}: {state}"

    def choose_colour(self, colour: str) -> None:
        if self.busy or self.enrolment is None:
            return
        self.enrolment.choose(colour)
        self.asking, self.status_text = False, ""
        self.show_progress()

    # -- a roll -----------------------------------------------------------------------------

    def read_dice(self) -> None:
        profile = self.profile
        if self.busy or self.enrolment is None or profile is None:
            return
        self.status_text, self.status_colour = "Reading the dice...", theme.TEXT
        self.busy = True
        if self._read is None:
            from companion.session import follower

            read, why = follower.dice_reader(self.app.camera.table_dice())
            if read is None:
                self._shown_roll(None, [], why.capitalize() + ".")
                return
            self._read = partial(read, profile=profile.colours)
        threading.Thread(target=self._read_roll, args=(self.app.camera.open_source, self._read, profile.layout),
                         name="dice-enrolment", daemon=True).start()

    def _read_roll(self, open_source, read, layout) -> None:
        from calibration.colour import CalibrationError

        try:
            frame, readings = read_roll(open_source, read, layout)
        except CalibrationError as exc:
            self._shown_roll(None, [], str(exc))
            return
        except Exception as exc:  # a broken reader says so; the screen stays usable
            self._shown_roll(None, [], f"The dice could not be read ({type(exc).__name__}: {exc}).")
            return
        self._shown_roll(frame, readings, "")

    @mainthread
    def _shown_roll(self, frame, readings, failure: str) -> None:
        self.busy = False
        if failure:
            self.status_text, self.status_colour = failure, theme.ALERT
            return
        asked = self._enrolling.take(frame, readings)
        mine = sum(1 for r in readings if r.colour == self.colour)
        if not asked:
            self.status_text = (f"Read {mine} {self.colour} {'die' if mine == 1 else 'dice'}, none of a face still "
                                "wanted. Roll again." if mine else
                                f"No {self.colour} die read: check that the camera sees the dice, then try again.")
            self.status_colour = theme.ACCENT
            return
        self.status_text = ""
        self.ask_next()

    # -- one die at a time ------------------------------------------------------------------

    def ask_next(self) -> None:
        enrolment = self._enrolling
        reading = enrolment.current
        if reading is None or enrolment.frame is None:
            self.asking = False
            self.show_progress()
            return
        self.asking = True
        crop = Reading.of(reading, enrolment.frame).crop
        self.ids.die_image.texture = rgb_texture(crop) if crop is not None else None
        self.die_type = reading.die_type
        self.show_values()

    def show_values(self) -> None:
        """The type buttons and the value buttons of the type chosen; the reading's guess is the big one."""
        enrolment = self._enrolling
        reading = enrolment.current
        if reading is None:
            return
        place = f"{enrolment.position + 1} of {len(enrolment.asked)}"
        self.ask_text = (f"Die {place}: the camera reads a {reading.die_type.upper()} showing {reading.value}. "
                         "Tap the value it shows." if self.die_type == reading.die_type else
                         f"Die {place}: tap the value this {self.die_type.upper()} shows.")
        self.ids.type_row.clear_widgets()
        for die_type in DIE_TYPES:
            self.ids.type_row.add_widget(touch_button(die_type.upper(), partial(self.pick_type, die_type),
                                                   big=die_type == self.die_type, height=theme.TOUCH))
        self.ids.value_grid.clear_widgets()
        guess = reading.value if self.die_type == reading.die_type else None
        for value in range(1, FACES[self.die_type] + 1):
            button = touch_button(str(value), partial(self.confirm, value), big=value == guess, height=VALUE_HEIGHT)
            button.font_size = theme.FONT_LARGE
            self.ids.value_grid.add_widget(button)

    def pick_type(self, die_type: str) -> None:
        self.die_type = die_type
        self.show_values()

    def confirm(self, value: int) -> None:
        self._enrolling.confirm(self.die_type, value)
        unsaved = self._enrolling.table_dice.unsaved
        if unsaved:
            self.status_text, self.status_colour = unsaved, theme.ALERT
        self.ask_next()

    def skip(self) -> None:
        self._enrolling.skip()
        self.ask_next()


kv.load_beside(__file__)
