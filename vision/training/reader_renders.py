"""The reader's 3D-rendered dice (``dice3d``): whole dice cut as the reader cuts them, their type and value known.

The flat renders (``vision.synth``) teach the table's layout and the player colours; these teach each type's
true shape, seen from above as at a table (up to 30 degrees off), lit and shaded, with the numerals or pips of
its neighbouring faces at its edges: what tells a D8 from a D6 on a real table. A quarter each are D4s, D6s
with pips, D6s with numerals and D8s; training takes the types it asks for. Renders are made in chunks
(``digit_crops.chunk_bank``), so a stopped run resumes where it stopped.
"""
from __future__ import annotations

import functools
import pathlib
import sys
from typing import Sequence

import cv2
import numpy as np

from vision.classifier import CLASSES, DIE_TYPES, GreyPyramid, class_index
from vision.training import dice3d, samples
from vision.training.digit_crops import chunk_bank, versioned
from vision.training.numeral_bank import RENDER_SIDE
from vision.training.samples import SampleSet, reader_crop

KINDS = (("d4", False), ("d6", True), ("d6", False), ("d8", False))  # (type, pips) drawn in turn
CHUNK = 200  # dice a chunk
CROPS_A_DIE = 2
SCALES = (0.4, 1.0)  # a render (dice 54 to 77 pixels across) is shrunk by this much: dice of 22 to 77 pixels


def render_chunk(index: int, seed: int, patches: Sequence[np.ndarray],
                 dice: int = CHUNK) -> tuple[np.ndarray, np.ndarray]:
    """The crops and classes of ``dice`` rendered dice, each cut ``CROPS_A_DIE`` times as the reader cuts a die."""
    rng = np.random.default_rng((seed, index))
    backgrounds = dice3d.Backgrounds(patches)
    out = SampleSet()
    for k in range(dice):
        die_type, pips = KINDS[k % len(KINDS)]
        render = dice3d.render_die(rng, die_type, backgrounds.draw(rng, RENDER_SIDE), pips=pips,
                                   one_die_photos=False)
        scale = rng.uniform(*SCALES)
        image = cv2.resize(render.image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        centre = ((render.centre[0] + 0.5) * scale - 0.5, (render.centre[1] + 0.5) * scale - 0.5)
        pyramid = GreyPyramid(image)
        for _ in range(CROPS_A_DIE):
            out.add(reader_crop(pyramid, centre, render.size * scale, rng), class_index(die_type, render.value))
    crops, classes, _ = out.arrays()
    return crops, classes


def rendered_dice(dice: int, seed: int, cache: pathlib.Path, patches: Sequence[np.ndarray],
                  jobs: int = 1, types: Sequence[str] = DIE_TYPES) -> SampleSet:
    """The reader's crops of those of ``dice`` rendered dice that are of ``types``, from the chunks cached under
    ``cache`` (made where missing, in ``jobs`` processes), in a folder of its own for each version of the
    rendering code. Every kind is rendered whatever ``types`` says, so one cache serves any choice."""
    folder = versioned(cache, "reader-dice", (dice3d, samples, sys.modules[__name__]))
    size = min(CHUNK, dice)
    crops, classes = chunk_bank(functools.partial(render_chunk, seed=seed, patches=patches, dice=size),
                                f"reader-dice-{seed}-{size}", -(-dice // size), folder, jobs)
    out = SampleSet()
    for crop, cls in zip(crops[:dice * CROPS_A_DIE], classes[:dice * CROPS_A_DIE]):
        if CLASSES[cls][0] in types:
            out.add(crop, int(cls))
    return out
