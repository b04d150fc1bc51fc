// The part of GameStorage (web/js/platform/storage.js) the statistics stores use, in memory, for the
// node tests: read, readObject, write and remove, with `failWrites` to play a full storage, and
// GameStorage's own setAside working on them.
//
// Glossary:
//   entries     the keys and texts it starts with, e.g. new MemoryStorage({"leopard.stats.v1": "{}"})
//   failWrites  when true every write answers {ok: false, reason: "the storage is full"}

import { GameStorage } from "../../../web/js/platform/storage.js";

export class MemoryStorage {
  /** @param {Record<string, string>} [entries] */
  constructor(entries = {}) {
    this.map = new Map(Object.entries(entries));
    this.failWrites = false;
  }

  /** @param {string} key */
  read(key) { return this.map.get(key) ?? null; }

  /** @param {string} key */
  readObject(key) {
    try { return JSON.parse(this.map.get(key) ?? "{}") ?? {}; } catch { return {}; }
  }

  /** @param {string} key @param {string} text */
  write(key, text) {
    if (this.failWrites) return { ok: false, reason: "the storage is full" };
    this.map.set(key, text);
    return { ok: true };
  }

  /** As GameStorage.remove: true once the key is gone. @param {string} key */
  remove(key) {
    this.map.delete(key);
    return true;
  }

  /** GameStorage.setAside itself, on this storage. @param {string} text @param {{saveKey?: string|null, prefix?: string}} [where] */
  setAside(text, where) {
    return GameStorage.prototype.setAside.call(this, text, where);
  }
}
