"""The command line, at the top of the layers: ``automata-companion`` (``main``) and its subcommands, a module
for each group (``engine``, ``automa``, ``vision``, ``hardware``, ``ui``, ``calibration``)."""
from .main import build_parser, main

__all__ = ["build_parser", "main"]
