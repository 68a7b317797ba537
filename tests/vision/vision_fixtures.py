"""Helpers shared by the vision tests: where the photos are, clean synthetic scenes."""
from __future__ import annotations

import pathlib

import numpy as np
import pytest

from vision import synth

DATA_ROOT = pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "data" / "dice"


def needs_photos(source: str) -> pathlib.Path:
    manifest = DATA_ROOT / source / "manifest.jsonl"
    if not manifest.exists():
        pytest.skip(f"development photos not found at {manifest} (../shared/data is absent)")
    return manifest


def clean_scene(seed: int, count: int = 8, size: float = 70.0):
    """A well-lit top-down frame with player-coloured dice that do not touch."""
    rng = np.random.default_rng(seed)
    dice = synth.random_dice(rng, 960, 540, count, size_range=(size, size), allow_touching=False)
    background = synth.make_background(rng, 960, 540, kind="felt")
    return synth.render_scene(dice, background, synth.SceneStyle(noise_sigma=2.0), rng)
