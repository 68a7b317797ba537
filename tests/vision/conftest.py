"""Fixtures for the vision tests."""
import pytest


@pytest.fixture(scope="session")
def reader():
    from vision.reader import DiceReader

    return DiceReader()
