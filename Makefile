# The two commands of the README: `make run` and `make test`.
# Each makes the virtual environment in .venv and installs what it needs on first use.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench mutation

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/referee db upgrade
	$(BIN)/flask --app referee run --host 127.0.0.1 --port 5000

# The browser tests use the system Chromium, or else the one Playwright downloads.
test: $(STAMP)
	command -v chromium >/dev/null || $(BIN)/python -m playwright install chromium
	$(BIN)/python -m pytest

# ruff and its format check on everything; mypy on the package, the pure core as --strict
# (pyproject.toml says how strict each part is checked).
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy referee
	$(BIN)/mypy --strict referee/rules referee/scoring

bench: $(STAMP)
	$(BIN)/python bench/settle.py
	$(BIN)/python bench/pages.py
	$(BIN)/python bench/tongits_night.py
	$(BIN)/python bench/import_lock.py
	$(BIN)/python bench/import_flood.py

# mutmut on the pure core (referee/rules, referee/scoring) against tests/rules and tests/scoring
# (configured in pyproject.toml), from a fresh mutants/ each time; then the score per file.
mutation: $(STAMP)
	rm -rf mutants
	HYPOTHESIS_PROFILE=mutation $(BIN)/mutmut run --max-children 2 > /dev/null
	$(BIN)/python tools/mutation_score.py
