# The two commands (see README.md): `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test install lint bench clean

# The address `make run` serves on; links in mails and the Site row follow it.
WEB_PORT ?= 8000
SITE_URL ?= http://127.0.0.1:$(WEB_PORT)
run: export WEB_PORT := $(WEB_PORT)
run: export SITE_URL := $(SITE_URL)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

install: $(STAMP)

## Run the whole service locally (web, worker, beat) on embedded defaults.
run: $(STAMP)
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py seed_demo
	@echo "Open $(SITE_URL)/ (mail is kept at $(SITE_URL)/dev/mailbox/). Ctrl-C stops everything."
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/honcho start -f Procfile

## Run the whole test suite.
test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy --strict games/engine games/rules

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) var
