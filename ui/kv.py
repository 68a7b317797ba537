"""The Kivy language files: companion.kv's styles and each screen's layout, each loaded once."""
from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder


def load(path: Path) -> None:
    if str(path) not in Builder.files:
        Builder.load_file(str(path))


def load_beside(module_file: str) -> None:
    """The .kv file named as the module ``module_file`` (a screen's layout beside its code)."""
    load(Path(module_file).with_suffix(".kv"))
