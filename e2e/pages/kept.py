"""The saves the engine worker keeps in IndexedDB (web/js/platform/engine/kept-saves.js), read from a
page of the site's origin as the browser's storage tools show them.

Glossary:
    kept_records -- every record of the worker's store, as stored: {key: {"revision": N, "sealed":
                    "k1...."}} (a bare string is a save kept before records were sealed).
    held store   -- a write transaction kept open from another page (hold_kept_store): the worker's
                    keeps wait behind it, a save still in flight while the page is left.
    kept_text    -- the save text a record holds, unsealed by the engine's Python
                    (leopard_core.platform.saves.unseal_kept), or None when nothing is kept.
    block_kept_store -- make the worker's store impossible to open: a database of the same name at a
                    newer version than the worker asks for (the browser refuses the older version).
    put_kept     -- write a record into the worker's store from a page of the site's origin, as
                    damage or an earlier visit would have left it.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page

from leopard_core.platform.saves import seal_kept, unseal_kept

from .site import MOVE_MS

DATABASE = "leopard-kept-saves"
STORE = "saves"

READ_RECORDS = """async ([name, storeName]) => {
  // Never create the database here: a store made without the worker's upgrade would have no table.
  const known = await indexedDB.databases();
  if (!known.some((db) => db.name === name)) return {};
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(storeName)) { db.close(); resolve({}); return; }
      const records = {};
      const cursor = db.transaction(storeName).objectStore(storeName).openCursor();
      cursor.onerror = () => reject(cursor.error);
      cursor.onsuccess = () => {
        const at = cursor.result;
        if (!at) { db.close(); resolve(records); return; }
        records[String(at.key)] = at.value;
        at.continue();
      };
    };
  });
}"""

PUT_RECORD = """([name, storeName, key, value]) => new Promise((resolve, reject) => {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(storeName);
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const transaction = open.result.transaction(storeName, "readwrite");
    transaction.objectStore(storeName).put(value, key);
    transaction.oncomplete = () => { open.result.close(); resolve(true); };
    transaction.onerror = () => reject(transaction.error);
  };
})"""

BLOCK_STORE = """([name]) => new Promise((resolve, reject) => {
  const open = indexedDB.open(name, 99);
  open.onsuccess = () => { open.result.close(); resolve(open.result.version); };
  open.onerror = () => reject(open.error);
})"""


def kept_records(page: Page) -> dict[str, Any]:
    """Every record the worker's store holds, as stored."""
    return dict(page.evaluate(READ_RECORDS, [DATABASE, STORE]))


def text_of(record: Any) -> str:
    """The save text a record holds."""
    return unseal_kept(record["sealed"] if isinstance(record, dict) else str(record))


def kept_text(page: Page, key: str) -> str | None:
    """The save text kept under ``key``, unsealed, or None (nothing, or a forgotten save)."""
    record = kept_records(page).get(key)
    if record is None or (isinstance(record, dict) and record.get("sealed") is None):
        return None
    return text_of(record)


def put_kept(page: Page, key: str, value: Any) -> None:
    """Store ``value`` under ``key`` in the worker's store (a page of the site's origin must be open)."""
    assert page.evaluate(PUT_RECORD, [DATABASE, STORE, key, value]) is True


def wait_kept(page: Page, key: str, timeout: int = MOVE_MS) -> str:
    """The save kept under ``key``, once there is one (a forgotten record holds none). The record
    the wait saw is the one returned: reading the store a second time could find it changed by a
    keep landing in between (once, in a fresh-clone run: the wait saw a save, the read none)."""
    found = page.wait_for_function(
        f"([where, key]) => ({READ_RECORDS})(where).then((records) => {{ const record = records[key];"
        " return typeof record === 'string' || typeof record?.sealed === 'string' ? record : null; })",
        arg=[[DATABASE, STORE], key], timeout=timeout)
    return text_of(found.json_value())


def wait_kept_as(page: Page, key: str, text: str, timeout: int = MOVE_MS) -> None:
    """Wait until the store holds exactly the save ``text`` under ``key`` (sealed as the worker seals)."""
    page.wait_for_function(
        f"([where, key, sealed]) => ({READ_RECORDS})(where)"
        ".then((records) => records[key]?.sealed === sealed)",
        arg=[[DATABASE, STORE], key, seal_kept(text)], timeout=timeout)


def wait_kept_holding(page: Page, key: str, marker: str, timeout: int = MOVE_MS) -> None:
    """Wait until the save kept under ``key`` holds ``marker`` (unsealed in the page by the site's
    own sealed-text.js, as the worker seals)."""
    page.wait_for_function(
        f"""([where, key, marker]) => Promise.all([
          import(new URL("js/platform/engine/sealed-text.js", document.baseURI).href),
          ({READ_RECORDS})(where),
        ]).then(([{{ unseal }}, records]) => {{
          const record = records[key];
          const sealed = typeof record === "string" ? record : record?.sealed;
          return typeof sealed === "string" && unseal(sealed).includes(marker);
        }})""",
        arg=[[DATABASE, STORE], key, marker], timeout=timeout)


HOLD_STORE = """([name, storeName]) => new Promise((resolve, reject) => {
  const open = indexedDB.open(name);
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const store = db.transaction(storeName, "readwrite").objectStore(storeName);
    window.keptStoreHeld = true;
    // A transaction stays open while it has requests: one after another until released.
    const next = () => {
      if (window.keptStoreHeld) store.get("e2e.hold").onsuccess = next;
      else db.close();
    };
    next();
    resolve(true);
  };
})"""


def hold_kept_store(page: Page) -> None:
    """From a page of the site's origin that runs no engine, once the store exists: hold a write
    transaction on the worker's store, so that every keep and resume waits until
    ``release_kept_store`` (a save still in flight, for as long as a test needs)."""
    assert page.evaluate(HOLD_STORE, [DATABASE, STORE]) is True


def release_kept_store(page: Page) -> None:
    page.evaluate("() => { window.keptStoreHeld = false; }")


def block_kept_store(page: Page) -> None:
    """From a page of the site's origin: the worker's store will not open (see the glossary)."""
    assert page.evaluate(BLOCK_STORE, [DATABASE]) == 99


def raw_store(page: Page) -> str:
    """The worker's store as one JSON text, for 'is this secret in it' checks."""
    return json.dumps(kept_records(page))
