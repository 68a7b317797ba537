"""Automa turn: the card pair as card faces, the one-line instruction, one big button to say it
is done (or the panel's Confirm)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from .. import describe, theme
from ..dialogs import alert
from ..widgets import CardFace, Panel, SeatBadge, touch_button

if TYPE_CHECKING:
    from ..app import CompanionApp


class AutomaScreen(Screen):
    def __init__(self, app: "CompanionApp", **kwargs) -> None:
        super().__init__(name="automa", **kwargs)
        self.app = app
        self.decision = None
        body = BoxLayout(orientation="vertical")
        bar = Panel(orientation="horizontal", size_hint_y=None, height=theme.BAR, spacing=6, padding=(6, 4, 0, 4))
        self.badge = SeatBadge(size_hint_x=None, width=300)
        self.status = Label(text="", font_size=theme.FONT, color=theme.TEXT, halign="left", valign="middle",
                            shorten=True)
        self.status.bind(size=lambda w, s: setattr(w, "text_size", s))
        bar.add_widget(self.badge)
        bar.add_widget(self.status)
        bar.add_widget(touch_button("Undo", app.undo, size_hint=(None, None), width=86, height=theme.BAR))
        bar.add_widget(touch_button("Table", lambda: app.go("table"), size_hint=(None, None), width=86,
                                    height=theme.BAR))
        body.add_widget(bar)
        content = BoxLayout(orientation="vertical", padding=(10, 6), spacing=8)
        self.instruction = Label(text="", font_size=theme.FONT_LARGE, color=theme.ACCENT, font_name=theme.SYMBOL_FONT,
                                 halign="center", valign="middle", size_hint_y=None, height=70)
        self.instruction.bind(size=lambda w, s: setattr(w, "text_size", s))
        content.add_widget(self.instruction)
        self.cards = BoxLayout(orientation="horizontal", spacing=14)
        content.add_widget(self.cards)
        self.done = touch_button("Done", self.acknowledge, big=True)
        content.add_widget(self.done)
        body.add_widget(content)
        self.add_widget(body)

    def on_pre_enter(self, *args) -> None:
        self.refresh()

    def refresh(self) -> None:
        controller = self.app.controller
        self.decision = controller.automa_decision()
        state = controller.state
        self.status.text = describe.status_line(state)
        self.cards.clear_widgets()
        if self.decision is None:
            self.badge.show("", "")
            self.instruction.text = "No Automa is to move."
            return
        seat = state.turn
        self.badge.show(state.seats[seat].colour, controller.seat_name(seat), " (Automa)")
        self.instruction.text = self.decision.instruction
        pair = self.decision.card_pair
        self.cards.add_widget(CardFace("Action", pair["action"]))
        self.cards.add_widget(CardFace("Support", pair["support"]))
        self.done.text = "Done: next"

    def acknowledge(self) -> None:
        outcome = self.app.controller.acknowledge_automa()
        if not outcome.ok:
            alert("Not played", outcome.reason)
            return
        self.app.show_next()
