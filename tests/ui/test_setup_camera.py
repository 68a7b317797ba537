"""A new game's camera is on only where it can follow the table: off until the table is calibrated, so that
no game opens on the "Camera without calibration" alert."""
from __future__ import annotations

import pytest

from calibration.profile import CalibrationProfile
from sim.app_driver import build_app, pump, tap


@pytest.fixture()
def table_app(tmp_path):
    """The app as at a table (not the demo), its calibration profile in ``tmp_path``."""
    companion_app = build_app(tmp_path / "games.sqlite3", demo=False)
    companion_app.camera.profile_path = tmp_path / "calibration.json"
    yield companion_app
    companion_app.teardown()


def open_setup(app):
    app.go("home")
    pump(1)
    tap("New game")
    tap("Automata")
    return app.manager.get_screen("setup")


def test_the_camera_is_off_until_the_table_is_calibrated(table_app, tmp_path):
    setup = open_setup(table_app)
    assert not setup.camera_on
    tap("Camera: off")
    assert setup.camera_on  # still a person's choice

    CalibrationProfile().save(tmp_path / "calibration.json")
    assert open_setup(table_app).camera_on


def test_the_demo_camera_is_on(app):
    assert open_setup(app).camera_on
