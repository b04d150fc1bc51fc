// Build-time helper for tools/build_site.py (Node 20, the pinned `pyodide` npm package).
//
//   node tools/snapshot.mjs make <indexURL dir> <engine.whl> <out.snapshot>
//       Boots Pyodide from the built site's own Pyodide folder (the same pyodide.asm.wasm and
//       python_stdlib.zip the browser will use: a snapshot only restores on the build that made it),
//       unpacks the engine wheel with unpackArchive (never micropip or loadPackage: pyodide issue
//       5195), imports every engine module, and writes pyodide.makeMemorySnapshot() to <out>.
//       Prints one JSON line: {bytes, heap, modules}.
//   node tools/snapshot.mjs compress <file>...
//       Writes <file>.br (brotli, large window) and <file>.gz (gzip -9) next to each file. Brotli's
//       quality is 11 up to 16 MB; 7 above (the 31 MB snapshot: 5.2 MB in 13 s where quality 9 saves
//       2% more in 40 s on a loaded build machine). build_site.py caches the results by content hash.
//
// Pitfalls handled here (shared/notes/pyodide.md, "Memory snapshots"): nothing but unpackArchive
// before the snapshot; every engine module imported (the snapshot holds no files); the engine's
// module state reset (webapi.reset(): every game's sessions); `_sysExecutable` fixed so sys.executable is not this script's
// path. The worker reseeds `random` after restoring and grows the heap to the snapshot's size.

import { readFile, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import path from "node:path";
import zlib from "node:zlib";
import { promisify } from "node:util";

// What sys.executable reads in the browser on a normal boot; a snapshot must not carry the path of
// the Node binary that made it.
export const SYS_EXECUTABLE = "/bin/python";

// Run after the wheel is unpacked, before the snapshot. Imports every engine module (a module first
// imported after a restore would find no file: the snapshot has no site-packages), plus the standard
// modules the engine imports lazily, then resets module state a visitor must not inherit.
const PREPARE = `
import importlib, pkgutil, sys
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
webapi.reset()
import gc
gc.collect()
sorted(names)
`;

async function make(indexDir, wheelPath, outPath) {
  const indexURL = path.resolve(indexDir) + path.sep;
  const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL,
    _makeSnapshot: true,
    _sysExecutable: SYS_EXECUTABLE,
    stdout: () => {},
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  // Node gives a Buffer; unpackArchive wants a plain Uint8Array.
  const wheel = new Uint8Array(await readFile(wheelPath));
  pyodide.unpackArchive(wheel, "wheel");
  const modules = pyodide.runPython(PREPARE).toJs();
  const snapshot = pyodide.makeMemorySnapshot();
  await writeFile(outPath, snapshot);
  const heap = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4);
  console.log(JSON.stringify({ bytes: snapshot.byteLength, heap: snapshot.byteLength - heap[1], modules }));
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
if (command === "make" && args.length === 3) {
  await make(...args);
} else if (command === "compress") {
  await compress(args);
} else {
  console.error("usage: node tools/snapshot.mjs make <pyodide dir> <engine.whl> <out> | compress <file>...");
  process.exit(2);
}
