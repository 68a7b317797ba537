import numpy as np

from vision.colour import body_colour, match_colour
from vision.readings import ColourProfile
from vision.synth import PLAYER_COLOURS_BGR


def test_named_colours_are_recognised_from_synthetic_die_colours():
    for name, bgr in PLAYER_COLOURS_BGR.items():
        frame = np.zeros((60, 60, 3), np.uint8)
        frame[:] = bgr
        frame[28:32, 28:32] = 255 - np.array(bgr)  # a pip
        colour, confidence = match_colour(body_colour(frame, (30, 30), 40), ColourProfile.named())
        assert colour == name, (name, colour)
        assert confidence > 0.3


def test_calibrated_profile_decides_between_similar_colours():
    profile = ColourProfile.from_bgr({"anna": [(30, 30, 170)], "ben": [(40, 90, 220)]})
    frame = np.zeros((40, 40, 3), np.uint8)
    frame[:] = (38, 85, 215)
    colour, _ = match_colour(body_colour(frame, (20, 20), 30), profile)
    assert colour == "ben"


def test_ambiguous_colour_has_low_confidence():
    profile = ColourProfile.from_bgr({"a": [(0, 0, 200)], "b": [(200, 0, 0)]})
    frame = np.zeros((40, 40, 3), np.uint8)
    frame[:] = (100, 0, 100)
    _, confidence = match_colour(body_colour(frame, (20, 20), 30), profile)
    assert confidence < 0.3
