"""The one direction of imports (docs/architecture.md): each module imports only its own layer and those below."""
from __future__ import annotations

import ast
import fnmatch
import tomllib
from pathlib import Path
from typing import Iterator, Optional

import pytest

ROOT = Path(__file__).resolve().parents[1]

GAMES = ROOT / "companion" / "games"
# The games played by lines (all but Automata): each one's package holds its pure rules, which import nothing else
# of the project, and its ``table`` subpackage, what the companion needs of the game besides, on the session's layer.
LINE_GAMES = tuple(f"companion.games.{p.name}" for p in sorted(GAMES.iterdir())
                   if (p / "__init__.py").is_file() and p.name != "automata")

# Lowest first. A module belongs to the layer of its longest matching prefix.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("companion.games.automata.rules", "companion.store", "vision", "hardware") + LINE_GAMES,
    ("companion.user_files", "companion.config", "companion.invocation"),
    ("companion.games.automata.automa", "companion.bots", "companion.simulation"),
    ("calibration",),
    ("companion.games.automata.sync",),
    # a game at the table: what every game shares (the session, the stored games played by lines), the
    # registry of the games and each game's own part on this layer
    ("companion.session", "companion.line_games", "companion.games", "companion.games.automata")
    + tuple(f"{game}.table" for game in LINE_GAMES),
    ("ui",),
    # The command line: every subcommand, in one package (companion.cli).
    ("companion", "companion.cli", "companion.arguments"),
)
# Packages that import nothing of the project but themselves (a game's pure rules: not its ``table`` part).
SELF_CONTAINED = ("companion.games.automata.rules", "companion.store", "vision", "hardware") + LINE_GAMES
NEVER_INSTALLED = ("sim", "tests", "benchmarks")


def installed_packages() -> set[str]:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]["include"]
    return {p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file()
            and any(fnmatch.fnmatch(p.name, pattern) for pattern in patterns)}


PROJECT = installed_packages() | set(NEVER_INSTALLED)


def modules(package: str) -> Iterator[tuple[str, Path]]:
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), path


def is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def project_imports(module: str, source: str, is_package: bool = False) -> set[str]:
    """The project's modules ``source`` imports, wherever in it (inside functions too); relative ones resolved."""
    package = module if is_package else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            found |= {f"{target}.{a.name}" if is_module(f"{target}.{a.name}") else target for a in node.names}
    return {name for name in found if name.split(".")[0] in PROJECT}


def imports_of(packages) -> dict[str, set[str]]:
    return {module: project_imports(module, path.read_text(), path.name == "__init__.py")
            for package in packages for module, path in modules(package)}


def within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def layer(module: str) -> Optional[int]:
    matches = [(len(prefix), level) for level, prefixes in enumerate(LAYERS) for prefix in prefixes
               if within(module, prefix)]
    return max(matches)[1] if matches else None


def upward(module: str, targets: set[str]) -> list[str]:
    return [f"{module} imports {target}, a layer above it" for target in sorted(targets)
            if layer(target) is not None and layer(target) > layer(module)]


INSTALLED = imports_of(sorted(installed_packages()))


def test_the_app_packages_are_installed_and_sim_tests_and_benchmarks_are_not():
    assert installed_packages() == {"companion", "vision", "hardware", "ui", "calibration"}


def test_every_installed_module_has_a_layer():
    unplaced = [module for module in INSTALLED if layer(module) is None]
    assert not unplaced, f"add to LAYERS and to docs/architecture.md: {unplaced}"


def test_imports_go_down_the_layers_only():
    wrong = [line for module, targets in INSTALLED.items() for line in upward(module, targets)]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("package", SELF_CONTAINED)
def test_self_contained_packages_import_nothing_else_of_the_project(package):
    outside = [f"{module} imports {target}" for module, targets in INSTALLED.items()
               if within(module, package) and layer(module) == layer(package)
               for target in sorted(targets) if not within(target, package)]
    assert not outside, "\n".join(outside)


def test_nothing_installed_imports_sim_tests_or_benchmarks():
    wrong = [f"{module} imports {target}" for module, targets in INSTALLED.items() for target in sorted(targets)
             if target.split(".")[0] in NEVER_INSTALLED]
    assert not wrong, "\n".join(wrong)


def test_simulations_do_not_import_the_tests_or_benchmarks():
    wrong = [f"{module} imports {target}" for module, targets in imports_of(["sim"]).items()
             for target in sorted(targets) if target.split(".")[0] in ("tests", "benchmarks")]
    assert not wrong, "\n".join(wrong)


def test_an_upward_import_is_caught_wherever_it_is_written():
    lazy = "def leds():\n    from ui.app import CompanionApp\n"
    assert upward("hardware.panel.gpio", project_imports("hardware.panel.gpio", lazy))
    relative = "from ..session import TableSession\n"
    assert upward("companion.games.automata.sync.follower", project_imports("companion.games.automata.sync.follower", relative))
    assert not upward("companion.games.automata.sync.report", project_imports("companion.games.automata.sync.report", "from ..rules import State\n"))
    assert project_imports("ui.screens.table", "from .. import describe\n") == {"ui.describe"}
