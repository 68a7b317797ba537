"""Fixtures of the sessions that learn the table's dice."""
from __future__ import annotations

import pytest

from companion.session.dice_learning import TableDiceLearner


@pytest.fixture
def profile(tmp_path):
    """Where the table's calibration profile (and its dice examples beside it) is saved."""
    return tmp_path / "calibration.json"


@pytest.fixture
def learner(profile):
    return TableDiceLearner.open(profile, background=False)[0]
