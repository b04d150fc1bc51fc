// The Python a restored memory snapshot runs before it serves (./worker.js), kept apart so that the
// build's tests run the very same code on the real snapshot in Node (e2e/test_snapshot_restore.py
// through tools/snapshot.mjs restore). Each is one runPython string; the engine holds no JS object
// before the snapshot, and these add their JS only after the restore. restoreOptions and
// mountStdlibOnDemand are the JS steps both run around them.

// Run after a restore: every visitor would otherwise share the build's random state, and the
// engine's module state starts empty. Returns the bridge's answer to "levels" as a check.
export const AFTER_RESTORE = `
import random
import leopard_core.webapi as _webapi
random.seed()
_webapi.reset()
_webapi.handle('{"method": "levels"}')
`;
// The path finders forget what they saw (a zip's table of contents, an empty site-packages): each
// finder itself, as importlib.invalidate_caches() would import importlib.metadata and email, a quarter
// of a second. Python text shared by the two runs below.
const FORGET_WHAT_FINDERS_SAW = `
def _forget_what_finders_saw():
    for finder in list(sys.path_importer_cache.values()):
        if hasattr(finder, "invalidate_caches"):
            finder.invalidate_caches()
`;

// Run first after every restore. The snapshot was made with Pyodide's full standard library zip
// mounted, and its zip importer remembers that zip's table of contents; a restore mounts the build's
// empty zip instead (manifest.stdlib_after_restore: every standard module the engine uses is
// in the snapshot's memory, so a first visit need not download the 2.5 MB zip). The zip importer is
// told to read its zip again, and a last finder on sys.meta_path fetches the full zip (synchronously,
// from the site or a cache) the first time a module is found nowhere, mounts it where the empty one
// was and looks again: an import the snapshot did not foresee is slower, never an error.
// _leopard_stdlib is registered by mountStdlibOnDemand below.
export const STDLIB_AFTER_RESTORE = `
import sys
import _leopard_stdlib
${FORGET_WHAT_FINDERS_SAW}

class _FullStandardLibrary:
    """The finder of last resort: mounts the full standard library once, then finds nothing more."""

    def __init__(self, read):
        self.read = read
        self.mounted = False

    forget_what_finders_saw = staticmethod(_forget_what_finders_saw)

    def find_spec(self, name, path=None, target=None):
        if self.mounted:
            return None
        self.mounted = True
        from importlib.machinery import PathFinder
        try:
            data = self.read().to_bytes()
        except Exception:  # offline, say: the import fails as a missing module; a later one retries
            self.mounted = False
            return None
        for entry in sys.path:
            if entry.endswith(".zip"):
                with open(entry, "wb") as file:
                    file.write(data)
        self.forget_what_finders_saw()
        return PathFinder.find_spec(name, path, target)


_FullStandardLibrary.forget_what_finders_saw()
sys.meta_path.append(_FullStandardLibrary(_leopard_stdlib.read))
del _FullStandardLibrary, _forget_what_finders_saw
`;

// Run after restoring a snapshot of an older engine (a release changed only the engine; the cached
// snapshot's Python is the same): the old engine's modules are dropped, and the path finders forget
// the empty site-packages the snapshot saw, before the new wheel is unpacked and AFTER_RESTORE
// imports the new engine from its precompiled .pyc files.
export const DROP_ENGINE = `
import sys
${FORGET_WHAT_FINDERS_SAW}
for _name in [_name for _name in sys.modules if _name == "leopard_core" or _name.startswith("leopard_core.")]:
    del sys.modules[_name]
_forget_what_finders_saw()
del _name, _forget_what_finders_saw
`;

/**
 * loadPyodide's options for restoring a snapshot (its delta already undone): the empty standard
 * library where the build made one (see STDLIB_AFTER_RESTORE), and the heap grown to the one the
 * snapshot was taken with (after its header) before the restore: Pyodide's default heap is 30 MiB and
 * a bigger snapshot fails to restore ("offset is out of bounds", pyodide issue 6254).
 * @param {Uint8Array} bytes the snapshot
 * @param {(settings: any) => Promise<any>} createModule pyodide.asm.mjs's default export
 * @param {string | null} emptyStdlibURL
 */
export function restoreOptions(bytes, createModule, emptyStdlibURL) {
  const heapBytes = bytes.byteLength - new Uint32Array(bytes.buffer, bytes.byteOffset, 4)[1];
  return {
    _loadSnapshot: bytes,
    ...(emptyStdlibURL ? { stdLibURL: emptyStdlibURL } : {}),
    /** @param {any} settings */
    createPyodideModule: async (settings) => {
      const module = await createModule(settings);
      if (module.HEAP8.length < heapBytes && !module.growMemory(heapBytes)) {
        throw new Error(`could not grow the heap to the snapshot's ${heapBytes} bytes`);
      }
      return module;
    },
  };
}

/**
 * After a restore with the empty standard library: the full one is read (synchronously) the first
 * time an import finds a module nowhere.
 * @param {any} pyodide
 * @param {() => Uint8Array} readFullStdlib
 */
export function mountStdlibOnDemand(pyodide, readFullStdlib) {
  pyodide.registerJsModule("_leopard_stdlib", { read: readFullStdlib });
  pyodide.runPython(STDLIB_AFTER_RESTORE);
}
