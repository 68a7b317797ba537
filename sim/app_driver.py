"""Driving the app without a person: build it on an offscreen window, tap buttons, let the
clock run, take screenshots. Used by the tests, the screenshots target and the benchmark.

Call :func:`headless` before anything imports Kivy.
"""
from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import Callable, Iterator

SIZE = (800, 480)


def headless(size=SIZE) -> None:
    """Environment for an offscreen window (must run before Kivy is imported)."""
    os.environ["KIVY_NO_ARGS"] = "1"
    os.environ["KIVY_NO_CONSOLELOG"] = "1"
    os.environ["SDL_VIDEODRIVER"] = "offscreen"
    os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))
    from kivy.config import Config

    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))


def build_app(db_path: Path, demo: bool = True, camera_on: bool = False, size=SIZE):
    """A CompanionApp built and put on the window, as ``App.run`` would, without its loop."""
    from kivy.base import EventLoop
    from kivy.core.window import Window

    from companion.config import Config
    from ui.app import CompanionApp

    EventLoop.ensure_window()
    Window.size = size
    app = CompanionApp(Config(), db_path=db_path, demo=demo)
    root = app.build()
    app.camera.allowed = camera_on
    app.root = root
    Window.add_widget(root)
    app.teardown = lambda: _teardown(app)
    pump()
    return app


def _teardown(app) -> None:
    from kivy.core.window import Window

    for popup in list(open_popups()):
        popup.dismiss(animation=False)
    app.manager.current_screen.dispatch("on_leave")
    app.on_stop()
    Window.remove_widget(app.root)
    pump()


def pump(frames: int = 3) -> None:
    """Let Kivy run a few frames: layouts settle, clocks fire."""
    from kivy.base import EventLoop

    for _ in range(frames):
        EventLoop.idle()


def wait_for(condition: Callable[[], object], what: str, seconds: float = 15.0) -> None:
    """Let the clock run until ``condition()`` holds (work on other threads lands on the main one);
    TimeoutError, naming ``what``, after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        pump(1)
        time.sleep(0.02)


def walk(widget) -> Iterator:
    yield widget
    for child in widget.children:
        yield from walk(child)


def open_popups() -> list:
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    return [w for w in Window.children if isinstance(w, ModalView)]


def buttons(root=None) -> list:
    """Every button on screen, popups first (they are on top)."""
    from kivy.core.window import Window
    from kivy.uix.button import Button

    roots = open_popups() or [root or Window]
    return [w for r in roots for w in walk(r) if isinstance(w, Button) and not w.disabled]


def tap(text: str, root=None) -> None:
    """Press the button showing ``text`` (on the open popup when there is one)."""
    found = [b for b in buttons(root) if b.text == text]
    if not found:
        shown = ", ".join(repr(b.text) for b in buttons(root))
        raise LookupError(f"no button {text!r} on screen; buttons: {shown}")
    found[0].trigger_action(0)
    pump(1)


def tap_at(x: float, y: float) -> None:
    """A finger down and up at window position (x, y), dispatched as the window dispatches touches."""
    from kivy.tests.common import UnitTestTouch

    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()
    pump(1)


def close_popups() -> None:
    for popup in open_popups():
        popup.dismiss(animation=False)
    pump(1)


def texts(root) -> list[str]:
    from kivy.uix.label import Label

    return [w.text for w in walk(root) if isinstance(w, Label)]


def screenshot(path: Path) -> Path:
    from kivy.core.window import Window

    pump(3)
    path = Path(path).resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    written = Path(Window.screenshot(str(path)))  # Kivy adds a counter to the name
    written.replace(path)
    return path
