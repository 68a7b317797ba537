"""``automata-companion stats --db PATH --json`` reports this table's reader record under ``reader``."""
from __future__ import annotations

import json

from companion.cli import build_parser
from companion.cli.stats import show_stats
from companion.session.reader_trust import ReadDie, load_record, save_record
from companion.store import GameStore
from vision.readings import CONFIDENCE_THRESHOLD


def test_stats_reports_each_die_types_record(tmp_path):
    db, profile = tmp_path / "games.db", tmp_path / "calibration.json"
    GameStore(db).close()
    record = load_record(profile, CONFIDENCE_THRESHOLD)
    record.add([ReadDie("d6", 4, 0.99, 2)] + [ReadDie("d6", 3, 0.99, 3)] * 412)
    save_record(profile, record)
    said: list[str] = []
    args = build_parser().parse_args(["stats", "--db", str(db), "--profile", str(profile), "--json"])
    assert show_stats(args, said.append) == 0
    reader = json.loads(said[0])["reader"]
    assert (reader["dice"], reader["wrong"]) == (413, 1)
    assert reader["types"]["d6"]["since_error"] == 412 and reader["types"]["d6"]["plays_by_itself"]
    assert reader["types"]["d6"]["line"] == \
        "D6: 412 sure readings since the last error, lower bound 99.1%: plays by itself"
    assert reader["types"]["d8"] == {"since_error": 0, "lower_bound": 0.0, "plays_by_itself": False,
                                     "line": "D8: 0 sure readings since the last error, lower bound 0.0%: "
                                             "each roll is confirmed"}


def test_stats_refuses_a_database_that_is_not_there(tmp_path):
    args = build_parser().parse_args(["stats", "--db", str(tmp_path / "none.db"), "--json"])
    assert show_stats(args, print) == 2
