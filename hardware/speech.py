"""The Automa's moves spoken aloud: a small adapter over espeak-ng's command, and a silent stand-in where no
speech engine is installed (or speech is off). Nothing here reaches the network.

The app and the headless session speak the very lines they show; ``speakable`` only rewrites the signs a
speech engine would read badly (``→`` as "rightwards arrow").
"""
from __future__ import annotations

import queue
import re
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Optional, Protocol

ENGINES = ("espeak-ng", "espeak")  # the commands tried, in order; the second is espeak-ng's older name
INSTALL_HINT = "sudo apt install espeak-ng"
SIGNS = {"→": " to ", "›": ", then ", "·": ", "}
PLUS = (re.compile(r"\s\+\s"), " and "), (re.compile(r"\+(?=\d)"), "plus ")  # "D4 1 + D6 5", "+2 gears"


class Speaker(Protocol):
    def say(self, text: str) -> None:
        """Speak ``text``, without waiting for it to be spoken."""

    def close(self) -> None:
        """Stop speaking; nothing is said after this."""


def speech_engine() -> Optional[str]:
    """The path of the speech engine's command, or None where none is installed."""
    for name in ENGINES:
        path = shutil.which(name)
        if path:
            return path
    return None


def speakable(text: str) -> str:
    """``text`` with the signs a speech engine misreads put into words, and runs of spaces made one."""
    for sign, words in SIGNS.items():
        text = text.replace(sign, words)
    for pattern, words in PLUS:
        text = pattern.sub(words, text)
    return " ".join(text.split()).replace(" ,", ",")


class SilentSpeaker:
    """Says nothing: speech is off, or there is no engine."""

    def say(self, text: str) -> None:
        pass

    def close(self) -> None:
        pass


class EspeakSpeaker:
    """Speaks through the espeak-ng command, one line after another on a thread of its own, so that the screen
    and the session never wait for a voice."""

    def __init__(self, command: str):
        self.command = command
        self._lines: "queue.SimpleQueue[Optional[str]]" = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._speak_lines, name="speech", daemon=True)
        self._thread.start()

    def say(self, text: str) -> None:
        words = speakable(text)
        if words:
            self._lines.put(words)

    def close(self) -> None:
        self._lines.put(None)

    def _speak_lines(self) -> None:
        while (words := self._lines.get()) is not None:
            subprocess.run([self.command, "--", words], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           check=False)


def write_sound(command: str, text: str, path: Path) -> None:
    """Speak ``text`` into the WAV file ``path`` rather than aloud (as a test checks the engine works)."""
    subprocess.run([command, "-w", str(path), "--", speakable(text)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def open_speaker(enabled: bool) -> Speaker:
    """The speaker of the app or a session: espeak-ng when ``enabled`` and installed, else the silent one."""
    command = speech_engine() if enabled else None
    return EspeakSpeaker(command) if command else SilentSpeaker()


def speech_line(enabled: bool) -> str:
    """Settings' line on speech: on or off, and whether a speech engine is installed at all."""
    command = speech_engine()
    if command is None:
        return f"Speaking the Automa's moves: no speech engine is installed ({INSTALL_HINT})."
    return f"Speaking the Automa's moves: {'on' if enabled else 'off'} ({Path(command).name})."
