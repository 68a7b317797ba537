"""What the two headless sessions share, Automata's (``companion.session.headless``) and the other games'
(``companion.line_games.headless``): how a line is read and refused before a game reads it, how the end of
a game is said, and which saved game ``--resume`` finds.
"""
from __future__ import annotations

from pathlib import Path
from typing import IO, Callable, Iterable, Iterator, Mapping, Optional, Sequence

from ..store import GameStore, StoreError, game_kind

LONGEST_LINE = 300  # characters: far more than any action or command of any game
SHOWN_OF_A_LONG_LINE = 40
OVER_PREFIX = "over "
REOPENED = "reopened: the undo took back the end of the game, which goes on"
END_NEWS = (OVER_PREFIX, REOPENED)  # lines that are news of the game, not the answer to a line
INTERRUPTED = 130  # the exit status of a session ended by Ctrl-C, as a shell gives it

FinalScore = tuple[Mapping[str, int], Sequence[str]]  # each seat's points by colour, and the winners


def lines_of(stdin: Iterable[str]) -> Iterator[str]:
    """The lines of ``stdin``, stripped; an empty one too, since a driver waits for an answer to each line."""
    return (raw.strip() for raw in stdin)


def speaker(stdout: IO[str]) -> Callable[[str], None]:
    """Say a line on ``stdout`` at once: a driver waits for it before it sends the next."""
    def say(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    return say


def line_refusal(line: str) -> Optional[str]:
    """Why ``line`` is refused before any game reads it (empty, or too long to be anything: it is not echoed
    whole), or None."""
    if not line:
        return "An empty line: send an action or a command (quit ends the session)"
    if len(line) > LONGEST_LINE:
        return (f"A line of {len(line)} characters, longer than any action or command: "
                f"'{line[:SHOWN_OF_A_LONG_LINE]}...'")
    return None


def over_line(final: FinalScore) -> str:
    """The line that says a game is over, the same for every game: each seat's points, then who won (nothing
    where the game does not know everyone's points, as some games' Automas do not know yours)."""
    points, winners = final
    said = OVER_PREFIX + ", ".join(f"{colour} {total}" for colour, total in points.items())
    if len(winners) == 1:
        return f"{said}: {winners[0]} wins"
    if winners:
        return f"{said}: {' and '.join(winners)} share the win"
    return said


class EndOfGame:
    """Says a game's end once, when it comes, and says so again when an undo takes the end back."""

    def __init__(self) -> None:
        self.said = False

    def lines(self, final: Optional[FinalScore]) -> list[str]:
        """What to say now that the game is over with the ``final`` score, or not over (None)."""
        over = final is not None
        if over == self.said:
            return []
        self.said = over
        return [over_line(final)] if final is not None else [REOPENED]


def export_record(store: GameStore, game_id: str, path: str) -> str:
    """Write the record of the game (``replay`` reads it) to ``path``: "" once written, else why not."""
    from ..user_files import UnusableFile, write_text

    if not path:
        return "Name the file: export PATH"
    try:
        write_text(Path(path), store.export_jsonl(game_id), "game record")
    except (UnusableFile, StoreError) as exc:
        return str(exc)
    return ""


def resume_option(kind: str) -> str:
    """How a game of ``kind`` is resumed headless."""
    return f"with --game {kind}"


def game_to_resume(store: GameStore, kind: str, game_id: Optional[str]) -> str:
    """The id of the game of ``kind`` that ``--resume`` names (its latest for None); one of another kind,
    or none at all, is refused with the reason and, where another kind is saved, how to resume that."""
    title = kind.title()
    if game_id is None:
        game_id = store.latest_game_id(kind)
        if game_id is None:
            latest = store.latest_game_id()
            if latest is None:
                raise StoreError("There is no saved game to resume")
            other = game_kind(store.header(latest))
            raise StoreError(f"There is no saved game of {title} to resume; the latest game is of "
                             f"{other.title()}: resume it {resume_option(other)}")
    found = game_kind(store.header(game_id))
    if found != kind:
        raise StoreError(f"Game {game_id} is a game of {found.title()}, not {title}: resume it {resume_option(found)}")
    return game_id
