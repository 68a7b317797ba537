"""Print over training crops: lines of small text, as a board's or a card's print beside a die, or a caption
written across a photo, lie over and around real dice.

A reader that never saw print takes its strokes for a die's edges or numerals: a D6 under a caption reads as
a D8. ``print_over`` writes a few lines of letters and digits, in one of OpenCV's stroke fonts, at any turn,
white with a dark outline, plain white or plain dark, over a share of the crops. The lines stay small beside
a die's own numerals (``height`` is a fraction of the crop's side), so the label of a crop stays true.
"""
from __future__ import annotations

import cv2
import numpy as np

FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_PLAIN, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
         cv2.FONT_HERSHEY_TRIPLEX)
CHARACTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:._-"
SCALE = 4  # print is written this many times larger, then shrunk onto the crop
CAP = 22.0  # a stroke font's cap height in pixels at scale 1


def print_mask(side: int, rng: np.random.Generator, height: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
    """(ink, outline) masks, ``side`` pixels, in [0, 1]: one to four lines of text, cap height ``height``
    (a fraction of ``side``), at a random turn and place."""
    big = side * SCALE
    ink = np.zeros((big, big), np.uint8)
    outline = np.zeros((big, big), np.uint8)
    cap = big * rng.uniform(*height)
    font = FONTS[int(rng.integers(len(FONTS)))]
    scale = cap / CAP
    stroke = max(1, int(round(cap * rng.uniform(0.08, 0.16))))
    border = stroke + max(1, int(round(cap * 0.12)))
    spacing = cap * rng.uniform(1.6, 3.0)
    top = rng.uniform(-0.2, 0.9) * big
    left = rng.uniform(-0.3, 0.5) * big
    for line in range(int(rng.integers(1, 5))):
        text = "".join(rng.choice(list(CHARACTERS), int(rng.integers(3, 15))))
        origin = (int(left + rng.normal(0, cap * 0.3)), int(top + line * spacing))
        cv2.putText(outline, text, origin, font, scale, 255, border, cv2.LINE_AA)
        cv2.putText(ink, text, origin, font, scale, 255, stroke, cv2.LINE_AA)
    turn = cv2.getRotationMatrix2D((big / 2, big / 2), float(rng.uniform(0, 360)), 1.0)
    shrink = [cv2.resize(cv2.warpAffine(m, turn, (big, big)), (side, side), interpolation=cv2.INTER_AREA)
              for m in (ink, outline)]
    return shrink[0].astype(np.float32) / 255.0, shrink[1].astype(np.float32) / 255.0


def print_over(crops: np.ndarray, rng: np.random.Generator, share: float,
               height: tuple[float, float] = (0.04, 0.12)) -> np.ndarray:
    """``crops`` (uint8, N×side×side) with print written over ``share`` of them; the others unchanged."""
    if share <= 0:
        return crops
    out = crops.copy()
    side = crops.shape[1]
    for i in np.flatnonzero(rng.random(len(crops)) < share):
        ink, outline = print_mask(side, rng, height)
        image = out[i].astype(np.float32)
        style = rng.random()
        if style < 0.5:  # white letters edged in black, as a caption
            image = image * (1 - outline) + rng.uniform(0, 40) * outline
            image = image * (1 - ink) + rng.uniform(215, 255) * ink
        else:  # plain print, light or dark
            level = rng.uniform(200, 255) if style < 0.7 else rng.uniform(0, 60)
            image = image * (1 - ink) + level * ink
        out[i] = np.clip(image, 0, 255).astype(np.uint8)
    return out

