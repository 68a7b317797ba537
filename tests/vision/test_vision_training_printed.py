"""Print written over training crops: lines of small text, at any turn, on the share of crops asked for."""
import numpy as np

from vision.training.printed import print_mask, print_over


def test_no_share_no_print_and_the_crops_given_are_never_changed():
    rng = np.random.default_rng(0)
    crops = np.full((20, 48, 48), 128, np.uint8)
    assert print_over(crops, rng, 0.0) is crops
    printed = print_over(crops, rng, 1.0)
    assert printed.shape == crops.shape and printed.dtype == np.uint8
    assert np.all(crops == 128)
    changed = [(p != 128).any() for p in printed]
    assert sum(changed) >= 15  # a line can fall wholly outside a crop, most do not


def test_about_the_share_asked_for_is_printed_over():
    rng = np.random.default_rng(1)
    crops = np.full((400, 32, 32), 128, np.uint8)
    share = np.mean([(p != 128).any() for p in print_over(crops, rng, 0.3)])
    assert 0.15 < share < 0.35


def test_the_print_is_small_beside_a_die_numeral():
    """The letters' strokes cover little of the crop: a die's numeral, several times taller, stays readable."""
    rng = np.random.default_rng(2)
    covered = [print_mask(48, rng, (0.04, 0.12))[0].mean() for _ in range(50)]
    assert max(covered) < 0.2 and np.mean(covered) > 0.005
