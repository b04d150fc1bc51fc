"""Build the static site in dist/ from web/, the engine wheel, Pyodide's core files and micropip.

Glossary:
    dist/                 -- the publish directory (Netlify serves it as is; tools/serve.py locally).
    versioned files       -- files whose path changes when their content changes:
                             ``pyodide/<version>/...`` and ``wheels/<hash>/...``; cached for a year.
    wheels/manifest.json  -- what the engine worker loads: Pyodide's folder, the micropip and engine
                             wheel URLs (relative to the site root) and the byte sizes of the big
                             downloads (for a real progress bar).
    sw.js                 -- the service worker; the build writes its precache list (every file in
                             dist/) and a cache name derived from the hash of every file.

Usage: ``python tools/build_site.py [--out dist]``. Needs ``npm ci`` to have run (done by
tools/setup.sh; the build runs it itself when node_modules/pyodide is missing).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
CACHE = ROOT / "build" / "cache"
MICROPIP_VERSION = "0.11.1"
PYODIDE_CORE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)
PRECACHE_MARK = "const PRECACHE = [];"
CACHE_NAME_MARK = 'const CACHE_NAME = "leopard-dev";'
ICON_SIZES = (192, 512)


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


def micropip_wheel() -> Path:
    """The micropip wheel from PyPI (kept in build/cache between builds)."""
    name = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
    target = CACHE / name
    if not target.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        run([sys.executable, "-m", "pip", "download", f"micropip=={MICROPIP_VERSION}", "--no-deps",
             "--only-binary=:all:", "--python-version", "3.14", "-q", "-d", str(CACHE)])
    return target


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

    pyodide_rel = f"pyodide/{version}/"
    (out / pyodide_rel).mkdir(parents=True)
    for name in PYODIDE_CORE_FILES:
        shutil.copy2(source / name, out / pyodide_rel / name)

    with tempfile.TemporaryDirectory() as tmp:
        engine = engine_wheel(Path(tmp))
        wheel_files = [engine, micropip_wheel()]
        urls = []
        for wheel in wheel_files:
            data = wheel.read_bytes()
            rel = f"wheels/{short_hash(data)}/{wheel.name}"
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            (out / rel).write_bytes(data)
            urls.append(rel)

    sizes = {rel: (out / rel).stat().st_size for rel in
             [pyodide_rel + n for n in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs")] + urls}
    manifest: dict[str, object] = {
        "pyodide": pyodide_rel, "pyodide_version": version,
        "micropip": urls[1], "engine": urls[0], "sizes": sizes,
    }
    (out / "wheels" / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")

    icons = write_icons(out)
    web_manifest = out / "manifest.webmanifest"
    if web_manifest.exists():
        data = json.loads(web_manifest.read_text())
        data["icons"] = icons
        web_manifest.write_text(json.dumps(data, indent=2) + "\n")

    write_service_worker(out)
    return manifest


def write_service_worker(out: Path) -> None:
    """Fill sw.js's precache list (every built file) and a cache name hashing all of them."""
    sw = out / "sw.js"
    if not sw.exists():
        return
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p != sw)
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes() + b"\0")
    text = sw.read_text()
    if PRECACHE_MARK not in text or CACHE_NAME_MARK not in text:
        sys.exit("build: web/sw.js lost its PRECACHE or CACHE_NAME line")
    precache = ["./", *files]
    text = text.replace(PRECACHE_MARK, f"const PRECACHE = {json.dumps(precache, indent=1)};")
    text = text.replace(CACHE_NAME_MARK, f'const CACHE_NAME = "leopard-{digest.hexdigest()[:16]}";')
    sw.write_text(text)


def main(argv: list[str] | None = None) -> int:
    """Command line: build the site."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "dist"), help="output folder (default dist/)")
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()
    manifest = build(out)
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"built {out} ({total / 1e6:.1f} MB): engine {manifest['engine']},"
          f" Pyodide {manifest['pyodide_version']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
