# The two commands of the README: `make run` and `make test`.
# Each makes the virtual environment in .venv and installs what it needs on first use.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Every dependency, the dev ones included, pinned with its hashes (resolved for Python 3.11 on
# Linux). pyproject.toml keeps the ranges, for those who install the package itself.
LOCK := requirements.lock
# The catalogs (referee/translations/): the words to translate (messages.pot, made from the
# code by `make messages`), each language's translations (LANG/LC_MESSAGES/messages.po), and
# their compiled .mo, made here by `make run` and `make test`, never committed.
TRANSLATIONS := referee/translations
POT := $(TRANSLATIONS)/messages.pot
CATALOGS := $(patsubst %.po,%.mo,$(wildcard $(TRANSLATIONS)/*/LC_MESSAGES/messages.po))
# The core's markers (said, said_n) beside gettext's own, in the files babel.cfg names.
# Locations name the file only: line numbers would rewrite the catalogs on every edit.
EXTRACT := $(BIN)/pybabel --quiet extract -F babel.cfg --project='Tonk Referee' --add-location=file \
	-k said -k said_n:1,2 -k _ -k gettext -k ngettext:1,2 -k lazy_gettext

.PHONY: run test lint bench mutation lock messages

# The exact versions of the lock, then the package itself without dependencies; `pip check`
# fails when the lock no longer satisfies pyproject.toml (run `make lock`).
$(STAMP): $(LOCK) pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r $(LOCK)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	$(BIN)/python -m pip check
	touch $(STAMP)

# One language's compiled catalog, from its translations (as `pybabel compile` would, less
# the English it writes for an untranslated plural: see the tool).
%.mo: %.po | $(STAMP)
	$(BIN)/python tools/compile_catalog.py $< $@

run: $(STAMP) $(CATALOGS)
	$(BIN)/referee db upgrade
	$(BIN)/flask --app referee run --host 127.0.0.1 --port 5000

# The browser tests use the system Chromium, or else the one Playwright downloads.
test: $(STAMP) $(CATALOGS)
	command -v chromium >/dev/null || $(BIN)/python -m playwright install chromium
	$(BIN)/python -m pytest

# ruff and its format check on everything; mypy --strict on the whole package; the catalogs
# hold every word the code marks (run `make messages` when this fails).
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict referee
	$(EXTRACT) -o $(VENV)/messages.pot .
	$(BIN)/python tools/messages_current.py $(VENV)/messages.pot $(POT) $(CATALOGS:.mo=.po)

# The words to translate, from the code, into messages.pot; then each language's catalog
# gains the new ones, untranslated, for a translator. No fuzzy guesses: pybabel's are often
# wrong ("Table name" as "Mesa"), and a catalog must hold no fuzzy message.
messages: $(STAMP)
	$(EXTRACT) -o $(POT) .
	$(BIN)/pybabel --quiet update --no-fuzzy-matching --ignore-obsolete -i $(POT) -d $(TRANSLATIONS)

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

# Re-resolves the lock after pyproject.toml changed, keeping every pin that still fits its
# ranges. To move pins: `make lock LOCK_ARGS=--upgrade` (all) or
# `make lock LOCK_ARGS='--upgrade-package flask'` (one).
lock: $(BIN)/pip-compile
	CUSTOM_COMPILE_COMMAND='make lock' $(BIN)/pip-compile --quiet --extra dev --strip-extras \
		--generate-hashes --no-emit-index-url --no-emit-find-links --no-emit-trusted-host \
		$(LOCK_ARGS) -o $(LOCK) pyproject.toml

# pip-tools goes into .venv held to the lock's versions of what it shares with it (click,
# packaging); the pins are passed without their hashes, which would make pip want every one.
$(BIN)/pip-compile:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	sed -n 's/^\([A-Za-z0-9][^ ]*==[^ ]*\).*/\1/p' $(LOCK) > $(VENV)/lock-pins.txt
	$(BIN)/python -m pip install --quiet -c $(VENV)/lock-pins.txt 'pip-tools>=7.6,<8'
