"""A worked round through ``session --game aoi``, computed by hand from the seed: the lines the table gives, what
she does, and her state as JSON."""
from __future__ import annotations

import io
import json

from companion.cli import build_parser
from companion.session.headless import run
from tests.aoi import FIXTURE

ROUND_1 = ["tile 3 law",
           "next card 4", "card 1", "adjacent 0",  # upgrade (→1 of her 2 workshops, both no power to you)
           "passed",
           "next card 6", "gap engineering",                  # a step where she is nearest yours, 2 points
           "next card 2", "hexes 5", "terrain 3", "nearest 3",  # build (→4 of 3: the 1st), X = 1
           "next card 3",                                     # the 5th of 6: turned, with the pass icon
           "state"]


def session(tmp_path, lines: list[str]) -> list[str]:
    args = build_parser().parse_args(["session", "--game", "aoi", "--db", str(tmp_path / "g.db"), "--new",
                                      "--level", "automa", "--cards", str(FIXTURE), "--table-draws", "--seed", "1"])
    out = io.StringIO()
    assert run(args, io.StringIO("\n".join(lines + ["quit"]) + "\n"), out) == 0
    return out.getvalue().splitlines()


def test_a_round_at_the_automa_level_through_the_headless_session(tmp_path):
    """[L325] the pair; [L462–465] workshop → guild, none next to yours so both stay; [L497] catch-up; [L427–430]
    the build's methods, a count each; [L288, L296] the count with its wrap; [L406] X
    (the fixture's level row: 1 in round 1); [L332] the turned pass; [L342–354] the pass steps."""
    out = session(tmp_path, ROUND_1)
    assert not [line for line in out if line.startswith("refused")]
    says = [line[4:] for line in out if line.startswith("say ")]
    assert "Her support card 4 (right), her action card 1 left of it." in says
    assert "She upgrades the 1st building of hers of the 2 left, from the top left." in says
    assert "Engineering: 1 up, no scholar, to 1." in says
    assert "She builds on the 1st empty hex of the 3 left, from the top left: her terrain tile on it if needed, " \
           "then a workshop." in says
    assert "A turned card with the pass icon: she passes." in says
    assert "Round 2: remove the last round's tile. You start. Her shipping value: 0." in says
    state = json.loads(next(line for line in out if line.startswith("{")))
    # 20 + 2 (card 1) + 2 (card 6) + 1 (X) + 3 (the tile)
    assert state["automa"]["score"] == 28 and state["round"] == 2 and state["waiting_for"] == "tile"
    assert state["automa"]["disciplines"] == {"banking": 0, "law": 1, "engineering": 1, "medicine": 1}
    # 9 workshops, 2 placed at setup; one upgraded back to the supply, one built
    assert state["automa"]["supply"]["workshop"] == 7 and state["automa"]["built"]["guild"] == 1
    assert state["cards"]["deck"] == 7 and state["cards"]["reserve"] == 7  # 6 + the reserve's top card


def test_every_answer_ends_with_what_is_asked_and_a_wrong_answer_is_refused_with_why(tmp_path):
    out = session(tmp_path, ["tile 3 law", "next", "card 4", "card 1", "adjacent 3", "adjacent 0"])
    assert out[-1].startswith("ask Round 1.")
    assert "refused adjacent N, N from 0 to 2" in out
    asks = [line for line in out if line.startswith("ask ")]
    assert asks[1].startswith("ask Round 1. Your turn; then hers: next card N (the card you draw for her), or when "
                              "you pass: passed")
    assert asks[3].startswith("ask Draw her next card")  # her action card, after the support card
    assert asks[4].startswith("ask She upgrades. Keep her workshops next to one of your buildings (none: all 2 "
                              "of her buildings she can upgrade). How many of her workshops are next to yours?")
