"""Automata as every registered game is seen (``companion.line_games.kinds.RegisteredGame``); it is played by
its engine session (``companion.session``), not by lines."""
from __future__ import annotations

import argparse
from typing import IO, TYPE_CHECKING, Any, Optional

from .rules import Game, score

if TYPE_CHECKING:
    from companion.line_games.kinds import Screens
    from companion.store import GameStore

    from .in_play import EngineGame


class Automata:
    name = "automata"
    title = "Automata"
    about = "Dice, cards and Automa seats; the camera reads the table."
    colour = (0.20, 0.55, 0.35, 1.0)  # its button's, on the New game screen

    @property
    def levels(self) -> tuple[str, ...]:
        from .automa.levels import all_levels

        return tuple(str(level.number) for level in all_levels())

    def set_up(self, screens: Screens) -> None:
        screens.set_up_seats()

    def open(self, screens: Screens, game_id: str) -> None:
        screens.open_engine_game(game_id)

    def serve(self, args: argparse.Namespace, stdin: IO[str], stdout: IO[str]) -> int:
        """Its engine session, with the camera following the table when ``--camera`` says so."""
        from companion.session.headless import serve_engine_game

        return serve_engine_game(args, stdin, stdout)

    def saved_line(self, header: dict[str, Any], meta: dict[str, Any]) -> str:
        """Where the game stands (its round), then its seats."""
        seats = ", ".join(meta.get("seats") or [s.get("name") or s["colour"].title() for s in header["seats"]])
        if "score" in meta:
            where = "finished"
        else:
            where = f"round {meta['round']}" if "round" in meta else "not started"
        return f"{where}\n{seats}"

    def replay(self, text: str) -> dict[str, Any]:
        """The final state, the score once the game is over, and how many actions were played."""
        game = Game.from_jsonl(text)
        state = game.state
        return {"state": state.to_json(), "over": state.is_over,
                "score": score(state).to_json() if state.is_over else None, "actions": len(game.actions)}

    def start(self, store: GameStore, args: argparse.Namespace) -> EngineGame:
        """A new game as ``session --new`` starts one: its seeded chance events ahead played."""
        from companion.session.headless import new_session, play_seeded

        from .in_play import EngineGame

        session = new_session(args, store)
        play_seeded(session)
        return EngineGame(session)

    def resume(self, store: GameStore, game_id: Optional[str]) -> EngineGame:
        from companion.session.table import TableSession

        from .in_play import EngineGame

        return EngineGame(TableSession.resume(store, game_id))


AUTOMATA = Automata()
