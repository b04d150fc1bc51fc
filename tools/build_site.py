"""Build the static site in dist/ from web/, the engine wheel, Pyodide's core files and a snapshot.

Glossary:
    dist/                 -- the publish directory (Netlify serves it as is; tools/serve.py locally).
    precompiled wheel     -- the engine wheel with ``__pycache__/*.cpython-3XX.pyc`` next to each module,
                             compiled by the built Pyodide's Python at build time (``node
                             tools/snapshot.mjs compile``): importing the engine in the browser then
                             compiles nothing. The site publishes this one as the engine wheel.
    versioned files       -- files whose path changes when their content changes:
                             ``pyodide/<version>/...`` and ``wheels/<hash>/...``; cached for a year.
    memory snapshot       -- ``wheels/<key>/<engine>/python.snapshot``: Python's memory with the
                             standard modules the engine needs imported, then the engine, made by
                             ``node tools/snapshot.mjs make`` with the built Pyodide files; the worker
                             restores it instead of starting Python (about a second to a playable
                             table). ``<key>`` hashes what its Python is made from (``snapshot_key``):
                             the Pyodide files, tools/snapshot.mjs and the module list; ``<engine>``
                             is the engine wheel's hash. After a release that changed only the engine
                             a returning visitor's cached snapshot (same ``<key>``) still serves: the
                             worker restores it and swaps in the new engine, so the visitor
                             downloads the new wheel only. Its heap is sent as its delta from the
                             wasm's initial memory (web/js/platform/engine/snapshot-delta.js;
                             ``snapshot_delta`` in the manifest): 4.1 MB brotli instead of 5.3.
    restore zip           -- ``wheels/<key>/stdlib-after-restore.zip``: an empty zip, the standard
                             library a restored snapshot mounts in place of Pyodide's 2.5 MB one
                             (``stdlib_after_restore`` in the manifest): every module the engine uses
                             is in the snapshot's memory, and the worker fetches the full zip the
                             first time a module is found nowhere. A first visit that restores the
                             snapshot thus downloads neither the full zip nor the engine wheel.
    module list           -- the standard modules importing the engine adds to a started Pyodide
                             (``node tools/snapshot.mjs modules``, e.g. ``["_blake2", "decimal",
                             "hashlib", ...]``), computed each build from the wheel (cached by its
                             hash): a new engine that needs another module makes a new snapshot.
    wheels/manifest.json  -- what the engine worker loads: Pyodide's folder, the engine wheel and
                             snapshot URLs (relative to the site root, snapshot null when it could not
                             be made; snapshot_download the address the worker fetches it from, its
                             brotli file when there is one) and the byte sizes of the downloads
                             of a normal boot (for a real progress bar) and of the snapshot.
    compressed siblings   -- ``X.br`` and ``X.gz`` next to each big file X (wasm, zip, mjs, wheels,
                             snapshot): tools/serve.py sends them by Accept-Encoding. Their sizes
                             are in the manifest's ``wire`` ({path: {"br": n, "gzip": n}}): the
                             worker measures the link in bytes on the wire to choose a first start.
    early start           -- START_EARLY_SCRIPT in the head of each page that starts the engine as
                             it opens (EARLY_ENGINE_PAGES): it starts the engine's worker before the
                             page's own modules have loaded.
    bundled modules       -- each page's module script and the engine's worker, replaced in dist/
                             by one file holding every module it imports (tools/bundle.mjs, esbuild;
                             module_entries lists them); the engine's client, the language and
                             site-url.js stay modules of their own. web/js/ keeps the modules.
    js/embed-host.js      -- a copy of web/js/embed/host.js at the address host pages use.
    pages                 -- web/'s pages with the site menu put in and the rules pages made from
                             their documents (tools/site_pages.py); web/partials/ is not published.
    data/...              -- each registered game's data files (``GameSpec.data_files``), written
                             by the engine: e.g. data/hunt-board.json, the hunt's board (points,
                             lines, opening), so the hunt page draws it before Python has started.
    sw.js                 -- the service worker; the build writes its precache list (every file in
                             dist/ except the snapshot, the compressed siblings and, with a
                             snapshot, the normal start's own downloads: ``normal_start_only``,
                             kept when first fetched) and a cache name
                             derived from the hash of every file; the same name goes into the
                             engine client (BUILD), which names its shared worker with it.

Usage: ``python tools/build_site.py [--out dist]``. Needs ``npm ci`` to have run (done by
tools/setup.sh; the build runs it itself when node_modules/pyodide is missing) and Node 20. The
module list, the snapshot and the compressed files are kept in build/cache/ by content hash, so
rebuilding costs nothing when neither Pyodide nor the engine changed, and little (the list) when only
the engine did.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib
from collections.abc import Collection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import site_pages

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
CACHE = ROOT / "build" / "cache"
SNAPSHOT_SCRIPT = ROOT / "tools" / "snapshot.mjs"
BUNDLE_SCRIPT = ROOT / "tools" / "bundle.mjs"
WORKER_SCRIPT = "js/platform/engine/worker.js"
MODULE_SCRIPT = re.compile(r'<script type="module" src="([^"]+)"')
# The delta the snapshot is sent as: the build and the worker share this module (tools/snapshot.mjs
# imports it), so it is one of the snapshot's inputs.
SNAPSHOT_DELTA_MODULE = ROOT / "web" / "js" / "platform" / "engine" / "snapshot-delta.js"
SNAPSHOT_DELTA = "wasm-data-xor"  # the module's SNAPSHOT_DELTA: the manifest names the encoding
RESTORE_ZIP_NAME = "stdlib-after-restore.zip"
SNAPSHOT_NAME = "python.snapshot"
COMPRESSED_SUFFIXES = (".wasm", ".zip", ".mjs", ".whl", ".snapshot")
COMPRESS_MIN_BYTES = 32_768
# The site's own text files, compressed last (the build writes into some of them until the end):
# a release re-downloads every changed one into the service worker's cache (0.5 MB of them
# uncompressed, as much as the engine wheel).
TEXT_SUFFIXES = (".js", ".css", ".html", ".json", ".svg", ".webmanifest")
TEXT_MIN_BYTES = 1024
SIBLINGS = (".br", ".gz")
PYODIDE_CORE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)
PRECACHE_MARK = "const PRECACHE = [];"
CACHE_NAME_MARK = 'const CACHE_NAME = "leopard-dev";'
ENGINE_CLIENT = "js/platform/engine/client.js"
BUILD_MARK = 'const BUILD = "dev";'
ICON_SIZES = (192, 512)
# The pages that start the engine as they open (the embed frame does not for a board with a bad
# setting), and the script in their heads that starts it before their modules have loaded.
EARLY_ENGINE_PAGES = ("index.html", "hunt.html", "eleusis.html", "rules.html", "eleusis-rules.html")
START_EARLY_SCRIPT = "js/platform/engine/start-early.js"
ENCODINGS = {".br": "br", ".gz": "gzip"}  # sibling suffix -> Content-Encoding


def run(cmd: list[str]) -> None:
    """Run a command from the repository root; stop the build with its output when it fails."""
    # A fixed timestamp makes the wheel byte-for-byte reproducible, so an unchanged engine keeps its
    # versioned URL and the service worker's cache name stays the same.
    env = {**os.environ, "SOURCE_DATE_EPOCH": "315532800"}
    result = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        sys.exit(f"build: {' '.join(cmd)} failed:\n{result.stdout}\n{result.stderr}")


def pinned_pyodide_version() -> str:
    """The exact Pyodide version package.json pins."""
    return str(json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"])


def pyodide_dir(version: str) -> Path:
    """node_modules/pyodide at the pinned version, installing it with npm ci when needed."""
    folder = ROOT / "node_modules" / "pyodide"
    installed = folder / "package.json"
    if not installed.exists() or json.loads(installed.read_text())["version"] != version:
        run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"])
    missing = [name for name in PYODIDE_CORE_FILES if not (folder / name).exists()]
    if missing:
        sys.exit(f"build: node_modules/pyodide lacks {missing}")
    return folder


def engine_wheel(tmp: Path) -> Path:
    """Build the engine's pure wheel from pyproject.toml."""
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp), str(ROOT)])
    wheels = sorted(tmp.glob("leopard_core-*-py3-none-any.whl"))
    if len(wheels) != 1:
        sys.exit(f"build: expected one pure engine wheel, got {[w.name for w in wheels]}")
    return wheels[0]


def short_hash(data: bytes) -> str:
    """First 12 hex digits of SHA-256: enough to name a version."""
    return hashlib.sha256(data).hexdigest()[:12]


def png(size: int, pixel: object) -> bytes:
    """A PNG of ``size`` x ``size`` RGBA pixels from ``pixel(x, y) -> (r, g, b, a)``."""
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            rows.extend(pixel(x, y))  # type: ignore[operator]

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
            + chunk(b"IEND", b""))


def icon_pixel(size: int, maskable: bool) -> object:
    """The app icon: a green card table with a cream card carrying leopard rosettes."""
    spots = ((0.40, 0.36, 0.085), (0.60, 0.44, 0.07), (0.44, 0.60, 0.075), (0.62, 0.66, 0.06),
             (0.52, 0.28, 0.05))
    inset = 0.22 if maskable else 0.16

    def pixel(x: int, y: int) -> tuple[int, int, int, int]:
        u, v = (x + 0.5) / size, (y + 0.5) / size
        if not maskable:
            corner = 0.18
            cx = min(max(u, corner), 1 - corner)
            cy = min(max(v, corner), 1 - corner)
            if (u - cx) ** 2 + (v - cy) ** 2 > corner**2:
                return (0, 0, 0, 0)
        left, right, top, bottom = inset + 0.06, 1 - inset - 0.06, inset, 1 - inset
        if left <= u <= right and top <= v <= bottom:
            for sx, sy, r in spots:
                d = ((u - sx) ** 2 + (v - sy) ** 2) ** 0.5
                if d < r * 0.55:
                    return (196, 120, 40, 255)
                if d < r:
                    return (40, 28, 20, 255)
            return (250, 238, 208, 255)
        return (22, 92, 62, 255)

    return pixel


def write_icons(out: Path) -> list[dict[str, str]]:
    """PNG icons for the manifest; returns their manifest entries."""
    folder = out / "icons"
    folder.mkdir(parents=True, exist_ok=True)
    entries = []
    for size in ICON_SIZES:
        for maskable in (False, True):
            name = f"icon-{size}{'-maskable' if maskable else ''}.png"
            (folder / name).write_bytes(png(size, icon_pixel(size, maskable)))
            entries.append({"src": f"icons/{name}", "sizes": f"{size}x{size}", "type": "image/png",
                            "purpose": "maskable" if maskable else "any"})
    return entries


def build(out: Path) -> dict[str, object]:
    """Assemble the whole site in ``out``; returns the wheels manifest."""
    version = pinned_pyodide_version()
    source = pyodide_dir(version)
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(WEB, out, ignore=shutil.ignore_patterns(".*", "__pycache__"))
    # Other sites load the embedding script from this address (README, docs/embedding.md): it stays
    # where it was published, whatever the layout of web/js/ becomes.
    shutil.copy2(WEB / "js" / "embed" / "host.js", out / "js" / "embed-host.js")
    site_pages.write_pages(out)  # the site menu in every page, the rules pages from docs/
    write_game_data(out)
    inlined = bundle_modules(out)

    pyodide_rel = f"pyodide/{version}/"
    (out / pyodide_rel).mkdir(parents=True)
    for name in PYODIDE_CORE_FILES:
        shutil.copy2(source / name, out / pyodide_rel / name)

    with tempfile.TemporaryDirectory() as tmp:
        wheel = precompiled_wheel(out / pyodide_rel, engine_wheel(Path(tmp)))
        wheel_data = wheel.read_bytes()
        engine_rel = f"wheels/{short_hash(wheel_data)}/{wheel.name}"
        (out / engine_rel).parent.mkdir(parents=True, exist_ok=True)
        (out / engine_rel).write_bytes(wheel_data)

    snapshot_rel = write_snapshot(out, out / pyodide_rel, out / engine_rel)
    write_compressed(out)
    write_start_early(out)
    sizes = {rel: (out / rel).stat().st_size for rel in
             [pyodide_rel + n for n in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs")]
             + [engine_rel]}
    manifest: dict[str, object] = {
        "pyodide": pyodide_rel, "pyodide_version": version, "engine": engine_rel, "sizes": sizes,
        "snapshot": snapshot_rel,
        # Where a cached snapshot that can take this build's engine lives (see snapshot_key).
        "snapshot_base": snapshot_folder(snapshot_rel) if snapshot_rel else None,
        "snapshot_bytes": (out / snapshot_rel).stat().st_size if snapshot_rel else 0,
        "snapshot_delta": SNAPSHOT_DELTA if snapshot_rel else None,
        "stdlib_after_restore": write_restore_zip(out, snapshot_rel) if snapshot_rel else None,
        "wire": wire_sizes(out, [*sizes, *([snapshot_rel] if snapshot_rel else [])]),
        # The worker downloads the brotli file itself (netlify.toml sends it with Content-Encoding:
        # br): a host that does not compress binary files on the fly then sends 5 MB, not 31.
        "snapshot_download": (snapshot_rel + ".br" if snapshot_rel and (out / (snapshot_rel + ".br")).exists()
                              else snapshot_rel),
    }
    (out / "wheels" / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")

    icons = write_icons(out)
    web_manifest = out / "manifest.webmanifest"
    if web_manifest.exists():
        data = json.loads(web_manifest.read_text())
        data["icons"] = icons
        web_manifest.write_text(json.dumps(data, indent=2) + "\n")

    write_service_worker(out, leave_out=inlined)
    write_compressed(out, text=True)  # last: sw.js and the engine client were written just now
    return manifest


def write_restore_zip(out: Path, snapshot_rel: str) -> str:
    """Write the empty zip a restored snapshot mounts as its standard library (see the glossary) in
    the snapshot's base folder; returns its path relative to ``out``."""
    rel = snapshot_folder(snapshot_rel) + RESTORE_ZIP_NAME
    with zipfile.ZipFile(out / rel, "w") as empty:
        empty.comment = b"Every standard module the engine uses is in the memory snapshot."
    return rel


def wire_sizes(out: Path, files: list[str]) -> dict[str, dict[str, int]]:
    """Each file's size as each of its compressed siblings sends it, by Content-Encoding."""
    return {rel: {encoding: (out / (rel + suffix)).stat().st_size for suffix, encoding in ENCODINGS.items()
                  if (out / (rel + suffix)).exists()} for rel in files}


def write_start_early(out: Path) -> None:
    """START_EARLY_SCRIPT in the head of each page that starts the engine as it opens."""
    for name in EARLY_ENGINE_PAGES:
        page = out / name
        if page.exists():
            tag = f'<script src="{START_EARLY_SCRIPT}"></script>'
            text = page.read_text(encoding="utf-8")
            if "</head>" not in text:
                sys.exit(f"build: {name} has no </head> for the engine's early start")
            page.write_text(text.replace("</head>", f"  {tag}\n</head>", 1), encoding="utf-8")


def write_game_data(out: Path) -> None:
    """Every registered game's data files (``GameSpec.data_files``), written by the engine itself
    as compact JSON: the pages read them before Python has started."""
    sys.path.insert(0, str(ROOT))
    from leopard_core.games import load_all
    from leopard_core.platform.registry import games

    load_all()
    for spec in games():
        for name, data in spec.data_files.items():
            path = out / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(data(), separators=(",", ":")) + "\n")


def module_entries(out: Path) -> list[str]:
    """What tools/bundle.mjs bundles: each page's module script and the engine's worker, relative to
    ``out``."""
    found = {WORKER_SCRIPT}
    for page in out.rglob("*.html"):
        for src in MODULE_SCRIPT.findall(page.read_text(encoding="utf-8")):
            found.add(os.path.relpath(os.path.normpath(page.parent / src), out).replace(os.sep, "/"))
    return sorted(found)


def bundle_modules(out: Path) -> list[str]:
    """Each page's modules in one file, in place (tools/bundle.mjs says why and what stays apart).
    Returns the site modules copied into a bundle, which no page fetches any more (relative to
    ``out``). Without Node the site is left unbundled (it works, with more requests); a bundle that
    fails stops the build."""
    node = shutil.which("node")
    if node is None:
        print("build: warning: Node is not installed; the pages' modules are not bundled", file=sys.stderr)
        return []
    result = subprocess.run([node, str(BUNDLE_SCRIPT), str(out), *module_entries(out)],
                            cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"build: bundling the pages' modules failed:\n{result.stdout}\n{result.stderr}")
    return list(json.loads(result.stdout)["inlined"])


def node_command(args: list[str]) -> subprocess.CompletedProcess[str]:
    """Run ``node tools/snapshot.mjs ARGS`` from the repository root."""
    node = shutil.which("node")
    if node is None:
        raise OSError("node is not installed")
    return subprocess.run([node, str(SNAPSHOT_SCRIPT), *args], cwd=ROOT, capture_output=True, text=True)


def precompiled_wheel(pyodide_folder: Path, wheel: Path) -> Path:
    """The engine wheel with each module's bytecode compiled by the built Pyodide (``node
    tools/snapshot.mjs compile``), kept in build/cache by the hash of the Pyodide files, the wheel and
    the script; the plain wheel (with a warning) when Node cannot make it: the engine then compiles
    its modules at every start, about two seconds more on a phone."""
    digest = hashlib.sha256()
    for part in [*(pyodide_folder / n for n in PYODIDE_CORE_FILES), wheel, SNAPSHOT_SCRIPT]:
        digest.update(part.name.encode() + b"\0" + part.read_bytes() + b"\0")
    cached = CACHE / "compiled" / digest.hexdigest()[:24] / wheel.name
    if not cached.exists():
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".partial")
        try:
            result = node_command(["compile", str(pyodide_folder), str(wheel), str(partial)])
            failed = result.returncode != 0 or not partial.exists()
            reason = f"node tools/snapshot.mjs compile failed:\n{result.stdout}\n{result.stderr}"
        except OSError as err:
            failed, reason = True, str(err)
        if failed:
            print(f"build: warning: the engine is not precompiled ({reason})", file=sys.stderr)
            return wheel
        partial.replace(cached)
    return cached


def engine_stdlib_modules(pyodide_folder: Path, wheel: Path) -> list[str]:
    """The standard-library modules importing the engine adds to a started Pyodide (``node
    tools/snapshot.mjs modules``), kept in build/cache by the hash of the Pyodide files, the wheel and
    the script. Raises OSError when Node is missing and ValueError when the script fails."""
    digest = hashlib.sha256()
    for part in [*(pyodide_folder / n for n in PYODIDE_CORE_FILES), wheel, SNAPSHOT_SCRIPT]:
        digest.update(part.name.encode() + b"\0" + part.read_bytes() + b"\0")
    cached = CACHE / "stdlib" / f"{digest.hexdigest()[:24]}.json"
    if not cached.exists():
        result = node_command(["modules", str(pyodide_folder), str(wheel)])
        lines = result.stdout.strip().splitlines()
        if result.returncode != 0 or not lines:
            raise ValueError(f"node tools/snapshot.mjs modules failed:\n{result.stdout}\n{result.stderr}")
        names = json.loads(lines[-1])
        cached.parent.mkdir(parents=True, exist_ok=True)
        cached.write_text(json.dumps(names) + "\n")
    return [str(name) for name in json.loads(cached.read_text())]


def snapshot_key(pyodide_folder: Path, modules: list[str]) -> str:
    """What the snapshot's Python is made from, hashed: the Pyodide files, tools/snapshot.mjs and the
    list of standard modules imported before the engine. It names the snapshot's base folder
    (``wheels/<key[:12]>/``): every snapshot in it can take a newer engine after restoring (the
    worker swaps the engine), so a release that changes only the engine keeps the folder and a
    returning visitor's cached snapshot stays of use. The same inputs make the same bytes (tools/
    snapshot.mjs gives the making Python fixed random bytes and clocks), so a build in another
    folder, or without build/cache, publishes the same snapshot under the same name."""
    digest = hashlib.sha256()
    for part in [*(pyodide_folder / n for n in PYODIDE_CORE_FILES), SNAPSHOT_SCRIPT, SNAPSHOT_DELTA_MODULE]:
        digest.update(part.name.encode() + b"\0" + part.read_bytes() + b"\0")
    digest.update(b"modules\0" + "\n".join(modules).encode())
    return digest.hexdigest()[:24]


def snapshot_folder(rel: str) -> str:
    """The base folder of a snapshot's path (``wheels/<key>/``): snapshots in it share their Python."""
    return rel.split("/", 2)[0] + "/" + rel.split("/", 2)[1] + "/"


def write_snapshot(out: Path, pyodide_folder: Path, wheel: Path) -> str | None:
    """Make (or take from build/cache) the memory snapshot of the built Pyodide with the standard
    modules the engine needs and then the engine imported; returns its path relative to ``out``,
    ``wheels/<snapshot_key[:12]>/<engine hash>/python.snapshot``, or None (with a warning) when it
    cannot be made: the worker then always boots the normal way."""
    try:
        modules = engine_stdlib_modules(pyodide_folder, wheel)
    except (OSError, ValueError) as err:
        print(f"build: warning: no memory snapshot ({err}); every visit boots normally", file=sys.stderr)
        return None
    key = snapshot_key(pyodide_folder, modules)
    engine = short_hash(wheel.read_bytes())
    cached = CACHE / "snapshots" / f"{key}-{engine}.snapshot"
    if not cached.exists():
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".partial")
        listed = cached.with_suffix(".modules.json")
        listed.write_text(json.dumps(modules))
        try:
            result = node_command(["make", str(pyodide_folder), str(listed), str(wheel), str(partial)])
        except OSError as err:
            print(f"build: warning: no memory snapshot ({err}); every visit boots normally", file=sys.stderr)
            return None
        finally:
            listed.unlink()
        if result.returncode != 0 or not partial.exists():
            print(f"build: warning: no memory snapshot (node tools/snapshot.mjs make failed):\n"
                  f"{result.stdout}\n{result.stderr}", file=sys.stderr)
            return None
        partial.replace(cached)
    rel = f"wheels/{key[:12]}/{engine}/{SNAPSHOT_NAME}"
    (out / rel).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(cached, out / rel)
    return rel


def compressible(out: Path, text: bool = False) -> list[Path]:
    """The big files worth sending compressed: wasm, zips, modules, wheels, the snapshot; with
    ``text``, the site's own text files (TEXT_SUFFIXES) over TEXT_MIN_BYTES instead."""
    if text:
        return sorted(p for p in out.rglob("*") if p.is_file() and p.suffix in TEXT_SUFFIXES
                      and p.stat().st_size >= TEXT_MIN_BYTES)
    return sorted(p for p in out.rglob("*") if p.is_file() and p.suffix in COMPRESSED_SUFFIXES
                  and (p.suffix == ".whl" or p.stat().st_size >= COMPRESS_MIN_BYTES))


def write_compressed(out: Path, text: bool = False) -> None:
    """Write ``X.br`` and ``X.gz`` next to each big file (brotli by Node's zlib: Python's standard
    library has none), from build/cache when the same bytes were compressed before. A sibling that
    would not be smaller is left out; without Node the site has gzip siblings only."""
    folder = CACHE / "compressed"
    folder.mkdir(parents=True, exist_ok=True)
    keyed = {path: folder / hashlib.sha256(path.read_bytes()).hexdigest()[:24]
             for path in compressible(out, text)}
    missing = [key for key in dict.fromkeys(keyed.values()) if not key.with_suffix(".br").exists()]
    if missing:
        sources = {key: next(p for p, k in keyed.items() if k == key) for key in missing}
        for key, path in sources.items():
            shutil.copyfile(path, key)
        try:
            result = node_command(["compress", *map(str, sources)])
            failed = result.returncode != 0
        except OSError:
            failed = True
        if failed:
            print("build: warning: node could not compress; gzip siblings only", file=sys.stderr)
            for key in sources:
                key.with_suffix(".gz").write_bytes(gzip.compress(key.read_bytes(), compresslevel=9, mtime=0))
                key.with_suffix(".br").write_bytes(b"")  # marks the key as done (an empty file is never used)
        for key in sources:
            key.unlink()
    for path, key in keyed.items():
        size = path.stat().st_size
        for suffix in SIBLINGS:
            packed = key.with_suffix(suffix)
            if packed.exists() and 0 < packed.stat().st_size < size:
                shutil.copyfile(packed, path.with_name(path.name + suffix))


def write_service_worker(out: Path, leave_out: Collection[str] = ()) -> None:
    """Fill sw.js's precache list (every built file but those in ``leave_out``: the modules copied
    into a bundle, which no page fetches) and a cache name hashing all of them."""
    sw = out / "sw.js"
    if not sw.exists():
        return
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*")
                   if p.is_file() and p != sw and p.suffix not in SIBLINGS)
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes() + b"\0")
    # The snapshot (31 MB) is not precached: a first visit boots normally and the engine's worker
    # fetches it once the table is ready (keeping it in its own cache); its hash is still in the
    # cache name, so a new snapshot makes a new cache.
    has_snapshot = any(rel.endswith(SNAPSHOT_NAME) for rel in files)
    files = [rel for rel in files if not rel.endswith(SNAPSHOT_NAME)]
    # With a snapshot, a first visit restores it and never needs the full standard library or the
    # engine wheel: the service worker caches them when a normal start (or an engine swap) fetches
    # them rather than downloading 2.9 MB on every first visit. Without one they are every start's.
    if has_snapshot:
        files = [rel for rel in files if not normal_start_only(rel)]
    files = [rel for rel in files if rel not in leave_out]
    text = sw.read_text()
    if PRECACHE_MARK not in text or CACHE_NAME_MARK not in text:
        sys.exit("build: web/sw.js lost its PRECACHE or CACHE_NAME line")
    precache = ["./", *files]
    text = text.replace(PRECACHE_MARK, f"const PRECACHE = {json.dumps(precache, indent=1)};")
    text = text.replace(CACHE_NAME_MARK, f'const CACHE_NAME = "leopard-{digest.hexdigest()[:16]}";')
    sw.write_text(text)
    stamp_engine_client(out, digest.hexdigest()[:16])


def normal_start_only(rel: str) -> bool:
    """Whether a built file is downloaded by a normal start alone: Pyodide's standard library zip
    and the engine wheel (a snapshot start restores both from memory)."""
    return rel.endswith("/python_stdlib.zip") or (rel.startswith("wheels/") and rel.endswith(".whl"))


def stamp_engine_client(out: Path, build: str) -> None:
    """Write the build's name into the engine client: its shared worker is named with it, so the
    pages of a new release never talk to an older release's worker still open in another tab."""
    client = out / ENGINE_CLIENT
    text = client.read_text(encoding="utf-8")
    if BUILD_MARK not in text:
        sys.exit(f"build: {ENGINE_CLIENT} lost its BUILD line")
    client.write_text(text.replace(BUILD_MARK, f'const BUILD = "{build}";'), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Command line: build the site."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "dist"), help="output folder (default dist/)")
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()
    manifest = build(out)
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"built {out} ({total / 1e6:.1f} MB): engine {manifest['engine']},"
          f" Pyodide {manifest['pyodide_version']}, snapshot {manifest['snapshot']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
