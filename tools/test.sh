#!/usr/bin/env bash
# Runs every check and test: lint, types, engine tests (with doctests) while the site builds, then the
# end-to-end browser tests. Installs what it needs first (tools/setup.sh).
# The engine and browser tests run on LEOPARD_TEST_WORKERS processes (pytest-xdist; default 2, the
# cores our machines have; 1 runs them in one process); every test owns its page and server, so the
# browser tests are handed out one by one (worksteal): whole files per process left one process
# running the last long file alone.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
started=$SECONDS
# Each step's heading says how long the run has taken so far, so a slow step shows in CI's log.
step() { echo "== $1 (at $((SECONDS - started)) s)"; }

# The site build needs nothing the checks make, and most of the checks use one core: it runs in the
# background from the start (its output is shown when it is waited for), and a run that stops early
# stops it too.
build_log=$(mktemp)
step "build the site (in the background while the checks and the engine tests run)"
set -m  # the build gets a process group of its own, so that its node runs stop with it
.venv/bin/python tools/build_site.py >"$build_log" 2>&1 &
build_pid=$!
set +m
trap 'kill -- "-$build_pid" 2>/dev/null || true; rm -f "$build_log"' EXIT

step "ruff"
.venv/bin/ruff check leopard_core tests e2e bench tools
step "tsc --checkJs (the site's JavaScript, typed with JSDoc)"
npx --no-install tsc -p tsconfig.json
npx --no-install tsc -p tsconfig.sw.json
step "eslint"
npx --no-install eslint --max-warnings 0
step "JavaScript unit tests (node --test)"
node --test tests/js/
step "mypy --strict"
.venv/bin/mypy
workers="${LEOPARD_TEST_WORKERS:-2}"
step "engine tests"
.venv/bin/python -m pytest tests leopard_core -n "$workers"
step "wait for the site build"
build_status=0
wait "$build_pid" || build_status=$?
cat "$build_log"
if [ "$build_status" -ne 0 ]; then
  echo "the site build failed (exit $build_status)"
  exit "$build_status"
fi
step "end-to-end tests (Chromium)"
.venv/bin/python -m pytest e2e --durations=15 -n "$workers" --dist worksteal
step "done"
