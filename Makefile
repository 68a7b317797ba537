# Two commands: `make run` and `make test` (`make test-fast` leaves out the slow tests). Each creates .venv when it
# is missing.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# A Raspberry Pi's camera and GPIO libraries (picamera2, lgpio) come from apt, so the venv must see the
# system's packages where the system's Python has picamera2, or on any Pi (docs/raspberry-pi.md).
SYSTEM_SITE = $(shell $(PYTHON) -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('picamera2') is None)" \
	2>/dev/null || grep -qs "Raspberry Pi" /proc/device-tree/model && echo --system-site-packages)

.PHONY: run test test-fast lint install screenshots bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(SYSTEM_SITE) $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

install: $(VENV)/.installed

run: install
	$(BIN)/automata-companion app

# ruff and mypy as pyproject.toml configures them, then every test: each test file named as it runs, the slowest
# tests named at the end, each skip with its reason.
test: lint
	$(BIN)/python -m pytest --durations=10

# The tests not marked slow (pytest's -m), in under 2 minutes.
test-fast: install
	$(BIN)/python -m pytest -m "not slow" -q

lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy

screenshots: install
	$(BIN)/python -m sim.screenshots docs/screenshots
	$(BIN)/python -m sim.evenings_screenshots docs/screenshots

bench: install
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) build *.egg-info
