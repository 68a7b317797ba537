"""The hints that name a command name it as it can be called again: by its name where the shell finds it,
else by the path it was started by (``.venv/bin/automata-companion`` after ``make run``)."""
from __future__ import annotations

import os

from companion.invocation import PROGRAM, program


def installed(folder) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / PROGRAM
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    return str(script)


def test_started_from_the_venv_the_hint_names_the_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    installed(tmp_path / ".venv" / "bin")
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    assert program(".venv/bin/automata-companion") == ".venv/bin/automata-companion"


def test_where_the_shell_finds_it_the_hint_names_it(tmp_path, monkeypatch):
    started = installed(tmp_path / "venv" / "bin")
    monkeypatch.setenv("PATH", os.pathsep.join([str(tmp_path / "venv" / "bin"), "/usr/bin"]))
    assert program(started) == PROGRAM


def test_started_as_a_module_the_hint_names_the_command():
    assert program("/src/companion/cli/__main__.py") == PROGRAM
