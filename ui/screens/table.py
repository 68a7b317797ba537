"""Table: the camera preview with the dice it reads, the game at a glance, and a person's move
entered by taps (each tap narrows the legal moves; the engine's refusal, should one come, is
shown as an alert)."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, List, Optional

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics.texture import Texture
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.image import Image
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from .. import describe, theme
from ..controller import AUTOMA, PERSON, ROLL
from ..dialogs import RollEntry, alert
from ..moves import FORFEIT, MODIFY, MoveChooser
from ..widgets import Panel, SeatBadge, TouchButton, touch_button

if TYPE_CHECKING:
    from ..app import CompanionApp

PREVIEW_HZ = 30
CHOICE_GAP = 6
MORE_WIDTH = 120
SEAT_COLUMNS = ("Seat", "Gears", "Coins", "Cards")
SEAT_WIDTHS = (166, 62, 62, 150)


def choice_width(text: str) -> int:
    return max(theme.TOUCH + 20, 12 * len(text) + 28)


def info_label(text: str, width: Optional[int] = None, **kwargs) -> Label:
    label = Label(text=text, markup=True, font_size=theme.FONT_SMALL, color=theme.TEXT, halign="left",
                  valign="middle", size_hint_y=None, height=26, **kwargs)
    if width is not None:
        label.size_hint_x, label.width = None, width
    label.text_size = (label.width, None)
    label.bind(size=lambda w, s: setattr(w, "text_size", (s[0], None)))
    label.bind(texture_size=lambda w, ts: setattr(w, "height", max(26, ts[1] + 4)))
    return label


class TableScreen(Screen):
    def __init__(self, app: "CompanionApp", **kwargs) -> None:
        super().__init__(name="table", **kwargs)
        self.app = app
        self.chooser: Optional[MoveChooser] = None
        self.shown_frames: List[float] = []
        self._frame_number = -1
        self._texture: Optional[Texture] = None
        self._preview_event = None
        self.roll_entry: Optional[RollEntry] = None

        body = BoxLayout(orientation="vertical")
        bar = Panel(orientation="horizontal", size_hint_y=None, height=theme.BAR, spacing=6, padding=(6, 4, 0, 4))
        self.turn_badge = SeatBadge(size_hint_x=None, width=250)
        self.status = Label(text="", markup=True, font_size=theme.FONT, color=theme.TEXT, halign="left",
                            valign="middle", shorten=True)
        self.status.bind(size=lambda w, s: setattr(w, "text_size", s))
        bar.add_widget(self.turn_badge)
        bar.add_widget(self.status)
        bar.add_widget(touch_button("History", lambda: app.go("history"), size_hint=(None, None), width=100,
                                    height=theme.BAR))
        bar.add_widget(touch_button("Home", app.go_home, size_hint=(None, None), width=86, height=theme.BAR))
        body.add_widget(bar)

        middle = BoxLayout(orientation="horizontal", spacing=8, padding=(6, 6, 6, 2))
        left = BoxLayout(orientation="vertical", size_hint_x=0.4, spacing=2)  # 320 px at 800x480
        self.preview = Image(size_hint_y=None, height=180, fit_mode="contain")
        left.bind(width=lambda _w, width: setattr(self.preview, "height", width * 9 / 16))
        left.add_widget(self.preview)
        self.camera_line = info_label("")
        left.add_widget(self.camera_line)
        left.add_widget(BoxLayout())
        middle.add_widget(left)

        scroll = ScrollView(do_scroll_x=False, bar_width=6, size_hint_x=0.6)
        self.info = GridLayout(cols=1, size_hint_y=None, spacing=2, padding=(0, 0, 10, 0))
        self.info.bind(minimum_height=self.info.setter("height"))
        scroll.add_widget(self.info)
        middle.add_widget(scroll)
        body.add_widget(middle)

        moves = Panel(orientation="vertical", size_hint_y=None, height=theme.TOUCH + 72, padding=(6, 4), spacing=4)
        prompt_row = BoxLayout(orientation="horizontal", size_hint_y=None, height=theme.TOUCH, spacing=6)
        self.prompt = Label(text="", font_size=theme.FONT, bold=True, color=theme.ACCENT, halign="left",
                            valign="middle", shorten=True)
        self.prompt.bind(size=lambda w, s: setattr(w, "text_size", s))
        prompt_row.add_widget(self.prompt)
        self.back_button = touch_button("Back", self.back, size_hint_x=None, width=96)
        self.modify_button = touch_button(MODIFY, lambda: self.choose(MODIFY), size_hint_x=None, width=110)
        self.forfeit_button = touch_button(FORFEIT, lambda: self.choose(FORFEIT), size_hint_x=None, width=110)
        for button in (self.back_button, self.modify_button, self.forfeit_button):
            prompt_row.add_widget(button)
        moves.add_widget(prompt_row)
        self.choices = BoxLayout(orientation="horizontal", size_hint_y=None, height=64, spacing=CHOICE_GAP)
        self.page = 0
        moves.add_widget(self.choices)
        body.add_widget(moves)
        self.add_widget(body)

    # -- showing the game -------------------------------------------------------------------

    def on_pre_enter(self, *args) -> None:
        self.refresh()

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
            colour = state.seats[state.turn].colour
            self.turn_badge.show(colour, controller.seat_name(state.turn), " to move")
        elif step == ROLL:
            seat, _ = controller.pending_roll()
            self.turn_badge.show(state.seats[seat].colour, controller.seat_name(seat), " rolls")
        else:
            self.turn_badge.show("", "")
        self.status.text = describe.status_line(state)
        self._show_info(state)
        self.chooser = MoveChooser(controller.session.legal()) if step == PERSON else None
        self.page = 0
        self._show_choices()
        self.show_camera_line()

    def _show_info(self, state) -> None:
        self.info.clear_widgets()
        self.info.add_widget(info_label("   ".join(describe.tracks_lines(state))))
        seats = GridLayout(cols=len(SEAT_COLUMNS), size_hint_y=None, spacing=(4, 0))
        seats.bind(minimum_height=seats.setter("height"))
        for title, width in zip(SEAT_COLUMNS, SEAT_WIDTHS):
            seats.add_widget(info_label(f"[color=b8bcc6]{title}[/color]", width))
        for seat in range(len(state.seats)):
            cells = describe.seat_cells(state, seat, self.app.controller.seat_name(seat))
            for cell, width in zip(cells, SEAT_WIDTHS):
                seats.add_widget(info_label(cell, width))
        self.info.add_widget(seats)
        self.info.add_widget(info_label(describe.available_line(state)))
        for area in describe.AREAS:
            self.info.add_widget(info_label(describe.area_line(state, area)))
        self.info.add_widget(info_label(describe.cards_line(state)))

    def _show_choices(self) -> None:
        self.choices.clear_widgets()
        controller = self.app.controller
        chooser = self.chooser
        at_top = chooser is not None and not chooser.path
        top = chooser.options() if chooser is not None else []
        for button, label in ((self.modify_button, MODIFY), (self.forfeit_button, FORFEIT)):
            shown = at_top and label in top
            button.opacity, button.disabled = (1, False) if shown else (0, True)
        self.back_button.opacity, self.back_button.disabled = (1, False) if chooser and chooser.path else (0, True)
        if chooser is not None:
            self.prompt.text = chooser.prompt(controller.state.phase)
            labels = [label for label in chooser.options() if not (at_top and label in (MODIFY, FORFEIT))]
            self._show_page(labels)
        elif controller.next_step() == ROLL:
            seat, types = controller.pending_roll()
            self.prompt.text = f"Roll {len(types)} {'die' if len(types) == 1 else 'dice'}, then enter them"
            self.choices.add_widget(self._choice_button("Enter the roll", self.enter_roll))
        elif controller.next_step() == AUTOMA:
            self.prompt.text = "An Automa is to move"
            self.choices.add_widget(self._choice_button("Show the Automa's turn", lambda: self.app.go("automa")))
        else:
            self.prompt.text = ""

    def _show_page(self, labels: List[str]) -> None:
        """As many choices as fit the row; a More button pages through the rest."""
        room = Window.width - 12  # the row spans the window, less the padding
        pages: List[List[str]] = [[]]
        used = 0.0
        for label in labels:
            width = choice_width(label) + CHOICE_GAP
            if pages[-1] and used + width > room - MORE_WIDTH:
                pages.append([])
                used = 0.0
            pages[-1].append(label)
            used += width
        if len(pages) == 2 and used + sum(choice_width(x) + CHOICE_GAP for x in pages[0]) <= room:
            pages = [pages[0] + pages[1]]  # all fit once the More button is not needed
        self.page %= len(pages)
        for label in pages[self.page]:
            self.choices.add_widget(self._choice_button(label, lambda lb=label: self.choose(lb)))
        self.choices.add_widget(Widget())
        if len(pages) > 1:
            self.choices.add_widget(touch_button(f"More {self.page + 1}/{len(pages)}", self.next_page,
                                                 size_hint=(None, None), width=MORE_WIDTH, height=60))

    def next_page(self) -> None:
        self.page += 1
        self._show_choices()

    def _choice_button(self, text: str, action) -> TouchButton:
        return touch_button(text, action, size_hint=(None, None), width=choice_width(text), height=60)

    def show_camera_line(self) -> None:
        """The camera's state under the preview, or the move it saw that waits for a tap."""
        feed = self.app.feed
        self.preview.opacity = 0 if feed is None else 1
        seen = self.app.table_seen
        if feed is not None and seen:
            self.camera_line.text = f"[color={theme.hex_of(theme.ACCENT)}]{theme.escape(seen)}[/color]"
        elif feed is None or feed.lost:
            by_hand = "enter the rolls and moves by hand" if self.app.controller.table_rolls \
                else "the app rolls; tap the moves"
            self.camera_line.text = f"Camera {'off' if feed is None else 'lost'}: {by_hand}"
        else:
            self.camera_line.text = theme.escape(feed.status())

    def update_preview(self, _dt: float = 0) -> None:
        """Copy the newest preview frame into the texture (main thread, a memory copy)."""
        feed = self.app.feed
        if feed is None:
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

    def play(self, action) -> None:
        outcome = self.app.controller.submit(action)
        if not outcome.ok:
            alert("Not allowed", outcome.reason + (f" (rule {outcome.rule})" if outcome.rule else ""))
            self.refresh()
            return
        self.app.show_next()

    def confirm(self) -> None:
        """The panel's Confirm: enter the roll when the table is to roll."""
        if self.app.controller.next_step() == ROLL:
            self.enter_roll()

    # -- rolls read at the table ------------------------------------------------------------

    def enter_roll(self) -> None:
        controller = self.app.controller
        seat, types = controller.pending_roll()
        colour = controller.state.seats[seat].colour
        known, unsure = self._from_camera(colour, types)
        self.roll_entry = RollEntry(f"{theme.seat_letter(colour)} {controller.seat_name(seat)}", types,
                                    lambda values: self._rolled(seat, values), known, unsure,
                                    on_cancel=self.refresh)
        self.roll_entry.start()

    def _from_camera(self, colour: str, types: List[str]):
        """Values the camera read for this seat's dice when the reading matches the dice rolled."""
        feed = self.app.feed
        if feed is None:
            return {}, {}
        readings = sorted((r for r in feed.readings() if r.colour == colour), key=lambda r: (r.die_type, r.value))
        if sorted(types) != [r.die_type for r in readings]:
            return {}, {}
        order = sorted(range(len(types)), key=lambda i: types[i])
        known, unsure = {}, {}
        for index, reading in zip(order, readings):
            if reading.confidence >= feed.threshold:
                known[index] = reading.value
            else:
                unsure[index] = (reading.value, reading.crop)
        return known, unsure

    def _rolled(self, seat: int, values) -> None:
        self.roll_entry = None
        self.play(self.app.controller.roll_action(seat, values))
