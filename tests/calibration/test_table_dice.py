"""The table's dice examples saved beside the calibration profile."""
import numpy as np

from calibration.table_dice import load_table_dice, save_table_dice, start_new, table_dice_path
from vision.examples import DieExample, TableDice


def _dice(*values: int) -> TableDice:
    crop = np.full((64, 64), 128, np.uint8)
    return TableDice(DieExample("d8", v, "blue", crop, crop) for v in values)


def test_examples_survive_a_restart_beside_their_profile(tmp_path):
    profile = tmp_path / "calibration.json"
    assert table_dice_path(profile) == tmp_path / "calibration.dice.npz"
    assert load_table_dice(profile)[0].examples == [] and load_table_dice(profile)[1] is None
    save_table_dice(profile, _dice(3, 7))
    dice, message = load_table_dice(profile)
    assert message is None and [e.value for e in dice.examples] == [3, 7]
    assert dice.types == ("d4", "d6", "d8")  # an Automata table's, though the examples show D8s only
    assert not list(tmp_path.glob("*.tmp"))


def test_damaged_examples_give_one_line_and_the_plain_reader(tmp_path):
    profile = tmp_path / "calibration.json"
    table_dice_path(profile).write_bytes(b"not a zip file at all")
    dice, message = load_table_dice(profile)
    assert dice.examples == []
    assert "calibration.dice.npz" in message and "read without the table's examples" in message
    assert "\n" not in message


def test_a_new_calibration_starts_a_new_set_unless_the_old_is_kept(tmp_path):
    profile = tmp_path / "calibration.json"
    save_table_dice(profile, _dice(1, 2))
    assert [e.value for e in start_new(profile, keep_old=True).examples] == [1, 2]
    assert start_new(profile, keep_old=False).examples == []
    assert load_table_dice(profile)[0].examples == []
