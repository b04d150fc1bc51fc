"""The built memory snapshot restored in Node exactly as the engine's worker restores it
(``node tools/snapshot.mjs restore``: the delta undone with the wasm, the empty standard library
mounted, the worker's own after-restore Python run), then probed with Python.

What it checks: the snapshot as sent is a delta (it does not restore unless undone), the restored
engine answers, the standard modules the engine uses are in memory (no read of the full standard
library), and a module the snapshot did not foresee still imports: the full standard library is read
once, on that first import, and a module that exists nowhere is a plain ModuleNotFoundError.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "snapshot.mjs"

PROBE = """
import json, sys
seen = {"json_in_memory": "json" in sys.modules, "calendar_in_memory": "calendar" in sys.modules}
import json.decoder, random
seen["reads_after_known_imports"] = _reads()
import calendar
seen["leap_2024"] = calendar.isleap(2024)
seen["reads_after_calendar"] = _reads()
import difflib
seen["reads_after_difflib"] = _reads()
try:
    import no_such_module_anywhere
    seen["missing"] = "imported"
except ModuleNotFoundError as err:
    seen["missing"] = type(err).__name__
seen["reads_at_end"] = _reads()
json.dumps(seen)
"""


def restore(dist: Path, probe: str, tmp_path: Path) -> dict[str, object]:
    probe_file = tmp_path / "probe.py"
    # The probe asks the JS side how often the full zip was read through a module of its own.
    probe_file.write_text("import _leopard_stdlib_reads\n_reads = _leopard_stdlib_reads.count\n" + probe)
    result = subprocess.run(["node", str(SCRIPT), "restore", str(dist), str(probe_file)],
                            capture_output=True, text=True, timeout=240, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-3000:]
    line = result.stdout.strip().splitlines()[-1]
    return dict(json.loads(line))


@pytest.fixture
def manifest(site_dir: Path) -> dict[str, object]:
    data = json.loads((site_dir / "wheels" / "manifest.json").read_text())
    if not data.get("snapshot"):
        pytest.fail("the build made no snapshot: the site would never start from one")
    return dict(data)


def test_the_restored_snapshot_answers_and_imports_what_it_did_not_foresee(
        site_dir: Path, manifest: dict[str, object], tmp_path: Path) -> None:
    assert manifest["snapshot_delta"] == "wasm-data-xor"
    restore_zip = site_dir / str(manifest["stdlib_after_restore"])
    assert restore_zip.stat().st_size < 200, "the standard library a restore mounts is empty"
    out = restore(site_dir, PROBE, tmp_path)
    assert out["levels"] is True, out
    seen = json.loads(str(out["result"]))
    assert seen["json_in_memory"] is True and seen["calendar_in_memory"] is False, seen
    assert seen["reads_after_known_imports"] == 0, seen
    assert seen["leap_2024"] is True and seen["reads_after_calendar"] == 1, seen
    assert seen["reads_after_difflib"] == 1, "the full standard library is read once, then mounted"
    assert seen["missing"] == "ModuleNotFoundError" and seen["reads_at_end"] == 1, seen
    assert out["fullStdlibReads"] == 1, out


def test_the_snapshot_as_sent_is_a_delta_that_does_not_restore_as_it_is(
        site_dir: Path, manifest: dict[str, object], tmp_path: Path) -> None:
    # A copy of the site whose manifest forgets the delta: the worker would restore the bytes as sent.
    copy = tmp_path / "site"
    copy.mkdir()
    for name in ("pyodide", "wheels"):
        shutil.copytree(site_dir / name, copy / name, ignore=shutil.ignore_patterns("*.br", "*.gz"))
    forgot = dict(manifest, snapshot_delta=None)
    (copy / "wheels" / "manifest.json").write_text(json.dumps(forgot))
    probe = tmp_path / "probe.py"
    probe.write_text("import _leopard_stdlib_reads\n'restored'\n")
    result = subprocess.run(["node", str(SCRIPT), "restore", str(copy), str(probe)],
                            capture_output=True, text=True, timeout=240, cwd=ROOT)
    assert result.returncode != 0 or '"levels":true' not in result.stdout, result.stdout[-2000:]
