// The worker keeps a game's save (runs inside the engine worker, never in a page). Some games' saves
// hold what the page must not see: Eleusis's save holds the secret rule and the dealer's seed, and
// the page's messages from the worker must never carry them before the hand ends. So the page does
// not hold such a save at all: it asks the worker to keep it, and the worker asks the engine for the
// text and stores it in IndexedDB (which workers reach) without sending it back; to resume, the
// worker reads it and gives it to the engine's restore, and only the restored snapshot comes back.
//
// One revision rule for every kept save: each record carries a revision (1 for the first save, one
// more for each save after it); a page writes with the revision its game was based on (the one its
// resume, its last keep or kept.revision gave it), and a write based on an older revision is refused
// (kind "stale_save", with the stored `revision`): another tab moved the game on, and an older tab
// never writes over a newer game. The record's text is sealed (./sealed-text.js), so that Eleusis's
// secret rule or a pass-and-play hand is not read at a glance in the browser's storage tools.
//
// Requests (the engine's request shape, {id, method, args}, answered like any bridge call):
//   kept.keep     {game, key, revision} -> {kept: true, revision}   calls `<game>.save` and stores its
//                                         text, when `revision` is the stored one (0: nothing kept)
//   kept.resume   {game, key} -> {snapshot, revision} | null   null when nothing is kept under key; a
//                                         save the engine cannot read (or a value that is not a kept record, read as its JSON) is moved aside under
//                                         `<key>.unreadable.<time>` and the engine's corrupt_save
//                                         answer comes back, with `kept_as`
//   kept.revision {game, key} -> {revision, kept}               the stored revision (0: nothing kept),
//                                         and whether it holds a save (false: none, or forgotten)
//   kept.copy     {game, key, from} | {game, key, text} -> {copied}   a copy that no page plays on
//                                         (the game replaced by a new one, the game to go back to
//                                         after a guided hand): the record under `from` (its save,
//                                         or nothing) is written under key, or a save text a page
//                                         held before the worker kept its saves; whatever key held
//                                         is replaced, its revision moved on. copied false: `from`
//                                         held no save, and key is left as it was
//   kept.forget   {game, key, revision} -> {forgotten: true, revision}   under the same rule as
//                                         kept.keep; the record keeps its next revision, no text
// A revision never goes back (a forgotten or set-aside save leaves its revision behind): a tab based
// on an earlier game can never match a later one by chance.
// A store that cannot be opened or written (storage blocked, full, or a newer database of the same
// name) answers kind "storage"; nothing is kept then, and the page says so.
// Example: the Eleusis page sends {method: "kept.keep", args: {game: "eleusis", key: "eleusis.game",
// revision: 4}} after a move (answer {kept: true, revision: 5}), and {method: "kept.resume", args:
// {game: "eleusis", key: "eleusis.game"}} on load; ../kept-game.js does this for every page.
//
// Glossary:
//   engine call -- (method, args) -> the bridge's parsed answer {ok, result} | {ok: false, error, kind}.
//   key         -- the save's name in the store: a game's page picks it ("eleusis.game").
//   record      -- what the store holds under key: {revision, sealed} (sealed null: nothing kept
//                  now); a bare string (a save kept before revisions) reads as revision 0.

import { seal, unseal } from "./sealed-text.js";

const DATABASE = "leopard-kept-saves";
const STORE = "saves";
const PREFIX = "kept.";
const NAME = /^[a-z][a-z0-9_]{0,31}$/;
const KEY = /^[A-Za-z0-9_.-]{1,100}$/;

/** @typedef {(method: string, args: Record<string, unknown>) => any} EngineCall */

/** Whether a request is for this module. @param {string} method */
export function isKeptSaveRequest(method) {
  return method.startsWith(PREFIX);
}

/** @type {Promise<IDBDatabase>|null} the store, kept open: a save follows every move */
let opened = null;

/** The store, opened (and made) on first use. @returns {Promise<IDBDatabase>} */
function openStore() {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => {
      const db = request.result;
      // Another tab's worker upgrading the store waits for this one to let go; it opens again.
      db.onversionchange = () => {
        db.close();
        opened = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("the store is held by an older page"));
  });
  opened.catch(() => { opened = null; }); // try again next time
  return opened;
}

/**
 * One transaction on the store.
 * @template T
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest<T>} work
 * @returns {Promise<T>}
 */
async function withStore(mode, work) {
  const db = await openStore();
  return new Promise((resolve, reject) => {
    const request = work(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** A stored value as save text: itself when text, else its JSON (or its String). @param {unknown} value */
export function asText(value) {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value); // a value with cycles: IndexedDB keeps them, JSON cannot
  }
}

/** @param {string} error @returns {{ok: false, error: string, kind: string}} */
const refused = (error) => ({ ok: false, error, kind: "bad_request" });

/** @typedef {{revision: number, sealed: string|null}} KeptRecord  sealed null: forgotten, its revision kept */

/** Whether a stored value is a kept record (a sealed text or a forgotten one's revision). @param {unknown} record */
function isKeptRecord(record) {
  if (typeof record === "string") return true;
  if (typeof record !== "object" || record === null) return false;
  const { revision, sealed } = /** @type {{revision?: unknown, sealed?: unknown}} */ (record);
  return Number.isSafeInteger(revision) && (typeof sealed === "string" || sealed === null);
}

/** The stored record's revision (0: nothing kept). @param {unknown} record */
function revisionOf(record) {
  if (typeof record === "string") return 0;
  const revision = /** @type {{revision?: unknown}|null} */ (record)?.revision;
  return typeof record === "object" && record !== null && Number.isSafeInteger(revision) ? Number(revision) : 0;
}

/**
 * The save text a record holds, or null (nothing kept, or a forgotten save's revision alone). A
 * sealed text that cannot be unsealed is given as it is: the engine refuses it as a damaged save.
 * @param {unknown} record
 */
function textOf(record) {
  if (typeof record === "string") return record;
  const sealed = /** @type {{sealed?: unknown}|null} */ (record)?.sealed;
  if (typeof sealed !== "string") return null;
  try {
    return unseal(sealed);
  } catch {
    return sealed;
  }
}

/**
 * Compare and write in one transaction (so two workers, where the browser has no SharedWorker, never
 * both write on the same revision): the record made from the stored revision when it is `based`,
 * else the stored revision (a refusal).
 * @param {string} key
 * @param {number} based
 * @param {(revision: number) => KeptRecord} make the new record
 * @returns {Promise<{written: boolean, revision: number}>}
 */
async function writeIfCurrent(key, based, make) {
  const db = await openStore();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, "readwrite");
    const store = transaction.objectStore(STORE);
    /** @type {{written: boolean, revision: number}} */
    let outcome = { written: false, revision: 0 };
    const read = store.get(key);
    read.onsuccess = () => {
      const stored = revisionOf(read.result);
      if (stored !== based) {
        outcome = { written: false, revision: stored };
        return;
      }
      const record = make(stored);
      store.put(record, key);
      outcome = { written: true, revision: record.revision };
    };
    transaction.oncomplete = () => resolve(outcome);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error("the store's transaction was abandoned"));
  });
}

/** @param {string} key @param {number} based @param {number} stored */
const stale = (key, based, stored) => ({
  ok: false,
  error: `kept saves: ${key} is at revision ${stored}, and this page's game was based on revision ${based}`,
  kind: "stale_save",
  revision: stored,
});

/**
 * Answer a kept.* request.
 * @param {EngineCall} call the engine, in this worker
 * @param {string} method
 * @param {Record<string, unknown>} args
 */
export async function keptSaveCall(call, method, args) {
  const { game, key, revision } = args ?? {};
  if (typeof game !== "string" || !NAME.test(game)) return refused(`kept saves: bad game ${JSON.stringify(game)}`);
  if (typeof key !== "string" || !KEY.test(key)) return refused(`kept saves: bad key ${JSON.stringify(key)}`);
  const writes = method === "kept.keep" || method === "kept.forget";
  const { from, text: given } = args ?? {};
  if (method === "kept.copy" && !(typeof from === "string" && KEY.test(from)) && typeof given !== "string") {
    return refused(`kept saves: kept.copy needs a key to copy from or a save's text, not ${JSON.stringify(from ?? given)}`);
  }
  if (writes && !(Number.isSafeInteger(revision) && Number(revision) >= 0)) {
    return refused(`kept saves: ${method} needs the revision its game was based on, not ${JSON.stringify(revision)}`);
  }
  const based = Number(revision);
  try {
    if (method === "kept.keep") {
      const saved = call(`${game}.save`, {});
      if (!saved.ok) return saved;
      const sealed = seal(String(saved.result.text));
      const done = await writeIfCurrent(key, based, (stored) => ({ revision: stored + 1, sealed }));
      return done.written ? { ok: true, result: { kept: true, revision: done.revision } } : stale(key, based, done.revision);
    }
    if (method === "kept.forget") {
      const done = await writeIfCurrent(key, based, (stored) => ({ revision: stored + 1, sealed: null }));
      return done.written ? { ok: true, result: { forgotten: true, revision: done.revision } } : stale(key, based, done.revision);
    }
    if (method === "kept.revision") {
      const record = await withStore("readonly", (store) => store.get(key));
      return { ok: true, result: { revision: revisionOf(record), kept: record !== undefined && textOf(record) !== null } };
    }
    if (method === "kept.copy") {
      const source = typeof given === "string" ? seal(given)
        : await withStore("readonly", (store) => store.get(String(from)));
      // A copy holds the source as it is stored, sealed: a damaged one is refused when it is resumed,
      // and kept aside then. A source that holds no save leaves the copy there as it was.
      const sealed = source === undefined ? null : typeof source === "string" ? source
        : isKeptRecord(source) ? /** @type {KeptRecord} */ (source).sealed : seal(asText(source));
      if (sealed === null) return { ok: true, result: { copied: false } };
      const stored = await withStore("readonly", (store) => store.get(key));
      await withStore("readwrite", (store) => store.put({ revision: revisionOf(stored) + 1, sealed }, key));
      return { ok: true, result: { copied: true } };
    }
    if (method === "kept.resume") {
      const record = await withStore("readonly", (store) => store.get(key));
      // Something that is neither text nor a kept record (an object, a number) is read as the text
      // it would be: the engine refuses it in its own words, and it is kept aside like any
      // unreadable save.
      const text = record === undefined ? null : isKeptRecord(record) ? textOf(record) : asText(record);
      if (text === null) return { ok: true, result: null };
      const restored = call(`${game}.restore`, { text });
      if (restored.ok) return { ok: true, result: { snapshot: restored.result, revision: revisionOf(record) } };
      if (restored.kind !== "corrupt_save") return restored;
      const keptAs = `${key}.unreadable.${Date.now()}`;
      const revision = revisionOf(record) + 1; // never back to an earlier revision: an older tab may hold it
      await withStore("readwrite", (store) => store.put(record, keptAs));
      await withStore("readwrite", (store) => store.put({ revision, sealed: null }, key));
      return { ...restored, kept_as: keptAs, revision };
    }
  } catch (err) {
    return { ok: false, error: `kept saves: ${err instanceof Error ? err.message : err}`, kind: "storage" };
  }
  return refused(`kept saves: no method ${method}`);
}
