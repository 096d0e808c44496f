# The two commands of the README. Each sets up what it needs on a fresh machine.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve test lint system-deps client-deps bench openapi

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/portside serve  # HOST and PORT from the environment (127.0.0.1:8000)

# Lint, format and types first (seconds), then the suite.
# pytest exits 5 when it collects no test; make treats that as the failure it is.
# Three processes on 2 cores: a third of the suite's time is spent waiting on its servers and browsers.
test: $(STAMP) system-deps client-deps lint
	$(BIN)/pytest -n 3 -q

# What the tests need from Debian on a fresh machine: a real browser for the browser tests, tmux for the terminal client's.
system-deps:
	@{ command -v chromium && command -v tmux; } >/dev/null || { \
	  SUDO=$$(command -v sudo >/dev/null && [ "$$(id -u)" != 0 ] && echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium chromium-driver tmux; }

# The OpenAPI linters and the TypeScript client's tools, pinned by tests/clients/package-lock.json.
CLIENT_STAMP := tests/clients/node_modules/.installed
client-deps: $(CLIENT_STAMP)
$(CLIENT_STAMP): tests/clients/package-lock.json
	@command -v npm >/dev/null || { \
	  SUDO=$$(command -v sudo >/dev/null && [ "$$(id -u)" != 0 ] && echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nodejs npm; }
	cd tests/clients && npm ci --no-audit --no-fund --loglevel=error
	touch $@

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

openapi: $(STAMP)
	$(BIN)/portside openapi > openapi/openapi.json
