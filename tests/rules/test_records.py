"""Game records: round trip, golden games, the replay command, and refusals in it."""
import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.automata.rules import Game, RecordError, default_ruleset, score
from companion.games.automata.rules.reference import render

GOLDEN = Path(__file__).with_name("golden")
DOCS = Path(__file__).parents[2] / "docs"


@pytest.mark.parametrize("name", ["two_seats", "three_seats", "four_seats"])
def test_golden_game_scores(name):
    expected = json.loads((GOLDEN / "scores.json").read_text())[name]
    game = Game.from_jsonl((GOLDEN / f"{name}.jsonl").read_text())
    assert game.state.is_over and game.state.round == 5
    assert {s.colour: s.total for s in score(game.state).seats} == expected


def test_record_round_trip_is_identical():
    text = (GOLDEN / "three_seats.jsonl").read_text()
    game = Game.from_jsonl(text)
    assert game.to_jsonl() == text
    assert Game.from_jsonl(game.to_jsonl()).state == game.state


def test_replay_command_prints_final_state_and_score(tmp_path, capsys):
    assert main(["replay", str(GOLDEN / "two_seats.jsonl")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["over"] is True
    assert {s["colour"]: s["total"] for s in out["score"]["seats"]} == json.loads((GOLDEN / "scores.json").read_text())["two_seats"]


def test_replay_command_stops_at_the_first_illegal_line(tmp_path, capsys):
    lines = (GOLDEN / "two_seats.jsonl").read_text().splitlines()[:6]
    lines.append(json.dumps({"type": "action", "action": "red scavenge d4:1"}))
    lines.append(json.dumps({"type": "action", "action": "nonsense"}))
    record = tmp_path / "bad.jsonl"
    record.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(record)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"replay: {record} line 7: red scavenge d4:1: ")
    assert err.rstrip().endswith("not red's [Rulebook: Turn order]")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("text,line", [
    ("", 1),
    ("not json\n", 1),
    ('{"type": "action", "action": "order red blue"}\n', 1),
    ('{"type": "header", "seats": [{"colour": "red"}, {"colour": "blue"}]}\n{"n": 1}\n', 2),
    ('{"type": "header", "seats": [{"colour": "red"}]}\n', 1),
])
def test_bad_records_name_the_line(text, line):
    with pytest.raises(RecordError) as error:
        Game.from_jsonl(text)
    assert error.value.line == line


def test_rules_doc_matches_the_rules_data():
    assert (DOCS / "rules.md").read_text() == render(default_ruleset())


def test_simulate_command_reports_json(capsys):
    assert main(["simulate", "--seats", "3", "--games", "5", "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 5 and out["illegal_moves"] == 0
    assert set(out["mean_scores"]) == {"red", "blue", "green"}
    assert out["games_per_second"] > 0 and out["mean_actions_per_game"] > 50
