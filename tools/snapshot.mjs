// Build-time helper for tools/build_site.py (Node 20, the pinned `pyodide` npm package).
//
//   node tools/snapshot.mjs modules <indexURL dir> <engine.whl>
//       Boots Pyodide from the built site's own Pyodide folder, unpacks the engine wheel, imports
//       every engine module (and the standard modules it imports lazily), and prints one JSON line:
//       the sorted names of the standard-library modules the engine added to sys.modules (those
//       Pyodide's own start imports are left out: every start has them), e.g. ["encodings.cp437",
//       "hashlib", ...]. The engine's own modules are not in it.
//   node tools/snapshot.mjs make <indexURL dir> <modules.json> <engine.whl> <out.snapshot>
//       Boots a clean Pyodide from the same folder (the same pyodide.asm.wasm and python_stdlib.zip
//       the browser will use: a snapshot only restores on the build that made it), imports the
//       standard modules listed in <modules.json> (the output of `modules`), then unpacks the
//       (precompiled) engine wheel and imports every engine module, and writes
//       pyodide.makeMemorySnapshot() to <out>, its heap XORed with the wasm's initial memory
//       (web/js/platform/engine/snapshot-delta.js, undone by the worker before restoring: the
//       unchanged bytes become zeros and pack 1.2 MB smaller). A return visit restores it and plays at once. The
//       standard modules come first so that the same snapshot also serves a later release that
//       changed only the engine: the worker then drops these engine modules, unpacks the new wheel
//       and imports it (what the new engine needs from the standard library is already in memory).
//       Reproducible: the same inputs make the same bytes, in any folder, at any time (see
//       fixMachineInputs). Prints one JSON line: {bytes, heap}.
//   node tools/snapshot.mjs compile <indexURL dir> <engine.whl> <out.whl>
//       Writes a copy of the wheel with every engine module's bytecode compiled by Pyodide's own
//       Python (the magic number and cache tag match the browser's), e.g.
//       leopard_core/__pycache__/webapi.cpython-314.pyc next to leopard_core/webapi.py. The .pyc files
//       are "unchecked hash" ones: Python loads them without reading the source's time or hash (the
//       unpacked files' times are the zip's, not the build's), and a build from the same sources
//       writes the same bytes. Importing the engine then skips compiling ~90 modules in WebAssembly:
//       the import after a snapshot restore, and a normal start's engine stage, take a third of the
//       time. Prints one JSON line: {modules, bytes}.
//   node tools/snapshot.mjs compress <file>...
//       Writes <file>.br (brotli, large window) and <file>.gz (gzip -9) next to each file. Brotli's
//       quality is 11 up to 16 MB; 7 above (the 31 MB snapshot: 5.2 MB in 13 s where quality 9 saves
//       2% more in 40 s on a loaded build machine). build_site.py caches the results by content hash.
//
//   node tools/snapshot.mjs restore <dist> <probe.py>
//       Restores the built site's snapshot as the engine's worker does and runs <probe.py> in it
//       (a check of the build, for e2e/test_snapshot_restore.py); prints one JSON line.
//
// Pitfalls handled here (shared/notes/pyodide.md, "Memory snapshots"): nothing but imports and
// unpackArchive before the snapshot (no packages, loadPackage or micropip: pyodide issue 5195);
// `_sysExecutable` fixed so sys.executable is not this script's path; the bridge's sessions reset.
// After a restore Python's standard library zip is mounted again (a standard module not imported
// here still imports, only slower), but site-packages is empty (the engine's modules are in memory;
// what it reads later, e.g. the Eleusis dealer's catalogue, is read at import). The worker reseeds
// `random`, resets webapi and grows the heap to the snapshot's size.

import nodeCrypto from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import path from "node:path";
import zlib from "node:zlib";
import { promisify } from "node:util";
import { AFTER_RESTORE, mountStdlibOnDemand, restoreOptions } from "../web/js/platform/engine/after-restore.js";
import { xorWithInitialMemory } from "../web/js/platform/engine/snapshot-delta.js";

// What sys.executable reads in the browser on a normal boot; a snapshot must not carry the path of
// the Node binary that made it.
export const SYS_EXECUTABLE = "/bin/python";

// Run after the wheel is unpacked: imports every engine module and the standard modules the engine
// imports lazily (inside functions), answers one request, and returns the standard-library modules
// that were not loaded before (the engine's own and the site-packages ones left out).
// \`before\` is taken before the wheel is unpacked (BEFORE_UNPACK): what unpacking imports (the zip
// module's cp437 codec for the file names) is needed after every restore too.
const BEFORE_UNPACK = "import sys\nbefore = set(sys.modules)";
const ENGINE_STDLIB = `
import importlib, pkgutil
import leopard_core
names = ["leopard_core"]
for info in pkgutil.walk_packages(leopard_core.__path__, "leopard_core."):
    if info.name.rsplit(".", 1)[-1] != "__main__":
        names.append(info.name)
for name in names:
    importlib.import_module(name)
for name in ("hashlib", "encodings.cp437", "json", "random"):
    importlib.import_module(name)
import leopard_core.webapi as webapi
webapi.handle('{"method": "levels"}')
def from_stdlib(name):
    module = sys.modules[name]
    spec = getattr(module, "__spec__", None)
    origin = (spec and spec.origin) or ""
    # An alias (multiprocessing's __mp_main__ is __main__) cannot be imported by its name.
    return (getattr(module, "__name__", None) == name and "site-packages" not in origin
            and name.split(".")[0] != "leopard_core")
import json
json.dumps(sorted(name for name in set(sys.modules) - before if from_stdlib(name)))
`;

// Run in the clean Pyodide before the snapshot: imports the listed standard modules (a JSON list
// of strings is a Python list literal: no JS object crosses into Python before the snapshot).
const importStdlib = (names) => `
import importlib
for _name in ${JSON.stringify(names)}:
    importlib.import_module(_name)
del _name
`;

// Run after the wheel is unpacked, last before the snapshot: every engine module imported, the
// bridge answering, its sessions empty (pitfall 8: module state is frozen into the snapshot).
const IMPORT_ENGINE = `
import gc, importlib, pkgutil
importlib.invalidate_caches()  # the clock stood still (fixMachineInputs): a folder's time says nothing
import leopard_core
for _info in pkgutil.walk_packages(leopard_core.__path__, "leopard_core."):
    if _info.name.rsplit(".", 1)[-1] != "__main__":
        importlib.import_module(_info.name)
del _info
import leopard_core.webapi as _webapi
_webapi.handle('{"method": "levels"}')
_webapi.reset()
del _webapi
gc.collect()
`;

// Run in Pyodide with the wheel's bytes at /tmp/in.whl: writes /tmp/out.whl, the same entries plus
// each module's unchecked-hash .pyc, compiled for the path it has once unpacked in site-packages (so
// tracebacks name the real file). Entries are stored, not deflated: the site sends the wheel
// brotli-compressed, and brotli packs the sources and their bytecode better than deflate's zip does.
const COMPILE_WHEEL = `
import importlib.util, site, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
site_packages = site.getsitepackages()[0]
count = 0
with zipfile.ZipFile("/tmp/in.whl") as src, zipfile.ZipFile("/tmp/out.whl", "w", zipfile.ZIP_STORED) as out:
    for info in src.infolist():
        data = src.read(info)
        out.writestr(info, data, compress_type=zipfile.ZIP_STORED)
        if info.filename.endswith(".py"):
            path = site_packages + "/" + info.filename
            code = compile(data, path, "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            name = importlib.util.cache_from_source(path)[len(site_packages) + 1:]
            out.writestr(zipfile.ZipInfo(name, date_time=info.date_time), pyc)
            count += 1
count
`;

// The snapshot is Python's memory, so whatever the making Python read from the machine is in it:
// its random bytes (the str hash secret, `random`'s state, the allocator's keys) and its clocks (the
// unpacked files' times, which the importers keep, and the monotonic clock). With the machine's own,
// two makings of one commit differed in 7.6 M of their 31 M bytes, in one folder as in two (and
// 8.1 M in two folders). While a snapshot is made they come from fixed sources instead: random bytes
// from SHA-256 of a fixed seed and a counter, the wall clock stopped at BUILD_TIME_MS and the
// monotonic one at 0 (Emscripten reads them through these four functions). No path of the build
// machine reaches Python (the wheel is unpacked from bytes, sys.executable is SYS_EXECUTABLE), so
// the same inputs make the same bytes in any folder, at any time (e2e/test_snapshot_reproducible.py).
// Every visitor's Python starts from the snapshot's state anyway (the worker reseeds `random` after
// restoring); this only makes that state the same from one build to the next.
const BUILD_TIME_MS = Date.UTC(1980, 0, 1); // the zip epoch, as the wheel's SOURCE_DATE_EPOCH
const BUILD_RANDOM_SEED = "leopard_core memory snapshot";

function fixMachineInputs() {
  let block = 0;
  let pool = new Uint8Array(0);
  const fill = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let done = 0; done < bytes.length;) {
      if (pool.length === 0) {
        pool = new Uint8Array(nodeCrypto.createHash("sha256").update(`${BUILD_RANDOM_SEED}:${block++}`).digest());
      }
      const n = Math.min(pool.length, bytes.length - done);
      bytes.set(pool.subarray(0, n), done);
      pool = pool.subarray(n);
      done += n;
    }
    return view;
  };
  nodeCrypto.randomFillSync = fill;
  globalThis.crypto.getRandomValues = fill;
  Date.now = () => BUILD_TIME_MS;
  performance.now = () => 0;
}

async function boot(indexDir, options) {
  const indexURL = path.resolve(indexDir) + path.sep;
  const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
  return loadPyodide({
    indexURL,
    _sysExecutable: SYS_EXECUTABLE,
    stdout: () => {},
    stderr: (line) => process.stderr.write(line + "\n"),
    ...options,
  });
}

async function modules(indexDir, wheelPath) {
  const pyodide = await boot(indexDir, {});
  // Node gives a Buffer; unpackArchive wants a plain Uint8Array.
  pyodide.runPython(BEFORE_UNPACK);
  pyodide.unpackArchive(new Uint8Array(await readFile(wheelPath)), "wheel");
  console.log(pyodide.runPython(ENGINE_STDLIB));
}

async function compileWheel(indexDir, wheelPath, outPath) {
  const pyodide = await boot(indexDir, {});
  pyodide.FS.writeFile("/tmp/in.whl", new Uint8Array(await readFile(wheelPath)));
  const modules = pyodide.runPython(COMPILE_WHEEL);
  const bytes = pyodide.FS.readFile("/tmp/out.whl");
  await writeFile(outPath, bytes);
  console.log(JSON.stringify({ modules, bytes: bytes.byteLength }));
}

async function make(indexDir, modulesPath, wheelPath, outPath) {
  const names = JSON.parse(await readFile(modulesPath, "utf-8"));
  if (!Array.isArray(names) || !names.every((name) => typeof name === "string")) {
    throw new Error(`${modulesPath}: not a JSON list of module names`);
  }
  fixMachineInputs();
  const pyodide = await boot(indexDir, { _makeSnapshot: true });
  pyodide.runPython(importStdlib(names));
  pyodide.unpackArchive(new Uint8Array(await readFile(wheelPath)), "wheel");
  pyodide.runPython(IMPORT_ENGINE);
  const snapshot = pyodide.makeMemorySnapshot();
  // Written as its delta from the wasm's initial memory (snapshot-delta.js): 1.2 MB less to send.
  xorWithInitialMemory(snapshot, new Uint8Array(await readFile(path.join(indexDir, "pyodide.asm.wasm"))));
  await writeFile(outPath, snapshot);
  const heap = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4);
  console.log(JSON.stringify({ bytes: snapshot.byteLength, heap: snapshot.byteLength - heap[1] }));
}

// Restores a built site's snapshot the way the engine's worker does (the delta undone with the wasm,
// then after-restore.js: the heap grown, the empty standard library mounted, the same Python), runs
// the Python in <probe.py> and prints {result, fullStdlibReads}: the probe's last expression and how
// many times the full standard library was read. e2e/test_snapshot_restore.py checks the build with it.
async function restore(distDir, probePath) {
  const dist = path.resolve(distDir);
  const manifest = JSON.parse(await readFile(path.join(dist, "wheels", "manifest.json"), "utf-8"));
  const indexDir = path.join(dist, manifest.pyodide);
  const bytes = new Uint8Array(await readFile(path.join(dist, manifest.snapshot)));
  if (manifest.snapshot_delta) xorWithInitialMemory(bytes, new Uint8Array(await readFile(path.join(indexDir, "pyodide.asm.wasm"))));
  const { default: createModule } = await import(pathToFileURL(path.join(indexDir, "pyodide.asm.mjs")).href);
  const emptyStdlib = manifest.stdlib_after_restore ? path.join(dist, manifest.stdlib_after_restore) : null;
  const pyodide = await boot(indexDir, restoreOptions(bytes, createModule, emptyStdlib));
  let fullStdlibReads = 0;
  const full = path.join(indexDir, "python_stdlib.zip");
  pyodide.registerJsModule("_leopard_stdlib_reads", { count: () => fullStdlibReads });
  if (emptyStdlib) mountStdlibOnDemand(pyodide, () => { fullStdlibReads += 1; return new Uint8Array(readFileSync(full)); });
  const levels = JSON.parse(pyodide.runPython(AFTER_RESTORE));
  const result = pyodide.runPython(await readFile(probePath, "utf-8"));
  console.log(JSON.stringify({ levels: levels.ok, result, fullStdlibReads }));
}

const BIG_FILE = 16 * 1024 * 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function compress(files) {
  for (const file of files) {
    const data = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: data.length > BIG_FILE ? 7 : 11,
          [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzip(data, { level: 9 }),
    ]);
    await writeFile(file + ".br", br);
    await writeFile(file + ".gz", gz);
  }
}

const [command, ...args] = process.argv.slice(2);
if (command === "modules" && args.length === 2) {
  await modules(...args);
} else if (command === "make" && args.length === 4) {
  await make(...args);
} else if (command === "compile" && args.length === 3) {
  await compileWheel(...args);
} else if (command === "restore" && args.length === 2) {
  await restore(...args);
} else if (command === "compress") {
  await compress(args);
} else {
  console.error("usage: node tools/snapshot.mjs modules <pyodide dir> <engine.whl> | make <pyodide dir> <modules.json> <engine.whl> <out> | compile <pyodide dir> <engine.whl> <out.whl> | compress <file>... | restore <dist> <probe.py>");
  process.exit(2);
}
