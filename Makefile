# The two commands of the README. Each sets up what it needs on a fresh machine.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve test bench openapi

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/portside serve --host 127.0.0.1 --port 8000

# pytest exits 5 when it collects no test; make treats that as the failure it is.
test: $(STAMP)
	$(BIN)/pytest -n 2 -q

openapi: $(STAMP)
	$(BIN)/portside openapi > openapi/openapi.json
