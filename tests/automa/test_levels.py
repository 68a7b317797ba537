import json
import re
from pathlib import Path

import pytest

from companion.games.automata.automa import all_levels, default_deck, get_level
from companion.cli import main


def test_at_least_five_named_levels_numbered_from_one():
    levels = all_levels()
    assert len(levels) >= 5
    assert [lv.number for lv in levels] == list(range(1, len(levels) + 1))
    assert len({lv.name for lv in levels}) == len(levels)
    assert all(0 < len(lv.line) <= 80 for lv in levels)


def test_level_by_number_or_name():
    assert get_level(1).number == 1
    last = all_levels()[-1]
    assert get_level(last.name.upper()) == last
    assert get_level(str(last.number)) == last
    with pytest.raises(ValueError, match="unknown Automa level"):
        get_level("impossible")


def test_level_decks_come_from_the_piles_and_follow_the_seed():
    deck = default_deck()
    for level in all_levels():
        start, add_ins = level.build_decks(deck, seed=3)
        assert (start, add_ins) == level.build_decks(deck, seed=3)
        assert len(start) == sum(level.start.values())
        for pile, n in level.start.items():
            assert sum(1 for c in start if deck.cards[c].pile == pile) == n
        everything = start + [c for a in add_ins for c in a]
        assert len(everything) == len(set(everything))


def test_automa_levels_command_lists_them_as_json(capsys):
    assert main(["automa-levels", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [row["name"] for row in listed] == [lv.name for lv in all_levels()]
    assert all({"number", "name", "line", "start", "add_ins", "handicap"} <= set(row) for row in listed)


def test_each_levels_measured_figures_are_those_of_the_documented_run():
    """Setup shows a level's measured strength from the deck file; docs/automa.md keeps the run."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "automa.md").read_text(encoding="utf-8")
    documented = {int(n): (float(mean), float(rate) / 100)
                  for n, mean, rate in re.findall(r"^\| (\d) \w+ \| ([\d.]+) ± [\d.]+, ([\d.]+)% \(", docs, re.M)}
    assert sorted(documented) == [level.number for level in all_levels()]
    for level in all_levels():
        assert (level.mean_score, level.win_rate) == pytest.approx(documented[level.number]), level.name
