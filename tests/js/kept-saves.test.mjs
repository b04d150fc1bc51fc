// The worker's kept saves (web/js/platform/engine/kept-saves.js) on a small in-memory IndexedDB:
// one revision rule (a write based on an older revision is refused, the newer save stays), the
// text sealed in the store, a store that cannot be opened answered as "storage".
import assert from "node:assert/strict";
import { test } from "node:test";
import { unseal } from "../../web/js/platform/engine/sealed-text.js";

/** A request that succeeds (or fails) a moment later, as IndexedDB's do. */
function request(work) {
  const req = { result: undefined, error: null, onsuccess: null, onerror: null };
  queueMicrotask(() => {
    try {
      req.result = work();
      req.onsuccess?.();
    } catch (err) {
      req.error = err;
      req.onerror?.();
    }
  });
  return req;
}

/** An IndexedDB of one database with one store, kept in `records`; `failOpen` refuses to open it. */
function fakeIndexedDB(records, { failOpen = false } = {}) {
  const db = {
    objectStoreNames: { contains: () => true },
    transaction() {
      const tx = { oncomplete: null, onerror: null, onabort: null, error: null };
      setTimeout(() => tx.oncomplete?.(), 0); // after every request made meanwhile
      tx.objectStore = () => ({
        get: (key) => request(() => records.get(key)),
        put: (value, key) => request(() => records.set(key, structuredClone(value))),
        delete: (key) => request(() => records.delete(key)),
      });
      return tx;
    },
    close() {},
  };
  return {
    open() {
      const req = { result: db, error: null };
      setTimeout(() => {
        if (failOpen) {
          req.error = new Error("The requested version (1) is less than the existing version (99).");
          req.onerror?.();
        } else {
          req.onsuccess?.();
        }
      }, 0);
      return req;
    },
  };
}

/** A fresh copy of the module (its open store is module state). */
async function keptSaves() {
  return import(`../../web/js/platform/engine/kept-saves.js?fresh=${Math.random()}`);
}

/** The engine: `<game>.save` gives the current text; `<game>.restore` echoes what it read. */
function engine(state) {
  return (method, args) => {
    if (method.endsWith(".save")) return { ok: true, result: { text: state.text } };
    if (method.endsWith(".restore")) return { ok: true, result: { restored: args.text } };
    return { ok: false, error: "no such method", kind: "bad_request" };
  };
}

const where = { game: "eleusis", key: "eleusis.game" };

test("a write based on an older revision is refused and the newer save stays", async () => {
  const records = new Map();
  globalThis.indexedDB = fakeIndexedDB(records);
  const { keptSaveCall } = await keptSaves();
  const state = { text: '{"moves":1}' };
  const call = engine(state);
  const first = await keptSaveCall(call, "kept.keep", { ...where, revision: 0 });
  assert.deepEqual(first, { ok: true, result: { kept: true, revision: 1 } });
  state.text = '{"moves":12}';
  assert.equal((await keptSaveCall(call, "kept.keep", { ...where, revision: 1 })).result.revision, 2);
  // A tab still on revision 1 moves its older game on: refused, with the stored revision.
  state.text = '{"moves":7}';
  const stale = await keptSaveCall(call, "kept.keep", { ...where, revision: 1 });
  assert.equal(stale.ok, false);
  assert.equal(stale.kind, "stale_save");
  assert.equal(stale.revision, 2);
  assert.equal(unseal(records.get("eleusis.game").sealed), '{"moves":12}');
  // Loading the newer game bases the tab on it again.
  const resumed = await keptSaveCall(call, "kept.resume", where);
  assert.deepEqual(resumed.result, { snapshot: { restored: '{"moves":12}' }, revision: 2 });
  assert.equal((await keptSaveCall(call, "kept.keep", { ...where, revision: 2 })).result.revision, 3);
  assert.deepEqual((await keptSaveCall(call, "kept.revision", where)).result, { revision: 3, kept: true });
});

test("a write must say which revision it was based on", async () => {
  globalThis.indexedDB = fakeIndexedDB(new Map());
  const { keptSaveCall } = await keptSaves();
  for (const revision of [undefined, -1, 1.5, "2"]) {
    const answer = await keptSaveCall(engine({ text: "{}" }), "kept.keep", { ...where, revision });
    assert.equal(answer.kind, "bad_request", String(revision));
  }
});

test("the store holds the save sealed, and a save kept before revisions reads as revision 0", async () => {
  const records = new Map([["eleusis.game", '{"dealt":["lower | differ(colour)"]}']]);
  globalThis.indexedDB = fakeIndexedDB(records);
  const { keptSaveCall } = await keptSaves();
  const call = engine({ text: '{"dealt":["lower | differ(colour)"],"moves":["play 7H"]}' });
  assert.equal((await keptSaveCall(call, "kept.resume", where)).result.revision, 0);
  assert.equal((await keptSaveCall(call, "kept.keep", { ...where, revision: 0 })).ok, true);
  const stored = JSON.stringify(records.get("eleusis.game"));
  assert.ok(!stored.includes("differ") && !stored.includes("colour"), stored);
});

test("a store that cannot be opened answers as storage, and nothing claims to be kept", async () => {
  globalThis.indexedDB = fakeIndexedDB(new Map(), { failOpen: true });
  const { keptSaveCall } = await keptSaves();
  for (const [method, args] of [["kept.resume", where], ["kept.keep", { ...where, revision: 0 }]]) {
    const answer = await keptSaveCall(engine({ text: "{}" }), method, args);
    assert.equal(answer.ok, false, method);
    assert.equal(answer.kind, "storage", method);
    assert.equal(answer.kept_as, undefined, method);
  }
});

test("a revision never goes back: a forgotten or set-aside save leaves its revision behind", async () => {
  const records = new Map();
  globalThis.indexedDB = fakeIndexedDB(records);
  const { keptSaveCall } = await keptSaves();
  const state = { text: '{"moves":1}' };
  const call = (method, args) => (method.endsWith(".restore") && !args.text.startsWith("{")
    ? { ok: false, error: "the save is not JSON", kind: "corrupt_save" } : engine(state)(method, args));
  await keptSaveCall(call, "kept.keep", { ...where, revision: 0 });
  await keptSaveCall(call, "kept.keep", { ...where, revision: 1 });
  const forgotten = await keptSaveCall(call, "kept.forget", { ...where, revision: 2 });
  assert.deepEqual(forgotten.result, { forgotten: true, revision: 3 });
  assert.equal((await keptSaveCall(call, "kept.resume", where)).result, null);
  // A tab still based on revision 2 cannot write, nor one based on 0 (a new game elsewhere).
  assert.equal((await keptSaveCall(call, "kept.keep", { ...where, revision: 2 })).kind, "stale_save");
  assert.equal((await keptSaveCall(call, "kept.keep", { ...where, revision: 0 })).kind, "stale_save");
  assert.equal((await keptSaveCall(call, "kept.keep", { ...where, revision: 3 })).result.revision, 4);
  // A damaged sealed text: refused as a damaged save, set aside, its revision left behind.
  records.set("eleusis.game", { revision: 4, sealed: "k1.%%%" });
  const damaged = await keptSaveCall(call, "kept.resume", where);
  assert.equal(damaged.kind, "corrupt_save");
  assert.equal(damaged.revision, 5);
  assert.deepEqual(records.get(damaged.kept_as), { revision: 4, sealed: "k1.%%%" });
  assert.deepEqual((await keptSaveCall(call, "kept.revision", where)).result, { revision: 5, kept: false });
});

test("a copy holds the game as kept (or a page's text, sealed), under a key no page plays on", async () => {
  const records = new Map();
  globalThis.indexedDB = fakeIndexedDB(records);
  const { keptSaveCall } = await keptSaves();
  const call = engine({ text: '{"seed":7,"hand":["KS"]}' });
  const game = { game: "leopard", key: "leopard.game" };
  const copy = { game: "leopard", key: "leopard.game.previous" };
  // Nothing kept: nothing copied.
  assert.deepEqual((await keptSaveCall(call, "kept.copy", { ...copy, from: "leopard.game" })).result, { copied: false });
  await keptSaveCall(call, "kept.keep", { ...game, revision: 0 });
  assert.deepEqual((await keptSaveCall(call, "kept.copy", { ...copy, from: "leopard.game" })).result, { copied: true });
  assert.deepEqual(records.get("leopard.game.previous").sealed, records.get("leopard.game").sealed);
  // The game's own revision rule is untouched by its copy; the copy's revision moves on.
  assert.deepEqual((await keptSaveCall(call, "kept.revision", game)).result, { revision: 1, kept: true });
  assert.deepEqual((await keptSaveCall(call, "kept.revision", copy)).result, { revision: 1, kept: true });
  // A page's save from before: kept sealed, and resumed like any kept save.
  const text = '{"seed":99,"hand":["QH"]}';
  assert.deepEqual((await keptSaveCall(call, "kept.copy", { ...copy, text })).result, { copied: true });
  assert.ok(!JSON.stringify(records.get("leopard.game.previous")).includes("QH"));
  assert.equal(records.get("leopard.game.previous").revision, 2);
  assert.deepEqual((await keptSaveCall(call, "kept.resume", copy)).result, { snapshot: { restored: text }, revision: 2 });
  // Nothing to copy leaves the copy as it was (never lost).
  const before = records.get("leopard.game.previous");
  assert.deepEqual((await keptSaveCall(call, "kept.copy", { ...copy, from: "nothing.here" })).result, { copied: false });
  assert.deepEqual(records.get("leopard.game.previous"), before);
  assert.equal((await keptSaveCall(call, "kept.copy", copy)).kind, "bad_request");
});
