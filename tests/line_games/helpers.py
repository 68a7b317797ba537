"""Play ``automata-companion session --game ...`` in this process, answering each ``ask`` line."""
from __future__ import annotations

import io
from typing import Callable, Iterator, Optional

from companion.cli import build_parser
from companion.session.headless import run


def converse(argv: list[str], answer: Callable[[str, list[str]], Optional[str]]) -> list[str]:
    """``answer`` gets the last ``ask`` line's question and the lines printed since it last spoke,
    and returns the next input line, or None to quit. Returns every line printed."""
    out = io.StringIO()
    seen = 0

    def stdin() -> Iterator[str]:
        nonlocal seen
        while True:
            lines = out.getvalue().splitlines()
            new, seen = lines[seen:], len(lines)
            asks = [line for line in new if line.startswith("ask ")]
            assert asks, new  # every answer ends with what the session waits for
            line = answer(asks[-1][4:], new)
            if line is None:
                break
            yield line + "\n"
        yield "quit\n"

    assert run(build_parser().parse_args(["session", *argv]), stdin(), out) == 0
    return out.getvalue().splitlines()
