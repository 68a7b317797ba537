"""One root for the project's errors: each package that may import the rules derives its errors from it."""
import pytest

from calibration.camera_settings import SettingsError
from calibration.colour import CalibrationError
from calibration.layout import LayoutError
from calibration.profile import ProfileError
from companion.games.automata.automa.automa import AutomaStateError
from companion.games.automata.automa.deck import DeckDataError
from companion.config import ConfigError
from companion.games.automata.rules import CompanionError, IllegalAction, NotationError, RecordError
from companion.user_files import UnusableFile


@pytest.mark.parametrize("error", [
    IllegalAction, NotationError, RecordError, AutomaStateError, DeckDataError, ConfigError, UnusableFile,
    SettingsError, LayoutError, ProfileError, CalibrationError,
])
def test_each_error_has_the_project_root_and_stays_a_value_error(error):
    assert issubclass(error, CompanionError) and issubclass(error, ValueError)
