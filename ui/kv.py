"""The Kivy language files: companion.kv's styles and each screen's layout, each loaded once.

The styles come first: a rule loaded later wins, so a screen's rules refine the styles they build on.
"""
from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder

STYLE = Path(__file__).with_name("companion.kv")


def load(path: Path) -> None:
    if str(path) not in Builder.files:
        Builder.load_file(str(path))


def load_style() -> None:
    load(STYLE)


def load_beside(module_file: str) -> None:
    """The .kv file named as the module ``module_file`` (a screen's layout beside its code), after the styles."""
    load_style()
    load(Path(module_file).with_suffix(".kv"))
