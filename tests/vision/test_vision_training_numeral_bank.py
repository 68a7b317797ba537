"""The digit reader's rendered crops: labelled by which numeral stands upright, or none, or a face of pips."""
import numpy as np
import pytest

from vision.classifier import NUMERAL_CROP
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
