# mrp_tutor — developer entry points.
#   make app    set up (if needed) and serve the Voila app on http://127.0.0.1:8866/
#   make test   set up (if needed) and run ruff, mypy, pytest (unit/property/browser) and nbval
#   make bench  set up (if needed) and run benchmarks/*.py --json
#   make tutorials  set up, install JupyterLab (extra "tutorials") and open notebooks/tutorials
#   make wheels set up, then build the pure and the compiled-engine wheels into dist/
#   make site   build the static in-browser demo into dist/site/ (docs/static-site.md)
# A fresh Debian machine needs only Python 3.11 (+ root for apt to install chromium).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

VENV     := .venv
PY       := $(VENV)/bin/python
STAMP    := $(VENV)/.stamp-dev
APP_STAMP := $(VENV)/.stamp-app
ENGINE_STAMP := $(VENV)/.stamp-engine
ENGINE_SRC := $(shell find mrp_tutor/games/mission_red_planet/engine -name '*.py' 2>/dev/null)
HOST     := 127.0.0.1
PORT     ?= 8866
CHROMIUM ?= /usr/bin/chromium
APP_NB   := notebooks/app.ipynb

# `mrp-tutor app` (mrp_tutor/cli/serve.py: the one way to serve, installed or from here) runs
# mrp_tutor.serve.server = Voila + the tab-close fix (voila#1458), a JavaScript gate (plain GETs start
# no kernel), a kernel cap with a busy page and a preheated pool; its other defaults
# (sources stripped, no template/theme override, idle cull of kernels without a tab) are in
# mrp_tutor/serve/server.py.  POOL / MAX_KERNELS tune it.
POOL        ?= 2
MAX_KERNELS ?= 64
APP_FLAGS   := --host=$(HOST) --port=$(PORT) --pool=$(POOL) --max-kernels=$(MAX_KERNELS)
# JupyterLab refuses to run as root unless told to (a root shell, a container)
ALLOW_ROOT  := $(if $(filter 0,$(shell id -u)),--allow-root)

APT_GET := DEBIAN_FRONTEND=noninteractive apt-get -y -q -o Dpkg::Use-Pty=0

.PHONY: help setup setup-app chromium app tutorials wheels site site-test test lint typecheck pytest bench screenshot clean

help:
	@echo "make app        serve $(APP_NB) at http://$(HOST):$(PORT)/ (sets up first)"
	@echo "make tutorials  open the tutorials (notebooks/tutorials) in JupyterLab"
	@echo "make test       ruff + mypy + pytest tests/ + nbval notebooks/ (sets up first)"
	@echo "make bench      run benchmarks/*.py --json"
	@echo "make wheels     build the pure and the compiled-engine wheels into dist/ (docs/install.md)"
	@echo "make site       build the static in-browser demo into dist/site/ (docs/static-site.md)"
	@echo "make site-test  build it, then test it in headless Chromium with no outside host"
	@echo "make screenshot refresh docs/screenshot.png from the browser test of a game in progress"
	@echo "make setup      create $(VENV), install '.[dev]', compile the engine, install chromium (root only)"
	@echo "make setup-app  create $(VENV) with only what the app runs (what 'make app' needs)"
	@echo "make clean      remove $(VENV) and caches"

setup: $(STAMP) $(ENGINE_STAMP) chromium
setup-app: $(APP_STAMP) $(ENGINE_STAMP)

# The venv with the app's runtime dependencies only (make app); rebuilt when pyproject.toml
# is newer than the stamp.
$(APP_STAMP): pyproject.toml constraints.txt
	@boot=""; \
	if command -v python3.11 >/dev/null 2>&1; then boot=python3.11; \
	elif command -v python3 >/dev/null 2>&1 && python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then boot=python3; \
	else echo "ERROR: Python 3.11+ is required (python3.11 or python3 >= 3.11 on PATH)." >&2; exit 1; fi; \
	if [ ! -x "$(PY)" ]; then \
	  echo ">>> creating $(VENV) with $$boot ($$($$boot --version))"; \
	  if ! $$boot -m venv $(VENV); then \
	    rm -rf $(VENV); \
	    ver=$$($$boot -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")'); \
	    if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	      echo ">>> venv/ensurepip missing: apt-get install python$$ver-venv"; \
	      $(APT_GET) update && $(APT_GET) install python$$ver-venv </dev/null; \
	      $$boot -m venv $(VENV); \
	    else echo "ERROR: '$$boot -m venv' failed; install the Debian package python$$ver-venv (as root)." >&2; exit 1; fi; \
	  fi; \
	fi
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -c constraints.txt -e '.[app]'
	@touch $(APP_STAMP)
	@echo ">>> $(VENV) ready to run the app"

# The engine's hot modules compiled with mypyc, in place (scripts/build_engine.py; ~1 min on
# 2 cores); rebuilt when an engine source changes.  A failed build leaves the plain-Python
# engine, which the engine also runs while its sources are newer than the build
# (mrp_tutor/games/mission_red_planet/engine/native.py).  mypy (mypyc) and setuptools are build tools only.
$(ENGINE_STAMP): $(APP_STAMP) $(ENGINE_SRC) scripts/build_engine.py
	$(PY) -m pip install -q -c constraints.txt "mypy>=1.10" setuptools
	$(PY) scripts/build_engine.py
	@touch $(ENGINE_STAMP)

# The developer toolchain on top (tests, lint, types, browser driver, benchmarks).
$(STAMP): $(APP_STAMP)
	$(PY) -m pip install -q -c constraints.txt -e '.[dev]'
	@touch $(STAMP)
	@echo ">>> $(VENV) ready for tests"

# Headless Chromium for the browser tests (Debian package; never `playwright install`).
chromium:
	@if [ -x "$(CHROMIUM)" ]; then exit 0; fi; \
	if [ "$(CHROMIUM)" = /usr/bin/chromium ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo ">>> installing Debian chromium (apt-get)"; \
	  $(APT_GET) update && $(APT_GET) install chromium </dev/null; \
	else \
	  echo "WARNING: $(CHROMIUM) not found; browser tests will FAIL." >&2; \
	  echo "  install it as root:  apt-get update && apt-get install -y chromium" >&2; \
	  echo "  or point CHROMIUM=/path/to/chromium at an existing Chromium/Chrome binary." >&2; \
	fi

app: setup-app
	$(VENV)/bin/mrp-tutor app $(APP_FLAGS)

# JupyterLab is only needed here (extra "tutorials"), so `make setup` and CI stay lean.
LAB_STAMP := $(VENV)/.stamp-tutorials
$(LAB_STAMP): $(STAMP)
	$(PY) -m pip install -q -e '.[dev,tutorials]'
	@touch $(LAB_STAMP)

tutorials: setup $(LAB_STAMP)
	@echo ">>> opening notebooks/tutorials/ in JupyterLab on http://$(HOST):$(PORT)/lab (Ctrl-C to stop)"
	$(VENV)/bin/jupyter lab notebooks/tutorials --ServerApp.ip=$(HOST) --ServerApp.port=$(PORT) \
	  --ServerApp.port_retries=0 $(ALLOW_ROOT)

# dist/mrp_tutor-*-py3-none-any.whl and dist/mrp_tutor-*-cp3*-<platform>.whl (scripts/build_wheels.py)
wheels: setup
	$(PY) scripts/build_wheels.py --out dist

# The static in-browser demo (Pyodide; docs/static-site.md): registries only, pinned in
# site/constraints.txt; needs npm.  Its browser test is opt-in (MRP_SITE_TEST=1), not in `make test`.
site: setup-app
	$(PY) scripts/build_site.py --out dist/site

site-test: setup site
	MRP_SITE_TEST=1 MRP_SITE_DIR=dist/site CHROMIUM=$(CHROMIUM) $(PY) -m pytest -q tests/browser/test_static_site.py

# Runs every step even if an earlier one fails; exits non-zero if any failed.
test: setup
	@rc=0; \
	echo ">>> ruff check ."; $(VENV)/bin/ruff check . || { echo "FAILED: ruff" >&2; rc=1; }; \
	echo ">>> mypy mrp_tutor"; $(VENV)/bin/mypy mrp_tutor || { echo "FAILED: mypy" >&2; rc=1; }; \
	echo ">>> pytest tests notebooks (nbval-lax)"; \
	CHROMIUM=$(CHROMIUM) $(PY) -m pytest tests notebooks --nbval-lax --nbval-current-env --durations=25 \
	  || { echo "FAILED: pytest" >&2; rc=1; }; \
	if [ $$rc -ne 0 ]; then echo ">>> make test: FAILED" >&2; else echo ">>> make test: OK"; fi; \
	exit $$rc

lint: setup
	$(VENV)/bin/ruff check .

typecheck: setup
	$(VENV)/bin/mypy mrp_tutor

pytest: setup
	CHROMIUM=$(CHROMIUM) $(PY) -m pytest tests notebooks --nbval-lax --nbval-current-env

bench: setup
	@shopt -s nullglob; files=(benchmarks/[!_]*.py); rc=0; \
	if [ $${#files[@]} -eq 0 ]; then echo "no benchmarks/*.py yet"; exit 0; fi; \
	for f in "$${files[@]}"; do \
	  echo ">>> $$f --json"; \
	  $(PY) "$$f" --json || { echo "FAILED: $$f" >&2; rc=1; }; \
	done; \
	exit $$rc

screenshot: setup
	MRP_PUBLISH_SCREENSHOT=1 CHROMIUM=$(CHROMIUM) $(PY) -m pytest -q \
	  "tests/browser/test_app_flow.py::test_screenshot_of_a_game_in_progress"
	@echo ">>> docs/screenshot.png updated"

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis tests/artifacts dist
	$(if $(wildcard scripts/build_engine.py),python3 scripts/build_engine.py --clean)
