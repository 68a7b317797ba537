"""``python -m companion.cli``: the same command as ``automata-companion``."""
import sys

from .main import main

sys.exit(main())
