# Two commands: `make run` and `make test`. Both create .venv when it is missing.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test install screenshots bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

install: $(VENV)/.installed

run: install
	$(BIN)/automata-companion app

test: install
	$(BIN)/python -m pytest

screenshots: install
	$(BIN)/python -m sim.screenshots docs/screenshots

bench: install
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) build *.egg-info
