#!/usr/bin/env bash
# Runs every check and test: lint, types, engine tests (with doctests), then the site build and the
# end-to-end browser tests. Installs what it needs first (tools/setup.sh).
# The engine and browser tests run on LEOPARD_TEST_WORKERS processes (pytest-xdist; default 2, the
# cores our machines have; 1 runs them in one process); every test owns its page and server.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh

echo "== ruff"
.venv/bin/ruff check leopard_core tests e2e bench tools
echo "== tsc --checkJs (the site's JavaScript, typed with JSDoc)"
npx --no-install tsc -p tsconfig.json
npx --no-install tsc -p tsconfig.sw.json
echo "== eslint"
npx --no-install eslint --max-warnings 0
echo "== JavaScript unit tests (node --test)"
node --test tests/js/
echo "== mypy --strict"
.venv/bin/mypy
workers="${LEOPARD_TEST_WORKERS:-2}"
echo "== engine tests"
.venv/bin/python -m pytest tests leopard_core -n "$workers"
echo "== build the site"
.venv/bin/python tools/build_site.py
echo "== end-to-end tests (Chromium)"
.venv/bin/python -m pytest e2e --durations=15 -n "$workers" --dist loadfile
