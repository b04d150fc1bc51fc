"""Serve the built site (dist/) on localhost with the same types and headers as netlify.toml.

Glossary:
    MIME types      -- ``.wasm`` must be ``application/wasm`` (streaming compile), ``.mjs`` and ``.js``
                       ``text/javascript``, ``.webmanifest`` ``application/manifest+json``.
    versioned path  -- ``/pyodide/<version>/`` and ``/wheels/<hash>/``: cached for a year; every other
                       file is revalidated (``no-cache``) so a new build shows at once.
    CSP             -- the Content-Security-Policy the page needs and nothing more.

Usage: ``python tools/serve.py [--port 8000] [--dir dist] [--host 127.0.0.1]`` (port 0: a free one).
Tests import ``start_server`` to run it in a thread.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'"
)
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
}
LONG_CACHE_PREFIXES = ("/pyodide/", "/wheels/")


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit types, cache rules and the CSP."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES,
    }

    def end_headers(self) -> None:
        """Add the site's headers to every answer."""
        path = self.path.split("?", 1)[0]
        versioned = path.startswith(LONG_CACHE_PREFIXES) and not path.endswith("manifest.json")
        self.send_header("Cache-Control", "public, max-age=31536000, immutable" if versioned else "no-cache")
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        if path.endswith("sw.js"):
            self.send_header("Service-Worker-Allowed", "/")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Quiet unless asked: tests and benchmarks print their own lines."""
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """A threaded server with a long listen queue: the service worker's precache and the engine's
    downloads open many connections at once, more than the default queue of 5 holds."""

    request_queue_size = 128
    daemon_threads = True


def start_server(
    directory: Path, port: int = 0, host: str = "127.0.0.1", verbose: bool = False,
    handler_class: type[SiteHandler] = SiteHandler,
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve ``directory`` in a background thread; returns the server and its base URL."""
    handler = functools.partial(handler_class, directory=str(directory))
    server = SiteServer((host, port), handler)
    server.verbose = verbose  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://{host}:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    """Command line: serve until Ctrl-C."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", default=str(ROOT / "dist"))
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    directory = Path(args.dir)
    if not (directory / "index.html").exists():
        print(f"serve: {directory} has no index.html; build first: python tools/build_site.py",
              file=sys.stderr)
        return 2
    server, url = start_server(directory, args.port, args.host, verbose=not args.quiet)
    print(f"Leopard is served at {url}  (Ctrl-C stops)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
