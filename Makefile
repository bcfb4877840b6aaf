# The two commands (see README.md): `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test install messages lint bench clean

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

# Compiles the translation catalogues (.po in git, .mo built here; needs
# gettext's msgfmt).  compilemessages skips catalogues that are up to date.
install: $(STAMP)
	$(BIN)/python manage.py compilemessages --ignore=$(VENV) --verbosity=0

## Extract the marked strings into the .po files (then translate, then `make install`).
## Each string goes to the nearest locale/ above it: games, ratings and tournaments
## keep their own catalogues, the rest (alta_site) is the project's locale/.
## Italian covers only the games (Alpaca's rules are Italian): its catalogue is
## made from games/ alone, so no untranslated Italian copy of the others appears.
MAKEMESSAGES := makemessages --no-obsolete --no-location
messages: $(STAMP)
	mkdir -p locale games/locale ratings/locale tournaments/locale
	$(BIN)/python manage.py $(MAKEMESSAGES) -l nl \
	  --ignore=$(VENV) --ignore=tests --ignore=benchmarks --ignore=var
	cd games && ../$(BIN)/python ../manage.py $(MAKEMESSAGES) -l it

## Run the whole service locally (web, worker, beat) on embedded defaults.
run: install
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py seed_demo
	@echo "Open $(SITE_URL)/ (mail is kept at $(SITE_URL)/dev/mailbox/). Ctrl-C stops everything."
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/honcho start -f Procfile

## Run the whole test suite.
test: install
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# mypy with the Django and DRF plugins over every package (config in
# pyproject.toml), after the engine and the rules at --strict.
MYPY_PACKAGES := alta_site core games mail ratings tournaments benchmarks
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy --strict games/engine games/rules
	$(BIN)/mypy $(MYPY_PACKAGES)

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) var
