"""The memory snapshot is reproducible: the same commit makes the same bytes wherever it is built.

The snapshot is named by what it is made from (``build_site.snapshot_key`` and the wheel's hash),
and a returning visitor's browser keeps it under that name, so two builds of one commit must not
publish different bytes under it (they did: 7.6 M of 31 M bytes differed from one making to the
next, 8.1 M between two folders; the making Python's random bytes and clocks were the machine's,
see ``fixMachineInputs`` in tools/snapshot.mjs).

The test makes the snapshot again with ``node tools/snapshot.mjs make`` from the built site's own
inputs (its Pyodide files and its engine wheel) copied into another folder, deeper than the build's
and with longer names (the build makes it from the checkout's own folders, run from there), run
from that folder, and checks that it is byte for byte the snapshot the build published: another
making, in another place, from another working directory. (It made it in two such folders, a short
one as well: the build's own folder is already the other; each making is some 13 s of Node.) A
whole second build would check the same at ten times the cost.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "snapshot.mjs"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")


def snapshot_tool(*args: str, cwd: Path) -> str:
    """The last line ``node tools/snapshot.mjs ARGS`` prints; the command must succeed."""
    result = subprocess.run(["node", str(SCRIPT), *args], capture_output=True, text=True, timeout=300,
                            cwd=cwd)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout.strip().splitlines()[-1]


def differing_bytes(one: bytes, other: bytes) -> int:
    """How many bytes differ between two byte strings of one length (compared by blocks: fast)."""
    block = 1 << 16
    return sum(sum(x != y for x, y in zip(one[i:i + block], other[i:i + block], strict=True))
               for i in range(0, len(one), block) if one[i:i + block] != other[i:i + block])


def copy_inputs(site_dir: Path, manifest: dict[str, str], folder: Path) -> tuple[Path, Path]:
    """The site's Pyodide files and engine wheel copied under ``folder``: (Pyodide folder, wheel)."""
    pyodide = folder / "pyodide"
    pyodide.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(site_dir / manifest["pyodide"] / name, pyodide / name)
    wheel = folder / Path(manifest["engine"]).name
    shutil.copyfile(site_dir / manifest["engine"], wheel)
    return pyodide, wheel


def test_the_snapshot_is_the_same_bytes_when_made_again_in_other_folders(site_dir: Path,
                                                                         tmp_path: Path) -> None:
    manifest = json.loads((site_dir / "wheels" / "manifest.json").read_text())
    assert manifest["snapshot"], "the build made a snapshot"
    published = (site_dir / manifest["snapshot"]).read_bytes()
    folders = [tmp_path / "a much longer folder name" / "and" / "deeper"]
    made = []
    for folder in folders:
        pyodide, wheel = copy_inputs(site_dir, manifest, folder)
        modules = folder / "modules.json"
        modules.write_text(snapshot_tool("modules", str(pyodide), str(wheel), cwd=folder))
        snapshot = folder / "python.snapshot"
        snapshot_tool("make", str(pyodide), str(modules), str(wheel), str(snapshot), cwd=folder)
        made.append(snapshot.read_bytes())
    assert len(made[0]) == len(published)
    differing = [differing_bytes(one, published) for one in made]
    assert differing == [0], f"bytes that differ from the published snapshot: {differing}"
