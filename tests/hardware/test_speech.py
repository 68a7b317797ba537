"""The speech adapter: espeak-ng's command on a thread of its own, the silent stand-in, and Settings' line."""
from __future__ import annotations

import stat
import time
import wave
from pathlib import Path

import pytest

from hardware import speech
from hardware.speech import EspeakSpeaker, SilentSpeaker, open_speaker, speakable, speech_engine, speech_line


def test_signs_a_speech_engine_misreads_are_put_into_words():
    assert speakable("Blue Automa: D6 showing 4 → Scavenge") == "Blue Automa: D6 showing 4 to Scavenge"
    assert speakable("Red Automa: D4 1 + D6 5 → Scavenge space (+2 gears)") == \
        "Red Automa: D4 1 and D6 5 to Scavenge space (plus 2 gears)"
    assert speakable("Create › Scavenge") == "Create, then Scavenge"


def test_speech_off_or_no_engine_is_the_silent_stand_in(monkeypatch):
    assert isinstance(open_speaker(False), SilentSpeaker)
    monkeypatch.setattr(speech.shutil, "which", lambda name: None)
    assert speech_engine() is None
    assert isinstance(open_speaker(True), SilentSpeaker)
    assert "no speech engine is installed" in speech_line(True) and "apt install espeak-ng" in speech_line(True)


def test_settings_line_says_on_or_off_where_an_engine_is_installed(monkeypatch):
    monkeypatch.setattr(speech.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert speech_line(True) == "Speaking the Automa's moves: on (espeak-ng)."
    assert speech_line(False) == "Speaking the Automa's moves: off (espeak-ng)."


def test_each_line_is_handed_to_the_command_in_order(tmp_path):
    """A stand-in command that writes down what it was asked to say, as espeak-ng is called."""
    heard = tmp_path / "heard.txt"
    command = tmp_path / "fake-espeak"
    command.write_text(f'#!/bin/sh\n[ "$1" = "--" ] && printf "%s\\n" "$2" >> {heard}\n')
    command.chmod(command.stat().st_mode | stat.S_IEXEC)
    speaker = EspeakSpeaker(str(command))
    speaker.say("Blue Automa: D6 showing 4 → Scavenge")
    speaker.say("   ")  # nothing to say: not handed over
    speaker.say("Green: 3 → Inn")
    speaker.close()
    speaker._thread.join(timeout=10)
    assert heard.read_text().splitlines() == ["Blue Automa: D6 showing 4 to Scavenge", "Green: 3 to Inn"]


@pytest.mark.skipif(speech_engine() is None, reason="no speech engine (espeak-ng) is installed here")
def test_the_installed_engine_speaks_into_a_sound_file(tmp_path):
    path = tmp_path / "move.wav"
    started = time.monotonic()
    speech.write_sound(str(speech_engine()), "Blue Automa: D6 showing 4 → Scavenge", path)
    with wave.open(str(path)) as sound:
        assert sound.getnframes() / sound.getframerate() > 0.5  # words, not a click
    assert time.monotonic() - started < 30
    assert Path(path).stat().st_size > 1000
