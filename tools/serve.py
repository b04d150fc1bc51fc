"""Serve the built site (dist/) on localhost with the same types and headers as netlify.toml.

Glossary:
    MIME types      -- ``.wasm`` must be ``application/wasm`` (streaming compile), ``.mjs`` and ``.js``
                       ``text/javascript``, ``.webmanifest`` ``application/manifest+json``.
    versioned path  -- ``/pyodide/<version>/`` and ``/wheels/<hash>/``: cached for a year; every other
                       file is revalidated (``no-cache``) so a new build shows at once.
    CSP             -- the Content-Security-Policy the page needs and nothing more.
    header rules    -- netlify.toml's ``[[headers]]`` tables, read at start and applied to each path as
                       Netlify does (``netlify_headers``): every rule whose ``for`` pattern matches
                       applies, in file order; a header set by several matching rules gets their
                       values joined with ", ". So the framing headers (only ``/embed.html`` may be
                       framed by other sites) are written once, in netlify.toml.
    compressed      -- when the build left ``X.br`` / ``X.gz`` next to a file X and the request's
                       Accept-Encoding allows it, X is sent as that sibling with ``Content-Encoding``
                       (brotli first) and ``Vary: Accept-Encoding``; X's own type and cache rules;
                       a revalidation (If-Modified-Since) of an unchanged X gets ``304 Not Modified``,
                       as a plain file does.

Usage: ``python tools/serve.py [--port 8000] [--dir dist] [--host 127.0.0.1]`` (port 0: a free one).
Tests import ``start_server`` to run it in a thread.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import http.server
import os
import re
import sys
import threading
import tomllib
from pathlib import Path
from typing import IO, ClassVar

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
    ".snapshot": "application/octet-stream",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
}
HeaderRule = tuple[re.Pattern[str], dict[str, str]]


def for_pattern(pattern: str) -> re.Pattern[str]:
    """A Netlify ``for`` path as a regular expression: ``*`` alone in a segment matches any rest of
    the path (or nothing), ``*`` inside one matches anything, ``:name`` one segment; a trailing
    slash is optional and case does not matter.

    >>> [bool(for_pattern(p).match(path)) for p, path in
    ...  [("/*", "/embed.html"), ("/*", "/"), ("/", "/"), ("/rules.html", "/rules.html/"),
    ...   ("/rules.html", "/rules.htm"), ("/*.wasm", "/a/b.wasm"), ("/wheels/*/*", "/wheels/m.json")]]
    [True, True, True, True, False, True, True]
    """
    parts = []
    for part in (p.rstrip() for p in pattern.split("/")):
        if not part:
            continue
        if part.startswith(":"):
            parts.append("([^/]+)")
        elif part == "*":
            parts.append("?(.*)")
        else:
            parts.append("(.*)".join(re.escape(piece) for piece in part.split("*")))
    return re.compile(f"^/{'/'.join(parts)}/?$", re.IGNORECASE)


def load_header_rules(config: Path = ROOT / "netlify.toml") -> list[HeaderRule]:
    """netlify.toml's ``[[headers]]`` tables, in file order, as (pattern, values)."""
    tables = tomllib.loads(config.read_text(encoding="utf-8")).get("headers", [])
    return [(for_pattern(table["for"]), {k: str(v) for k, v in table["values"].items()})
            for table in tables]


def netlify_headers(path: str, rules: list[HeaderRule], join: bool = True) -> dict[str, str]:
    """The headers Netlify sends for ``path``: all matching rules in order; a header that several
    of them set gets the values joined with ", " (``join=False``: the last one wins, as
    ``netlify dev`` does). Header names are compared case-insensitively."""
    found: dict[str, tuple[str, str]] = {}
    for pattern, values in rules:
        if not pattern.match(path):
            continue
        for name, value in values.items():
            key = name.lower()
            if join and key in found:
                value = f"{found[key][1]}, {value}"
            found[key] = (name, value)
    return dict(found.values())


HEADER_RULES = load_header_rules()


ENCODINGS = (("br", ".br"), ("gzip", ".gz"))  # preferred first


def accepted_encodings(header: str) -> set[str]:
    """The content codings an Accept-Encoding header allows (q=0 refuses one).

    >>> sorted(accepted_encodings("gzip, deflate, br;q=0.9, zstd"))
    ['br', 'deflate', 'gzip', 'zstd']
    >>> sorted(accepted_encodings("br;q=0, gzip"))
    ['gzip']
    """
    found = set()
    for item in header.split(","):
        name, _, params = item.strip().partition(";")
        quality = params.strip()
        if quality.startswith("q="):
            try:
                if float(quality[2:]) == 0:
                    continue
            except ValueError:
                continue
        if name.strip():
            found.add(name.strip().lower())
    return found


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit types, cache rules and the CSP."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES,
    }

    varies = False  # this answer's file has compressed siblings: caches must key on Accept-Encoding

    def send_head(self) -> IO[bytes] | None:  # type: ignore[override]
        """Like the base class, but a file with a compressed sibling the client accepts is sent
        as that sibling (Content-Encoding), with the original's type."""
        path = self.translate_path(self.path)
        siblings = [(coding, path + suffix) for coding, suffix in ENCODINGS
                    if os.path.isfile(path) and os.path.isfile(path + suffix)]
        self.varies = bool(siblings)
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        for coding, sibling in siblings:
            if coding in accepted:
                if self.unchanged_since_asked(path):
                    # As the base class does for a plain file (and Netlify by ETag): a revalidation
                    # of an unchanged file costs no body and no rewrite of the browser's cache.
                    self.send_response(304)
                    self.end_headers()
                    return None
                stream = open(sibling, "rb")  # noqa: SIM115 -- returned to the caller, who closes it
                size = os.fstat(stream.fileno()).st_size
                self.send_response(200)
                self.send_header("Content-type", self.guess_type(path))
                self.send_header("Content-Encoding", coding)
                self.send_header("Content-Length", str(size))
                self.send_header("Last-Modified", email.utils.formatdate(os.path.getmtime(path), usegmt=True))
                self.end_headers()
                return stream
        return super().send_head()

    def unchanged_since_asked(self, path: str) -> bool:
        """A conditional request (If-Modified-Since, no If-None-Match) for a file not modified since."""
        since = self.headers.get("If-Modified-Since")
        if not since or "If-None-Match" in self.headers:
            return False
        try:
            asked = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        if asked.tzinfo is None:
            return False
        return int(os.path.getmtime(path)) <= asked.timestamp()

    def end_headers(self) -> None:
        """Add the site's headers to every answer: netlify.toml's rules for the path (the type
        comes from ``TYPES``), and no-cache where no rule sets a cache policy."""
        if self.varies:
            self.send_header("Vary", "Accept-Encoding")
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        headers = netlify_headers(path, HEADER_RULES)
        names = {name.lower() for name in headers}
        if "cache-control" not in names:
            self.send_header("Cache-Control", "no-cache")
        for name, value in headers.items():
            if name.lower() != "content-type":
                self.send_header(name, value)
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

    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that drops a download it no longer needs (the snapshot on a page that chose the
        normal boot, a page closed mid-download) is not an error worth a traceback; others are."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


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
