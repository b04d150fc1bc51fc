#!/usr/bin/env bash
# Installs everything the project needs, idempotently: a virtualenv with the engine and its dev
# tools, the npm packages (pinned Pyodide), and Debian's Chromium for the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e '.[dev]'

if [ "${LEOPARD_SKIP_BROWSER:-}" != "1" ]; then
  if [ ! -x /usr/bin/chromium ]; then
    if command -v apt-get >/dev/null 2>&1; then
      SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
      $SUDO apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
    else
      .venv/bin/python -m playwright install chromium
    fi
  fi
  if [ -f package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
  fi
fi
