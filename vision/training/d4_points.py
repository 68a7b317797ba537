"""The digit reader's D4 crops: 3D-rendered D4s (``dice3d``) read at their point, cut as the reader cuts them.

Each rendered D4 (read at its point) is looked at as the reader looks at one (``vision.d4_point``): its
triangle and point found (by the point finder in ``vision/models``: train it first), then the close crop of
each face by the point. A face whose crop faces the way the value's numeral on it points gives crops turned so
the numeral stands upright (within ``UPRIGHT_SPREAD``), labelled with the value, and one turned so it does not
(at least ``NOT_UPRIGHT`` off), labelled none. A render whose point is missed gives its crops as none: the
reader learns to say nothing of a look at the wrong place.
Chunks of ``CHUNK`` dice are seeded by their number and saved when done, so a stopped run resumes.
"""
from __future__ import annotations

import functools
import hashlib
import pathlib
from typing import Sequence

import cv2
import numpy as np

from vision import d4_point
from vision.classifier import NUMERAL_CROP, GreyPyramid
from vision.detect import ContrastImage
from vision.training.digit_crops import NONE, SYMMETRIC, chunk_bank, versioned
from vision.training.numeral_bank import NOT_UPRIGHT, RENDER_SIDE, UPRIGHT_SPREAD

CHUNK = 300
UPRIGHT_CROPS = 2  # crops of each face with the value upright...
TURNED_CROPS = 1  # ...and turned away
FACING = 35.0  # a face's crop within this of the way its value's numeral points has found that numeral


def _off(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def point_chunk(index: int, seed: int, patches: Sequence[np.ndarray], dice: int = CHUNK) -> tuple[np.ndarray, np.ndarray]:
    """``dice`` rendered D4s' crops by the point, and their labels (``NONE`` or the value)."""
    from vision.training import dice3d

    rng = np.random.default_rng((seed, index, 4))
    backgrounds = dice3d.Backgrounds(patches)
    points = d4_point.shipped_finder()
    crops: list[np.ndarray] = []
    labels: list[int] = []
    for _ in range(dice):
        render = dice3d.render_die(rng, "d4", backgrounds.draw(rng, RENDER_SIDE), base_read=False)
        scale = rng.uniform(0.45, 1.0)  # dice from about 25 to 75 pixels across
        image = cv2.resize(render.image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        size = render.size * scale * float(np.exp(rng.uniform(-0.1, 0.1)))  # as the finder's box is a little off
        centre = ((render.centre[0] + 0.5) * scale - 0.5 + rng.normal(0, 0.04) * size,
                  (render.centre[1] + 0.5) * scale - 0.5 + rng.normal(0, 0.04) * size)
        pyramid = GreyPyramid(image)
        point = points.locate(pyramid, ContrastImage.of(image), centre, size)
        if point is None:
            continue
        looks = point.faces()
        for face_centre, window, angle in looks:
            up = min(render.ups, key=lambda u: _off(u, angle), default=None)
            found = up is not None and _off(up, angle) <= FACING
            aim = up if found else angle
            turns = [(aim + rng.uniform(-UPRIGHT_SPREAD, UPRIGHT_SPREAD), render.value if found else NONE)
                     for _ in range(UPRIGHT_CROPS)]
            while len(turns) < UPRIGHT_CROPS + TURNED_CROPS:
                turn = aim + rng.uniform(NOT_UPRIGHT, 360 - NOT_UPRIGHT)
                if render.value not in SYMMETRIC or _off(turn, aim + 180) >= NOT_UPRIGHT:
                    turns.append((turn, NONE))
            for turn, label in turns:
                crops.append(pyramid.crop(face_centre, window, NUMERAL_CROP, turn))
                labels.append(label)
    if not crops:
        return np.zeros((0, NUMERAL_CROP, NUMERAL_CROP), np.uint8), np.zeros(0, np.int64)
    return np.stack(crops), np.array(labels, np.int64)


def finder_digest() -> str:
    """The shipped point finder's digest: crops cut where it places the point are cached apart for each."""
    return hashlib.sha1((d4_point.MODEL_DIR / d4_point.APEX_MODEL).read_bytes()).hexdigest()[:10]


def point_bank(dice: int, seed: int, folder: pathlib.Path, patches: Sequence[np.ndarray],
               jobs: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """``dice`` rendered D4s' crops and labels, from the chunks cached under ``folder`` (made where missing), apart
    for each point finder and for the code that renders and cuts them: either changed cuts other crops."""
    from vision.training import dice3d

    stem = f"d4points-{seed}-{finder_digest()}"
    return chunk_bank(functools.partial(point_chunk, seed=seed, patches=patches), stem, -(-dice // CHUNK),
                      versioned(folder, stem, (dice3d, d4_point, point_chunk)), jobs)
