"""The record ``export`` writes of a game of Tokaido or Euphoria replays as Automata's does."""
from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.games.euphoria import Setup as EuphoriaSetup
from companion.line_games.session import GameSession
from companion.store import GameStore
from tests.line_games.test_store_kinds import ROAD_SETUP

EUPHORIA_SETUP = EuphoriaSetup(recruits=("icarus", "subterra"))
GAMES = {  # kind: (setup, the events played, the score once they are played)
    "tokaido": (ROAD_SETUP, ["go 2", "card 1", "card 3 temple"], None),
    "euphoria": (EUPHORIA_SETUP, ["workers 3 5 1 6 2 2 4 5", "allegiance white", "allegiance white", "won 1"],
                 {"points": {"black": 0, "white": 2}, "winners": ["person 1"]}),
}


def exported(tmp_path, kind: str) -> tuple:
    """A game of ``kind`` played and exported: the record's path and the game's state."""
    setup, events, _ = GAMES[kind]
    db, record = tmp_path / "g.db", tmp_path / f"{kind}.jsonl"
    with GameStore(db) as store:
        session = GameSession.new(store, kind, setup)
        for event in events:
            assert session.submit(event).ok
        state = session.game.to_json()
    assert main(["export", "--db", str(db), "latest", str(record)]) == 0
    return record, state


@pytest.mark.parametrize("kind", GAMES)
def test_replay_of_an_exported_record_gives_the_games_state_and_score(tmp_path, capsys, kind):
    record, state = exported(tmp_path, kind)
    capsys.readouterr()
    assert main(["replay", str(record)]) == 0
    replayed = json.loads(capsys.readouterr().out)
    _, events, final = GAMES[kind]
    assert replayed == {"game": kind, "state": state, "over": final is not None, "actions": len(events),
                        "score": final}


@pytest.mark.parametrize("kind", GAMES)
def test_a_line_the_game_refuses_is_named_with_the_game_reason(tmp_path, capsys, kind):
    record, _ = exported(tmp_path, kind)
    lines = record.read_text().splitlines()
    lines[2] = json.dumps({"type": "action", "n": 2, "action": "card 9"})
    record.write_text("\n".join(lines) + "\n")
    capsys.readouterr()
    assert main(["replay", str(record)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"replay: {record} line 3: card 9: ") and "R3" not in err
