// The worker keeps a game's save (runs inside the engine worker, never in a page). Some games' saves
// hold what the page must not see: Eleusis's save holds the secret rule and the dealer's seed, and
// the page's messages from the worker must never carry them before the hand ends. So the page does
// not hold such a save at all: it asks the worker to keep it, and the worker asks the engine for the
// text and stores it in IndexedDB (which workers reach) without sending it back; to resume, the
// worker reads it and gives it to the engine's restore, and only the restored snapshot comes back.
//
// Requests (the engine's request shape, {id, method, args}, answered like any bridge call):
//   kept.keep    {game, key}  -> {kept: true}          calls `<game>.save` and stores its text
//   kept.resume  {game, key}  -> snapshot | null       null when nothing is kept under key; a save
//                                                      the engine cannot read (or a value that is
//                                                      not text, read as its JSON) is moved aside under
//                                                      `<key>.unreadable.<time>` and the engine's
//                                                      corrupt_save answer comes back, with `kept_as`
//   kept.forget  {game, key}  -> {forgotten: true}
// Example: the Eleusis page sends {method: "kept.keep", args: {game: "eleusis", key: "eleusis.game"}}
// after every move, and {method: "kept.resume", args: {game: "eleusis", key: "eleusis.game"}} on load.
//
// Glossary:
//   engine call -- (method, args) -> the bridge's parsed answer {ok, result} | {ok: false, error, kind}.
//   key         -- the save's name in the store: a game's page picks it ("eleusis.game").

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
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
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

/**
 * Answer a kept.* request.
 * @param {EngineCall} call the engine, in this worker
 * @param {string} method
 * @param {Record<string, unknown>} args
 */
export async function keptSaveCall(call, method, args) {
  const { game, key } = args ?? {};
  if (typeof game !== "string" || !NAME.test(game)) return refused(`kept saves: bad game ${JSON.stringify(game)}`);
  if (typeof key !== "string" || !KEY.test(key)) return refused(`kept saves: bad key ${JSON.stringify(key)}`);
  try {
    if (method === "kept.keep") {
      const saved = call(`${game}.save`, {});
      if (!saved.ok) return saved;
      await withStore("readwrite", (store) => store.put(String(saved.result.text), key));
      return { ok: true, result: { kept: true } };
    }
    if (method === "kept.resume") {
      const stored = await withStore("readonly", (store) => store.get(key));
      if (stored === undefined) return { ok: true, result: null };
      // Something that is not text (an object, a number) is read as the text it would be: the
      // engine refuses it in its own words, and it is kept aside like any unreadable save.
      const restored = call(`${game}.restore`, { text: asText(stored) });
      if (restored.ok || restored.kind !== "corrupt_save") return restored;
      const keptAs = `${key}.unreadable.${Date.now()}`;
      await withStore("readwrite", (store) => store.put(stored, keptAs));
      await withStore("readwrite", (store) => store.delete(key));
      return { ...restored, kept_as: keptAs };
    }
    if (method === "kept.forget") {
      await withStore("readwrite", (store) => store.delete(key));
      return { ok: true, result: { forgotten: true } };
    }
  } catch (err) {
    return { ok: false, error: `kept saves: ${err instanceof Error ? err.message : err}`, kind: "storage" };
  }
  return refused(`kept saves: no method ${method}`);
}
