#!/usr/bin/env bash
# Set up (idempotent), build the site into dist/ and serve it on localhost; prints the URL.
# Usage: bash tools/serve.sh [--port 8000]
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
.venv/bin/python tools/build_site.py
exec .venv/bin/python tools/serve.py "$@"
