"""The app's voice: the Automas' moves spoken as their screen shows them, when speech is on (``--speak``, the
settings file's ``[ui] speak``, or Settings for this run). No Kivy here.

A screen redraws itself often, so each thing shown is said once: ``say_once`` speaks lines only when what they
belong to (a key the screen gives) changed since it last spoke.
"""
from __future__ import annotations

from typing import Callable, Hashable, Optional, Sequence

from hardware.speech import Speaker, open_speaker, speech_engine, speech_line


class Voice:
    def __init__(self, speaking: bool, opener: Callable[[bool], Speaker] = open_speaker) -> None:
        self.speaking = speaking
        self._opener = opener
        self._speaker: Optional[Speaker] = opener(True) if speaking else None  # opened when first needed
        self._last: Optional[Hashable] = None

    @property
    def installed(self) -> bool:
        """Whether there is a speech engine to turn on."""
        return speech_engine() is not None

    def toggle(self) -> None:
        self.speaking = not self.speaking

    def say_once(self, key: Hashable, lines: Sequence[str]) -> None:
        """Speak ``lines`` unless the lines of ``key`` were the last spoken (or speech is off)."""
        if key == self._last:
            return
        self._last = key
        if not self.speaking:
            return
        if self._speaker is None:
            self._speaker = self._opener(True)
        for line in lines:
            self._speaker.say(line)

    def settings_line(self) -> str:
        return speech_line(self.speaking)

    def close(self) -> None:
        if self._speaker is not None:
            self._speaker.close()
