"""Table: the game at a glance, drawn as the table lays it out (Automata's drawing, registered in ``ui.boards``), a
person's move entered by taps (each tap narrows the legal moves; the engine's refusal, should one come, is shown as
an alert), and the camera preview on request, where a tap on a die says what the camera read. Layout in table.kv."""
from __future__ import annotations

import time
from typing import Any, Optional, Sequence

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics.texture import Texture
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.image import Image
from kivy.uix.widget import Widget

from companion.session.dice_learning import ConfirmedDie
from companion.store import AUTOMATA

from .. import kv, theme
from ..boards import board_for
from ..camera_feed import MAIN_SIZE, Reading, reading_at, with_rolled_types
from ..controller import AUTOMA, PERSON, ROLL
from ..dialogs import RollEntry, alert
from ..moves import FORFEIT, MODIFY, MoveChooser
from ..widgets import TouchButton, touch_button
from .common import PlayScreen

PREVIEW_HZ = 30
MORE_WIDTH = 120
REACH_PX = 24  # a tap this close to a die, on the screen, is a tap on it


def choice_width(text: str) -> int:
    return max(theme.TOUCH + 20, 12 * len(text) + 28)


class CameraPreview(Image):
    """The camera preview; a tap on the picture is reported as the point of the frame it fell
    on, in fractions of the frame's width and height from its top left corner."""

    __events__ = ("on_frame_tap",)

    def on_touch_down(self, touch) -> bool:
        width, height = self.norm_image_size
        if self.disabled or not self.collide_point(*touch.pos) or not width or not height:
            return super().on_touch_down(touch)
        left, bottom = self.center_x - width / 2, self.center_y - height / 2
        x, y = (touch.x - left) / width, 1 - (touch.y - bottom) / height
        if not (0 <= x <= 1 and 0 <= y <= 1):
            return super().on_touch_down(touch)
        self.dispatch("on_frame_tap", x, y)
        return True

    def on_frame_tap(self, x: float, y: float) -> None:
        pass


class TableScreen(PlayScreen):
    CHOICE_GAP = 6

    feed = ObjectProperty(None, allownone=True)    # the camera's feed (TableCamera.feed)
    seen = StringProperty("")                      # what the camera saw that a person is to know (TableCamera.seen)
    turn_colour = StringProperty("")
    turn_name = StringProperty("")
    turn_suffix = StringProperty("")
    prompt_text = StringProperty("")
    camera_text = StringProperty("")
    picked_text = StringProperty("")  # the reading of the die last tapped on the preview
    camera_view = BooleanProperty(False)  # the preview instead of the drawing
    feed_on = BooleanProperty(False)
    camera_lost = BooleanProperty(False)  # as the camera line says
    back_shown = BooleanProperty(False)
    modify_shown = BooleanProperty(False)
    forfeit_shown = BooleanProperty(False)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.chooser: Optional[MoveChooser] = None
        self.shown_frames: list[float] = []
        self._frame_number = -1
        self._texture: Optional[Texture] = None
        self._preview_event = None
        self.roll_entry: Optional[RollEntry] = None
        self.page = 0

    # -- showing the game -------------------------------------------------------------------

    def on_feed(self, *_: object) -> None:
        self.show_camera_line()

    def on_seen(self, *_: object) -> None:
        self.show_camera_line()
        self._show_choices()  # a roll seen may wait for one tap

    def on_enter(self, *args) -> None:
        Window.bind(on_resize=self._on_resize)
        if self._preview_event is None:
            self._preview_event = Clock.schedule_interval(self.update_preview, 1 / PREVIEW_HZ)

    def on_leave(self, *args) -> None:
        Window.unbind(on_resize=self._on_resize)
        if self._preview_event is not None:
            self._preview_event.cancel()
            self._preview_event = None

    def _on_resize(self, *_args) -> None:
        self._show_choices()  # as many choices as fit the new width

    def refresh(self) -> None:
        """Redraw the game and offer the moves of whoever is to act."""
        controller = self.app.controller
        if controller.session is None:
            return
        state = controller.state
        step = controller.next_step()
        if state.turn is not None and step == PERSON:
            self._show_turn(state.turn, " to move")
        elif step == ROLL:
            self._show_turn(controller.pending_roll()[0], " rolls")
        else:
            self.turn_colour, self.turn_name, self.turn_suffix = "", "", ""
        self.chooser = MoveChooser(controller.session.legal()) if step == PERSON else None
        names = [controller.seat_name(seat) for seat in range(len(state.seats))]
        self.drawing().show(state, self.pick, names)
        self.page = 0
        self._show_choices()
        self.picked_text = ""
        self.show_camera_line()

    def _show_turn(self, seat: int, suffix: str) -> None:
        self.turn_colour = self.app.controller.state.seats[seat].colour
        self.turn_name, self.turn_suffix = self.app.controller.seat_name(seat), suffix

    def drawing(self) -> Any:
        """The table's drawing (``ui.boards``), made at the first refresh."""
        box = self.ids.board
        if not box.children:
            drawing = board_for(AUTOMATA)
            assert drawing is not None, "Automata's drawing is registered in ui.boards"
            box.add_widget(drawing())
        return box.children[0]

    def pick(self, label: str) -> bool:
        """A choice tapped on the drawing (an area), taken when the move being made offers it."""
        if self.chooser is None or label not in self.chooser.options():
            return False
        self.choose(label)
        return True

    def _show_choices(self) -> None:
        self.choices.clear_widgets()
        controller = self.app.controller
        chooser = self.chooser
        at_top = chooser is not None and not chooser.path
        top = chooser.options() if chooser is not None else []
        self.modify_shown, self.forfeit_shown = at_top and MODIFY in top, at_top and FORFEIT in top
        self.back_shown = bool(chooser and chooser.path)
        if chooser is not None:
            self.prompt_text = chooser.prompt(controller.state.phase)
            labels = [label for label in chooser.options() if not (at_top and label in (MODIFY, FORFEIT))]
            self._show_page(labels)
        elif controller.next_step() == ROLL:
            seat, types = controller.pending_roll()
            self.prompt_text = f"Roll {len(types)} {'die' if len(types) == 1 else 'dice'}, then enter them"
            if controller.runtime is not None and controller.runtime.roll_to_confirm() is not None:
                self.prompt_text = "Check the roll seen"
                self.choices.add_widget(self._choice_button("Play the roll seen", self.confirm_roll))
            self.choices.add_widget(self._choice_button("Enter the roll", self.enter_roll))
        elif controller.next_step() == AUTOMA:
            self.prompt_text = "An Automa is to move"
            self.choices.add_widget(self._choice_button("Show the Automa's turn", lambda: self.app.go("automa")))
        else:
            self.prompt_text = ""

    def _show_page(self, labels: list[str]) -> None:
        """As many choices as fit the row beside Back, Modify and Forfeit; a More button pages
        through the rest."""
        beside = (self.back_button, self.modify_button, self.forfeit_button)
        room = Window.width - 12 - sum(b.width + self.CHOICE_GAP for b in beside if b.width)
        pages: list[list[str]] = [[]]
        used = 0.0
        for label in labels:
            width = choice_width(label) + self.CHOICE_GAP
            if pages[-1] and used + width > room - MORE_WIDTH:
                pages.append([])
                used = 0.0
            pages[-1].append(label)
            used += width
        if len(pages) == 2 and used + sum(choice_width(x) + self.CHOICE_GAP for x in pages[0]) <= room:
            pages = [pages[0] + pages[1]]  # all fit once the More button is not needed
        self.page %= len(pages)
        for label in pages[self.page]:
            self.choices.add_widget(self._choice_button(label, lambda lb=label: self.choose(lb)))
        self.choices.add_widget(Widget())
        if len(pages) > 1:
            self.choices.add_widget(touch_button(f"More {self.page + 1}/{len(pages)}", self.next_page,
                                                 size_hint=(None, None), width=MORE_WIDTH, height=theme.TOUCH))

    def next_page(self) -> None:
        self.page += 1
        self._show_choices()

    def _choice_button(self, text: str, action) -> TouchButton:
        return touch_button(text, action, size_hint=(None, None), width=choice_width(text), height=theme.TOUCH)

    def show_camera_line(self) -> None:
        """The reading of a die tapped on the preview, else the move the camera saw that waits
        for a tap, else the camera's state."""
        feed = self.feed
        self.feed_on = feed is not None
        self.camera_lost = feed is not None and feed.lost
        if feed is None:
            self.camera_view = False
        seen = self.seen
        if feed is not None and self.picked_text:
            self.camera_text = self.picked_text
        elif feed is not None and seen:
            self.camera_text = f"[color={theme.hex_of(theme.ACCENT)}]{theme.escape(seen)}[/color]"
        elif feed is None or self.camera_lost:
            by_hand = "enter the rolls and moves by hand" if self.app.controller.table_rolls \
                else "the app rolls; tap the moves"
            self.camera_text = f"Camera {'off' if feed is None else 'lost'}: {by_hand}"
        else:
            self.camera_text = theme.escape(feed.status())

    def show_reading_at(self, x: float, y: float) -> None:
        """Say what the camera read of the die at (x, y), fractions of the frame from its top left."""
        feed = self.feed
        if feed is None:
            return
        reach = REACH_PX / max(self.preview.norm_image_size[0], 1) * MAIN_SIZE[0]
        reading = reading_at(feed.readings(), (x * MAIN_SIZE[0], y * MAIN_SIZE[1]), reach)
        self.picked_text = self._reading_text(reading, feed.threshold) if reading is not None else ""
        self.show_camera_line()

    def _reading_text(self, reading: Reading, threshold: float) -> str:
        seat = self.app.controller.state.seat_index(reading.colour)
        name = self.app.controller.seat_name(seat) if seat is not None else reading.colour.title()
        doubt = "; the camera is not sure of it" if reading.confidence < threshold else ""
        return f"{reading.die_type.upper()} showing {reading.value}, {theme.seat_markup(reading.colour, name)}{doubt}"

    def update_preview(self, _dt: float = 0) -> None:
        """Copy the newest preview frame into the texture while the preview is shown (main thread,
        a memory copy)."""
        feed = self.feed
        if feed is not None and feed.lost != self.camera_lost:
            self.show_camera_line()
        if feed is None or not self.camera_view:
            return
        number, frame = feed.latest()
        if frame is None or number == self._frame_number:
            return
        self._frame_number = number
        height, width = frame.shape[:2]
        if self._texture is None or self._texture.size != (width, height):
            self._texture = Texture.create(size=(width, height), colorfmt="rgb")
            self.preview.texture = self._texture
        self._texture.blit_buffer(frame.tobytes(), colorfmt="rgb", bufferfmt="ubyte")
        self.preview.canvas.ask_update()
        self.shown_frames.append(time.monotonic())
        del self.shown_frames[:-120]
        if number % 15 == 0:
            self.show_camera_line()

    # -- a person's move --------------------------------------------------------------------

    def choose(self, label: str) -> None:
        if self.chooser is None:
            return
        action = self.chooser.choose(label)
        self.page = 0
        if action is None:
            self._show_choices()
            return
        self.play(action)

    def back(self) -> None:
        if self.chooser is not None:
            self.chooser.back()
            self.page = 0
            self._show_choices()

    def play(self, action, confirmed: Sequence[ConfirmedDie] = ()) -> None:
        outcome = self.app.controller.submit(action, confirmed)
        if not outcome.ok:
            alert("Not allowed", outcome.reason + (f" (rule {outcome.rule})" if outcome.rule else ""))
            self.refresh()
            return
        self.app.show_next()

    # -- rolls read at the table ------------------------------------------------------------

    def confirm_roll(self) -> None:
        """One tap plays the roll the camera read, shown while the reader earns this table's trust."""
        runtime = self.app.controller.runtime
        if runtime is not None and runtime.roll_to_confirm() is not None:
            self.played(runtime.confirm_roll()[-1])

    def enter_roll(self) -> None:
        controller = self.app.controller
        seat, types = controller.pending_roll()
        colour = controller.state.seats[seat].colour
        known, unsure = self._from_camera(colour, types)
        self.roll_entry = RollEntry(f"{theme.seat_letter(colour)} {controller.seat_name(seat)}", types,
                                    lambda values: self._rolled(seat, values, unsure), known,
                                    {i: (r.value, r.crop) for i, r in unsure.items()}, on_cancel=self.refresh,
                                    colour=colour)
        self.roll_entry.start()

    def _from_camera(self, colour: str, types: list[str]) -> tuple[dict[int, int], dict[int, Reading]]:
        """Values the camera read for this seat's dice when it found as many as were rolled: by index in
        ``types``, the values read surely, and the readings a person is to confirm. A die read as another type
        than the game gives it is read again as that type, and is to be confirmed (``with_rolled_types``)."""
        feed = self.feed
        if feed is None:
            return {}, {}
        readings = with_rolled_types([r for r in feed.readings() if r.colour == colour], types)
        if readings is None:
            return {}, {}
        readings.sort(key=lambda r: (r.die_type, r.value))
        order = sorted(range(len(types)), key=lambda i: types[i])
        known, unsure = {}, {}
        for index, reading in zip(order, readings):
            if reading.confidence >= feed.threshold:
                known[index] = reading.value
            else:
                unsure[index] = reading
        return known, unsure

    def _rolled(self, seat: int, values, unsure: dict[int, Reading]) -> None:
        """The roll entered; each die the camera was unsure of, as the person confirmed or corrected it, teaches
        the reader the table's dice."""
        self.roll_entry = None
        confirmed = [unsure[i].confirmed(value) for i, (_, value) in enumerate(values) if i in unsure]
        self.play(self.app.controller.roll_action(seat, values), [die for die in confirmed if die is not None])


kv.load_beside(__file__)
