"""The numeral reader's training: rendered crops labelled by which numeral stands upright, and real dice taught
by their surest turn."""
import numpy as np
import pytest

from vision.classifier import FACE_NUMERALS, FACE_TURNS, NUMERAL_CROP, UPRIGHT_SLICES
from vision.readings import DIE_TYPES, FACES


def test_rendered_crops_carry_the_upright_value_none_upright_or_the_face_kind():
    pytest.importorskip("PIL", reason="the renderer needs the train extra (Pillow)")
    from vision.training import dice3d
    from vision.training.numeral_bank import TURNED_CROPS, UNKNOWN, UPRIGHT_CROPS, render_chunk

    if not dice3d.font_files():
        pytest.skip("no system fonts with digits (Debian's font packages, docs/vision.md)")
    crops = render_chunk(0, 5, [], dice=12)
    assert crops.crops.shape[1:] == (NUMERAL_CROP, NUMERAL_CROP)
    for k, die_type in enumerate(DIE_TYPES):
        values = crops.values[crops.types == k]
        assert values.max() <= FACES[die_type] and values.min() >= UNKNOWN
    numeral_dice = crops.values >= 0
    # Each die with numerals gives its upright crops, then one with none upright.
    assert (crops.values[numeral_dice] == 0).sum() * UPRIGHT_CROPS == (crops.values[numeral_dice] > 0).sum() * TURNED_CROPS
    assert set(crops.pips[crops.types == DIE_TYPES.index("d6")]) <= {0, 1}
    assert set(crops.pips[crops.types != DIE_TYPES.index("d6")]) == {UNKNOWN}
    assert np.all(crops.values[crops.pips == 1] == UNKNOWN)  # pips teach the face kind, not a numeral


def test_a_real_die_is_taught_its_value_at_its_surest_turn_only():
    """Multiple-instance learning: the loss of a real die falls as its surest turn reads its value, and does
    not change when another turn reads something else."""
    torch = pytest.importorskip("torch", reason="training needs the train extra")
    from vision.training.numerals import turned_die_loss

    turns = len(FACE_TURNS)
    types = np.full(turns, DIE_TYPES.index("d8"))
    values = np.full(turns, 5)
    d8 = UPRIGHT_SLICES["d8"]

    def loss(upright_turn_logit: float, other_turn_logit: float) -> float:
        logits = torch.zeros(turns, FACE_NUMERALS)
        logits[:, d8.start] = 2.0  # every turn: "none upright"
        logits[3, d8.start + 5] = upright_turn_logit
        logits[7, d8.start + 2] = other_turn_logit
        return float(turned_die_loss(logits, types, values))

    assert loss(4.0, 0.0) < loss(1.0, 0.0) < loss(-1.0, 0.0)
    assert loss(4.0, 0.0) == pytest.approx(loss(4.0, 6.0))


def test_the_flat_renders_dice_are_cut_at_every_turn_with_their_value():
    """The demo camera's dice (``vision.synth``) are taught as real dice are: each cut at all of ``FACE_TURNS``,
    one die after another, its value known and a D6 with pips known only as pips."""
    from vision.training.numeral_bank import UNKNOWN, synth_dice

    crops = synth_dice(3, seed=2)
    turns = len(FACE_TURNS)
    assert len(crops.crops) % turns == 0 and crops.crops.shape[1:] == (NUMERAL_CROP, NUMERAL_CROP)
    for field in (crops.types, crops.values, crops.pips):
        assert np.all(field.reshape(-1, turns) == field.reshape(-1, turns)[:, :1])
    d6 = crops.types == DIE_TYPES.index("d6")
    assert np.all(crops.values[d6 & (crops.pips == 1)] == UNKNOWN)
    assert np.all(crops.values[~d6] >= 1)
    # A die's turns differ: each crop is turned 30 degrees from the last.
    first = crops.crops[:turns].astype(np.float32)
    assert min(float(np.abs(first[k] - first[k + 1]).mean()) for k in range(turns - 1)) > 1.0
