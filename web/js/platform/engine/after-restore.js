// The Python a restored memory snapshot runs before it serves (./worker.js), kept apart so that the
// build's tests run the very same code on the real snapshot in Node (e2e/test_snapshot_restore.py
// through tools/snapshot.mjs restore). Each is one runPython string; the engine holds no JS object
// before the snapshot, and these add their JS only after the restore.

// Run after a restore: every visitor would otherwise share the build's random state, and the
// engine's module state starts empty. Returns the bridge's answer to "levels" as a check.
export const AFTER_RESTORE = `
import random
import leopard_core.webapi as _webapi
random.seed()
_webapi.reset()
_webapi.handle('{"method": "levels"}')
`;
// Run first after every restore. The snapshot was made with Pyodide's full standard library zip
// mounted, and its zip importer remembers that zip's table of contents; a restore mounts the build's
// empty zip instead (manifest.stdlib_after_restore: every standard module the engine uses is
// in the snapshot's memory, so a first visit need not download the 2.5 MB zip). The zip importer is
// told to read its zip again, and a last finder on sys.meta_path fetches the full zip (synchronously,
// from the site or a cache) the first time a module is found nowhere, mounts it where the empty one
// was and looks again: an import the snapshot did not foresee is slower, never an error.
// _leopard_stdlib is registered by the worker (readFullStdlib).
export const STDLIB_AFTER_RESTORE = `
import sys
import _leopard_stdlib


class _FullStandardLibrary:
    """The finder of last resort: mounts the full standard library once, then finds nothing more."""

    def __init__(self, read):
        self.read = read
        self.mounted = False

    @staticmethod
    def forget_what_finders_saw():
        # Each finder itself: importlib.invalidate_caches() would import importlib.metadata and more.
        for finder in list(sys.path_importer_cache.values()):
            if hasattr(finder, "invalidate_caches"):
                finder.invalidate_caches()

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
del _FullStandardLibrary
`;

// Run after restoring a snapshot of an older engine (a release changed only the engine; the cached
// snapshot's Python is the same): the old engine's modules are dropped, and the path finders forget
// the empty site-packages the snapshot saw (each finder itself: importlib.invalidate_caches() would
// also import importlib.metadata and email, a quarter of a second), before the new wheel is unpacked
// and AFTER_RESTORE imports the new engine from its precompiled .pyc files.
export const DROP_ENGINE = `
import sys
for _name in [_name for _name in sys.modules if _name == "leopard_core" or _name.startswith("leopard_core.")]:
    del sys.modules[_name]
for _finder in list(sys.path_importer_cache.values()):
    if hasattr(_finder, "invalidate_caches"):
        _finder.invalidate_caches()
del _name, _finder
`;
