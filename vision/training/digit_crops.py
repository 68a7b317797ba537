"""The digit reader's training crops: one die face seen from above, drawn flat, its numeral in a TrueType font.

A crop is what the reader cuts around a die's middle (``NUMERAL_WINDOW``, ``NUMERAL_CROP`` pixels, grey): the
top face as a triangle (a D8's) or a square (a D6's), the neighbour faces shaded apart with their numerals
beyond its edges, the value numeral near the face's middle, in one of the system's font families (each
family drawn as often as any other), painted lighter or darker than the plastic, a 6 sometimes marked by a
bar or a dot. A crop is labelled with the value when its numeral stands upright (within ``UPRIGHT_SPREAD``),
and ``NONE`` when it is turned at least ``NOT_UPRIGHT`` away. Marbled plastic, light
gradients, glare, perspective squash, blur, low resolution, noise and JPEG follow.

Crops are made in seeded chunks of ``CHUNK``, each saved when done, so a stopped run resumes.
"""
from __future__ import annotations

import functools
import hashlib
import inspect
import math
import multiprocessing
import os
import pathlib
from types import ModuleType
from typing import Callable, Sequence, Union

import cv2
import numpy as np

from vision.classifier import NUMERAL_CROP
from vision.training.dice3d import font_files, glyph

NONE = 0  # the label of a crop with no numeral upright
VALUES = 8  # numerals 1 to 8
CHUNK = 2000
SCALE = 2  # crops are drawn this many times larger, then shrunk
UPRIGHT_SPREAD = 30.0  # degrees either way a numeral counts as upright: a die is read at turns 30 degrees apart
NOT_UPRIGHT = 45.0
STEM = f"digits{UPRIGHT_SPREAD:.0f}"  # the cached chunks' name: crops labelled another way are cached apart
UPRIGHT_SHARE = 0.6
SYMMETRIC = (1, 8)  # numerals that look upright again half a turn round


def font_families() -> list[tuple[str, ...]]:
    """The system's digit fonts grouped by family (the folder of its package)."""
    by_family: dict = {}
    for path in font_files():
        parts = pathlib.Path(path).parts
        by_family.setdefault(parts[-2] if len(parts) > 5 else path, []).append(path)
    return [tuple(v) for v in by_family.values()]


def _ground(rng: np.random.Generator, side: int) -> np.ndarray:
    """Plastic: one grey level, marbled in part, lit from one side."""
    image = np.full((side, side), rng.uniform(0.05, 0.95), np.float32)
    if rng.random() < 0.6:
        cells = int(rng.integers(3, 9))
        marble = cv2.resize(rng.normal(0, 1, (cells, cells)).astype(np.float32), (side, side),
                            interpolation=cv2.INTER_CUBIC)
        image += marble * rng.uniform(0.02, 0.15)
    yy, xx = np.mgrid[0:side, 0:side].astype(np.float32) / side - 0.5
    angle = rng.uniform(0, 2 * math.pi)
    image += (math.cos(angle) * xx + math.sin(angle) * yy) * rng.uniform(0, 0.3)
    return image


def _stamp(image: np.ndarray, mask: np.ndarray, centre, angle: float, ink: float, outline=None) -> None:
    """Paint ``mask`` (a glyph's coverage) at ``centre`` turned by ``angle`` degrees (counter-clockwise)."""
    h, w = mask.shape
    pad = int(max(h, w) * 0.8) + 4
    padded = np.zeros((h + 2 * pad, w + 2 * pad), np.float32)
    padded[pad:pad + h, pad:pad + w] = mask
    middle = (padded.shape[1] / 2, padded.shape[0] / 2)
    matrix = cv2.getRotationMatrix2D(middle, angle, 1.0)
    matrix[:, 2] += (centre[0] - middle[0], centre[1] - middle[1])
    side = image.shape[0]
    cover = cv2.warpAffine(padded, matrix, (side, side), flags=cv2.INTER_LINEAR)
    if outline is not None:
        grown = cv2.dilate(cover, np.ones((3, 3), np.uint8))
        image[:] = image * (1 - grown) + outline * grown
    image[:] = image * (1 - cover) + ink * cover


def _top_face(image: np.ndarray, rng: np.random.Generator, font: str, ink: float) -> tuple[float, np.ndarray]:
    """Draw the top face (a triangle or a square round the middle) with its neighbours shaded apart and their
    numerals beyond its edges; its in-radius and centre."""
    side = image.shape[0]
    sides = 3 if rng.random() < 0.6 else 4
    inradius = side * (rng.uniform(0.28, 0.5) if sides == 3 else rng.uniform(0.3, 0.55))
    radius = inradius / math.cos(math.pi / sides)
    start = rng.uniform(0, 2 * math.pi)
    centre = side / 2 + rng.normal(0, 0.05, 2) * side
    corners = np.array([centre + radius * np.array([math.cos(start + 2 * math.pi * k / sides),
                                                    math.sin(start + 2 * math.pi * k / sides)])
                        for k in range(sides)], np.float32)
    inside = np.zeros(image.shape, np.uint8)
    cv2.fillPoly(inside, [np.round(corners).astype(np.int32)], 1)
    image[inside == 0] += rng.uniform(-0.35, 0.35)
    for k in range(sides):
        a, b = corners[k], corners[(k + 1) % sides]
        middle = (a + b) / 2
        outward = (middle - centre) / (np.linalg.norm(middle - centre) + 1e-6)
        if rng.random() < 0.6:
            edge = float(np.clip(np.median(image) + rng.uniform(-0.5, 0.5), 0, 1))
            cv2.line(image, tuple(int(v) for v in np.round(a)), tuple(int(v) for v in np.round(b)), edge,
                     int(rng.integers(1, 4)), cv2.LINE_AA)
        if rng.random() < 0.7:
            height = max(6, int(inradius * rng.uniform(0.6, 1.1)))
            at = middle + outward * inradius * rng.uniform(0.6, 1.2)
            angle = -math.degrees(math.atan2(outward[0], -outward[1])) + rng.choice([0, 180]) + rng.normal(0, 10)
            _stamp(image, glyph(font, str(rng.integers(1, 9)), height, ""), at, angle, ink)
    return inradius, centre


def _camera(image: np.ndarray, rng: np.random.Generator, side: int) -> np.ndarray:
    """Perspective squash, glare, blur, low resolution, exposure, noise and JPEG; ``side`` pixels, uint8."""
    big = image.shape[0]
    scale, shear = rng.uniform(0.85, 1.15), rng.normal(0, 0.08, 2)
    matrix = np.array([[scale * (1 + shear[0]), shear[1], 0], [shear[1] * 0.5, scale, 0]], np.float32)
    matrix[:, 2] = big / 2 - matrix[:, :2] @ np.array([big / 2, big / 2], np.float32)
    image = cv2.warpAffine(image, matrix, (big, big), borderMode=cv2.BORDER_REFLECT)
    if rng.random() < 0.3:
        yy, xx = np.mgrid[0:big, 0:big].astype(np.float32)
        (cx, cy), r = rng.uniform(0, big, 2), rng.uniform(5, 25)
        image += rng.uniform(0.2, 0.6) * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
    image = cv2.GaussianBlur(image, (0, 0), rng.uniform(0.3, 2.0))
    low = int(rng.uniform(14, side + 1))
    image = cv2.resize(cv2.resize(image, (low, low), interpolation=cv2.INTER_AREA), (side, side),
                       interpolation=cv2.INTER_LINEAR)
    image = image * rng.uniform(0.6, 1.3) + rng.uniform(-0.2, 0.2)
    image += rng.normal(0, rng.uniform(0, 0.06), image.shape)
    out = np.clip(image * 255, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        _, buffer = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(30, 90))])
        out = cv2.imdecode(buffer, cv2.IMREAD_GRAYSCALE)
    return out


def digit_crop(rng: np.random.Generator, families: Sequence[tuple[str, ...]], value: int, upright: bool,
               side: int = NUMERAL_CROP) -> np.ndarray:
    """One crop of a die face showing ``value``, upright or turned at least ``NOT_UPRIGHT`` away."""
    image = _ground(rng, side * SCALE)
    base = float(np.median(image))
    ink = float(np.clip(base + rng.choice([-1, 1]) * rng.uniform(0.2, 0.8), 0, 1))
    if abs(ink - base) <= 0.15:
        ink = base - 0.5 if base > 0.5 else base + 0.5
    family = families[int(rng.integers(len(families)))]
    font = family[int(rng.integers(len(family)))]
    big = side * SCALE
    if rng.random() < 0.85:
        inradius, centre = _top_face(image, rng, font, ink)
    else:
        inradius, centre = big * 0.4, np.array([big / 2, big / 2])
    for _ in range(int(rng.integers(0, 2))):  # a numeral of a face further off
        r, a = big * rng.uniform(0.42, 0.62), rng.uniform(0, 2 * math.pi)
        _stamp(image, glyph(font, str(rng.integers(1, 9)), int(big * rng.uniform(0.2, 0.4)), ""),
               (big / 2 + r * math.cos(a), big / 2 + r * math.sin(a)), rng.uniform(0, 360), ink)
    mark = ("bar" if rng.random() < 0.6 else "dot") if value == 6 and rng.random() < 0.6 else ""
    mask = glyph(font, str(value), int(min(big * rng.uniform(0.28, 0.55), inradius * 1.3)), mark)
    if rng.random() < 0.3:
        mask = cv2.resize(mask, None, fx=rng.uniform(0.7, 1.0), fy=rng.uniform(0.75, 1.0))
    if upright:
        angle = rng.uniform(-UPRIGHT_SPREAD, UPRIGHT_SPREAD)
    else:
        angle = rng.uniform(NOT_UPRIGHT, 360 - NOT_UPRIGHT)
        while value in SYMMETRIC and abs(angle - 180) < NOT_UPRIGHT:
            angle = rng.uniform(NOT_UPRIGHT, 360 - NOT_UPRIGHT)
    outline = float(np.clip(base + (base - ink) * 0.5, 0, 1)) if rng.random() < 0.15 else None
    _stamp(image, mask, centre + rng.normal(0, 0.03, 2) * big, angle, ink, outline)
    return _camera(image, rng, side)


def digit_chunk(index: int, seed: int, size: int = CHUNK) -> tuple[np.ndarray, np.ndarray]:
    """``size`` crops and their labels (``NONE`` or the upright value), seeded by (seed, index)."""
    rng = np.random.default_rng((seed, index))
    families = font_families()
    crops = np.zeros((size, NUMERAL_CROP, NUMERAL_CROP), np.uint8)
    labels = np.zeros(size, np.int64)
    for k in range(size):
        value, upright = int(rng.integers(1, VALUES + 1)), bool(rng.random() < UPRIGHT_SHARE)
        crops[k] = digit_crop(rng, families, value, upright)
        labels[k] = value if upright else NONE
    return crops, labels


def save_atomically(path: pathlib.Path, **arrays: np.ndarray) -> None:
    """Save ``arrays`` to ``path`` (.npz) whole or not at all: written under a name of this process's own, then
    renamed, so a run stopped midway leaves no half-written file, and two runs making the same file at once
    each finish."""
    partial = path.with_name(f"{path.stem}.{os.getpid()}.part.npz")
    np.savez_compressed(partial, **arrays)
    partial.replace(path)


def _cached_chunk(make: Callable[[int], tuple[np.ndarray, np.ndarray]], path: pathlib.Path, index: int) -> str:
    if not path.exists():
        crops, labels = make(index)
        save_atomically(path, crops=crops, labels=labels)
    return str(path)


def chunk_bank(make: Callable[[int], tuple[np.ndarray, np.ndarray]], stem: str, chunks: int, folder: pathlib.Path,
               jobs: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """The crops and labels of chunks 0 to ``chunks`` - 1, each read from ``folder`` (STEM-INDEX.npz) or made by
    ``make(index)`` and saved there when done, so a stopped run resumes."""
    folder.mkdir(parents=True, exist_ok=True)
    tasks = [(make, folder / f"{stem}-{k:05d}.npz", k) for k in range(chunks)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            paths = pool.starmap(_cached_chunk, tasks)
    else:
        paths = [_cached_chunk(*task) for task in tasks]
    loaded = [np.load(p) for p in paths]
    return np.concatenate([z["crops"] for z in loaded]), np.concatenate([z["labels"] for z in loaded])


def versioned(folder: pathlib.Path, stem: str, code: Sequence[Union[ModuleType, Callable]]) -> pathlib.Path:
    """A folder under ``folder`` for what ``code`` (modules, functions) as it stands makes: changed code caches
    apart."""
    source = "".join(inspect.getsource(c) for c in code).encode()
    return folder / f"{stem}-{hashlib.sha1(source).hexdigest()[:10]}"


def digit_bank(crops: int, seed: int, folder: pathlib.Path, jobs: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """``crops`` crops and labels from the chunks cached in ``folder`` (made where missing)."""
    drawn, labels = chunk_bank(functools.partial(digit_chunk, seed=seed, size=CHUNK), f"{STEM}-{seed}",
                               -(-crops // CHUNK), folder, jobs)
    return drawn[:crops], labels[:crops]
