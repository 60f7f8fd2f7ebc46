# Two commands on a fresh machine: `make run` starts Meeples, `make test` runs every test.
# Both create .venv and install the pinned dependencies first (once; again when pyproject changes).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench pip-path clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,openspiel]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/meeples serve --upgrade

test: $(STAMP)
	$(BIN)/python -m pytest -q -n 2

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts
	$(BIN)/mypy src

# The README's pip path as a new user takes it: the wheel, installed without extras into a fresh
# venv, runs --version, serves the lobby and plays through stdin (scripts/check_pip_path.py).
pip-path:
	$(PYTHON) scripts/check_pip_path.py

# The speed table of the README, with OpenSpiel measured in the same run (the optional extra).
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/meeples bench --seconds 1 --rounds 3 --json bench.json

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache
