# dbcopilot — the two commands: `make run` and `make test`. Both install everything first.
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
export DBCOPILOT_DATA_DIR ?= $(CURDIR)/.dbcopilot
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export ANONYMIZED_TELEMETRY := False
export PIP_DISABLE_PIP_VERSION_CHECK := 1

DEBIAN_PACKAGES := postgresql-15 postgresql-15-hypopg postgresql-doc-15 chromium chromium-driver
# llama-cpp-python's default (native) build dies with "Illegal instruction" on these CPUs: build it portable, once
LLAMA_VERSION := 0.3.36
WHEELS := $(HOME)/.cache/dbcopilot/wheels
LLAMA_CMAKE := -DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON

.PHONY: run test install system python llm prepare clean-data

run: install  ## install and start the app on http://localhost:8501; it prepares what is missing (sandbox DB, router, index) in the background
	$(BIN)/dbcopilot run

test: install llm prepare  ## install (with the llama.cpp backend its tests use), prepare, run the whole suite
	$(BIN)/python -m pytest -q; status=$$?; \
	$(BIN)/python -c "from toolkits.postgres.sandbox import Sandbox; Sandbox('.dbcopilot/test-pg').stop()" || true; \
	exit $$status

install: system python

system:  ## Debian packages: PostgreSQL 15 server + hypopg, the PG15 HTML manual, Chromium for the browser test
	@if dpkg -s $(DEBIAN_PACKAGES) >/dev/null 2>&1; then echo "Debian packages: present"; else \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(DEBIAN_PACKAGES); fi

python: $(VENV)/.installed

llm: $(VENV)/.llm  ## the in-process GGUF backend (llamacpp): a portable llama-cpp-python build, once

$(WHEELS)/.llama-$(LLAMA_VERSION):
	@mkdir -p $(WHEELS)
	@echo "Building llama-cpp-python $(LLAMA_VERSION) portable (one time, ~6 min on 2 cores)..."
	CMAKE_ARGS="$(LLAMA_CMAKE)" $(PYTHON) -m pip wheel -q --no-cache-dir --no-deps "llama-cpp-python==$(LLAMA_VERSION)" -w $(WHEELS)
	@touch $@

$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q "torch==2.13.0"
	$(BIN)/pip install -q -e .
	@touch $@

$(VENV)/.llm: $(VENV)/.installed $(WHEELS)/.llama-$(LLAMA_VERSION)
	$(BIN)/pip install -q --no-deps $(WHEELS)/llama_cpp_python-$(LLAMA_VERSION)-*.whl
	$(BIN)/pip install -q --find-links $(WHEELS) -e ".[llm]"
	@touch $@

prepare:  ## sandbox PostgreSQL (when no DSN is set), router model, manual index — each only when missing
	$(BIN)/dbcopilot prepare

clean-data:  ## stop the sandbox and remove models, index, sessions
	-$(BIN)/dbcopilot demo-db stop
	rm -rf $(DBCOPILOT_DATA_DIR)
