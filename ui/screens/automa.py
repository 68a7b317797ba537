"""Automa turn: the card pair as card faces, the one-line instruction, one big button to say it
is done (or the panel's Confirm). Layout in automa.kv."""
from __future__ import annotations

from kivy.properties import ObjectProperty, StringProperty

from .. import describe, kv
from .common import PlayScreen


class AutomaScreen(PlayScreen):
    decision = ObjectProperty(None, allownone=True)  # the Automa's move shown (companion.games.automata.automa.AutomaDecision)
    status_text = StringProperty("")
    seat_colour = StringProperty("")
    seat_name = StringProperty("")

    def refresh(self) -> None:
        controller = self.app.controller
        state = controller.state
        self.decision = controller.automa_decision()
        self.status_text = describe.status_line(state)
        seat = state.turn if self.decision is not None else None
        self.seat_colour = "" if seat is None else state.seats[seat].colour
        self.seat_name = "" if seat is None else controller.seat_name(seat)
        if self.decision is not None:  # said once for the move it is, however often the screen is redrawn
            self.app.voice.say_once(("automa", len(controller.history())), [self.decision.instruction])

    def acknowledge(self) -> None:
        self.played(self.app.controller.acknowledge_automa())


kv.load_beside(__file__)
