"""Whole games of Tokaido and Euphoria played headless through stdin, counting the inputs each
Automa turn takes (the design's targets: Tokaido ≤ 2 per Automa turn with a road model,
Euphoria ≤ 3 per card pair with an entered deck)."""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Optional

import pytest

from companion.cli import main
from tests.euphoria.decks import invented_deck_text
from tests.line_games.helpers import converse
from tests.tokaido.boards import INVENTED_ROAD_TEXT


def tokaido_game(tmp_path, seed: int) -> Counter:
    """Inputs given over a whole journey: ``automa`` those asked for in the Automas' turns, then
    your moves, the Meals and the end counts; ``automa turns`` the Automa lines printed."""
    road = tmp_path / "road.txt"
    road.write_text(INVENTED_ROAD_TEXT)
    rng, inputs = random.Random(seed), Counter()

    def answer(asked: str, lines: list[str]) -> Optional[str]:
        assert not any(line.startswith("refused") for line in lines), lines
        if "Automa card: card RANGE [temple|inn]" in asked:
            inputs["automa"] += 1
            return f"card {rng.randint(1, 3)}" + rng.choice(["", " temple", " inn"])
        if asked.startswith("your move"):
            inputs["go"] += 1
            return "go 1"
        if asked.startswith("the 4 Meal prices"):
            inputs["meals"] += 1
            return "meals " + " ".join(str(rng.randint(1, 3)) for _ in range(4)) + " took none"
        if asked.startswith("your end counts"):
            inputs["end"] += 1
            return "end 2 1 1 7 0"
        assert asked.startswith("nothing: the journey is over")
        return None if lines[-2].startswith("{") else "state"

    lines = converse(["--game", "tokaido", "--db", str(tmp_path / "g.db"), "--new", "--road", str(road),
                      "--order", "blue,green,purple", "--level", "5", "--seed", str(seed)], answer)
    inputs["automa turns"] = sum(1 for line in lines if line.startswith(("say Green: ", "say Purple: "))
                                 and " space, the " in line)
    assert sum(1 for line in lines if line.startswith("say Green: ") and line.endswith("points.")) == 1
    final = json.loads(lines[-2])["final"]["scores"]  # the state asked for at the end
    assert [line for line in lines if line.startswith("over ")] == [f"over green {final['green']}, purple "
                                                                    f"{final['purple']}"]
    return inputs


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_tokaido_journey_takes_one_input_per_automa_turn(tmp_path, seed):
    inputs = tokaido_game(tmp_path, seed)
    assert inputs["automa turns"] >= 8 and inputs["meals"] == 4 and inputs["end"] == 1
    assert inputs["automa"] / inputs["automa turns"] <= 2


def euphoria_game(tmp_path, seed: int, pairs: int) -> Counter:
    deck = tmp_path / "deck.txt"
    deck.write_text(invented_deck_text())
    rng, inputs = random.Random(seed), Counter()
    retrieved: list[int] = []

    def answer(asked: str, lines: list[str]) -> Optional[str]:
        assert not any(line.startswith("refused") for line in lines), lines
        counts = (int(line.split(" retrieves ")[1].split()[0]) for line in lines if " retrieves " in line)
        retrieved.extend(count for count in counts if count)  # retrieving none, she is asked nothing
        if asked.startswith("When the people have played"):
            if inputs["next"] == pairs:
                return None
            inputs["next"] += 1
            inputs["this pair"] = 1
            return "next"
        if asked.startswith("Roll each Automa's 4 workers"):
            inputs["setup"] += 1
            return "workers " + " ".join(str(rng.randint(1, 6)) for _ in range(8))
        inputs["answers"] += 1
        inputs["this pair"] += 1
        inputs["most in a pair"] = max(inputs["most in a pair"], inputs["this pair"])
        if asked.startswith("Construction sites"):
            return rng.choice(["sites none", "sites euphoria-top", "sites none"])
        if asked.startswith("Did her worker complete"):
            return "completes no"
        assert asked.startswith("Roll the ") and " retrieved: roll " in asked, asked
        return "roll " + " ".join(str(rng.randint(1, 6)) for _ in range(retrieved.pop(0)))

    converse(["--game", "euphoria", "--db", str(tmp_path / "g.db"), "--new", "--deck", str(deck),
              "--recruits", "icarus,subterra", "--bazaar", "--seed", str(seed)], answer)
    return inputs


@pytest.mark.parametrize("seed", [1, 2])
def test_euphoria_card_pairs_take_at_most_three_inputs_on_average_with_an_entered_deck(tmp_path, seed):
    inputs = euphoria_game(tmp_path, seed, pairs=40)
    per_pair = (inputs["next"] + inputs["answers"]) / inputs["next"]
    assert inputs["next"] == 40 and per_pair <= 3


def test_a_bad_road_or_deck_file_ends_the_command_with_one_line(tmp_path, capsys):
    road, deck = tmp_path / "road.txt", tmp_path / "deck.txt"
    road.write_text("shop castle inn\ninn\n")
    deck.write_text("S1 green commodity commodity own icarus\n")
    assert main(["session", "--game", "tokaido", "--db", str(tmp_path / "g.db"), "--new", "--road", str(road),
                 "--order", "blue,green,purple"]) == 2
    assert capsys.readouterr().err.strip() == f"error: {road}: line 1: 'castle' is not a space; write one of " \
        "shop, farm, paddy, mountain, sea, hot-spring, encounter, temple, inn"
    assert main(["session", "--game", "euphoria", "--db", str(tmp_path / "g.db"), "--new", "--deck", str(deck)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: {deck}: the intermediate level deals") and "\n" not in err


def test_resume_latest_carries_on_where_the_game_stopped(tmp_path):
    db = str(tmp_path / "g.db")
    first = converse(["--game", "euphoria", "--db", db, "--new", "--recruits", "icarus,subterra"],
                     lambda asked, lines: None if asked.startswith("Turn up") else "workers 1 2 3 4 5 6 1 2")
    states = []
    converse(["--game", "euphoria", "--db", db, "--resume", "latest"],
             lambda asked, lines: states.append(lines) or (None if len(states) > 1 else "state"))
    assert first[0] == states[0][0]  # the same game id
    assert json.loads(states[1][0])["automas"]["white"]["available"] == [1, 2, 5, 6]


def test_crossroads_and_matsuri_from_the_command_line_are_kept_over_a_resume(tmp_path):
    db = str(tmp_path / "g.db")
    events = iter(["green card 1 ahead paddy"])
    first = converse(["--game", "tokaido", "--db", db, "--new", "--automas", "green,purple", "--crossroads",
                      "--matsuri"], lambda asked, lines: next(events, None))
    assert first[1].startswith("say Crossroads: choose your Traveler.") and first[2].startswith("say Matsuri: ")
    assert "say Green: her colour token and 1 coin. +1, Crossroads +5 → 6." in first
    assert "say Green: 1st space, the Paddy. Give her a Paddy card. +1 → 7." in first
    states = []
    converse(["--game", "tokaido", "--db", db, "--resume", "latest"],
             lambda asked, lines: states.append(lines) or (None if len(states) > 1 else "state"))
    assert json.loads(states[1][0])["automas"]["green"]["score"] == 7  # a power cut keeps the 5 points
    assert json.loads(states[1][0])["automas"]["purple"]["score"] == 6
    assert not any(line.startswith("say ") for line in states[0])  # resumed: the setup is not said again
