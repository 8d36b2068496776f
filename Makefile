# The only entry points; CI runs exactly `make test` (see .ci/run).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
AXE_VERSION := 4.14.1
AXE := node_modules/axe-core/axe.min.js

.DEFAULT_GOAL := help
.PHONY: help install check index serve dev test export-check mutation bench bench-http coldstart load clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

install: $(VENV)/.installed ## create the virtual environment and install

check: install ## check the law files, lint, and the import contracts
	$(BIN)/adjudicator check laws/ --cases tests/cases
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache

index: install ## build the search index into instance/index (adjudicator build-index)
	$(BIN)/adjudicator build-index

serve: install ## check the laws, build the search index, then serve on http://$(HOST):$(PORT)
	$(BIN)/adjudicator check laws/ --cases tests/cases
	$(BIN)/adjudicator build-index
	HOST=$(HOST) PORT=$(PORT) $(BIN)/gunicorn -c gunicorn.conf.py wsgi:app

dev: index ## serve with Flask's reloader (development only)
	$(BIN)/flask --app wsgi run --debug --host $(HOST) --port $(PORT)

TEST_WORKERS ?= auto
test: check $(AXE) ## run the whole test suite (browser journeys included), on every core (TEST_WORKERS=1 for one)
	$(PY) -m pytest -p xdist -n $(TEST_WORKERS) --dist worksteal

mutation: install ## mutation testing with mutmut, the share killed per module (MODULES="engine presentation" to choose)
	$(PY) tools/mutation.py $(MODULES)

# axe-core for the browser tests' accessibility checks, from the npm registry (node_modules/ is not committed)
$(AXE):
	@if command -v npm >/dev/null; then \
	  npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error axe-core@$(AXE_VERSION); \
	else \
	  echo "npm not found: the browser tests will skip (and fail under CI=true)"; \
	fi

export-check: install ## export the whole library and crawl it served statically (minutes; prints pages, MB, seconds)
	EXPORT_LAWS=laws EXPORT_CASES=tests/cases $(PY) -m pytest tests/web/test_export.py -q -s -p no:cacheprovider --durations=5

bench: install ## print the benchmarks (medians and ratios; search: real, 10x and 100x corpora)
	$(PY) bench/engine.py
	$(PY) bench/search.py

bench-http: install ## req/s, p50/p99 and RSS per worker against a bare Flask endpoint (gunicorn, wrk; minutes)
	$(PY) bench/throughput.py
	$(PY) bench/memory.py

coldstart: install ## load + check + index of laws/ and of 10x and 100x synthetic corpora (about 15 minutes)
	$(PY) bench/coldstart.py

load: install ## 60 s at concurrency 32 across the main routes: zero errors, RSS that does not grow
	$(PY) bench/load.py

clean: ## remove the environment and built files
	rm -rf $(VENV) instance .pytest_cache .ruff_cache *.egg-info
