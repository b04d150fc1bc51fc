// The records every statistics store sorts out (web/js/platform/records.js): each game's own check
// decides which stored values are records; a repeated id counts once; new ids differ.
import { test } from "node:test";
import assert from "node:assert/strict";
import { newRecordId, readRecords, sortOutRecords } from "../../web/js/platform/records.js";
import { MemoryStorage } from "./helpers/memory-storage.mjs";

/** A game whose records are objects with a string id and a whole `score`, checked by hand. */
const problem = (record) => {
  if (record === null || typeof record !== "object") return "not an object";
  if (typeof record.id !== "string" || !record.id) return "id";
  return Number.isInteger(record.score) ? "" : "score";
};

test("the game's own check decides which records count, and a repeated id is damaged", () => {
  const a = { id: "a", score: 3 };
  const b = { id: "b", score: 1 };
  const { good, damaged } = sortOutRecords([a, null, { id: "c", score: 1.5 }, { id: "a", score: 9 }, b], problem);
  assert.deepEqual(good, [a, b]);
  assert.equal(damaged, 3);
});

test("another game's check sorts the same values otherwise", () => {
  const everything = () => "";
  assert.equal(sortOutRecords([{ id: "c", score: 1.5 }], everything).damaged, 0);
  assert.equal(sortOutRecords([{ id: "c", score: 1.5 }], problem).damaged, 1);
});

test("new record ids are made of the time and random bits and differ", () => {
  const ids = new Set(Array.from({ length: 50 }, newRecordId));
  assert.equal(ids.size, 50);
  for (const id of ids) assert.match(id, /^[0-9a-z]+-[0-9a-z]+$/);
});

/** A store of the planted game under "game.stats", read with readRecords; `kept` collects what keep got. */
function read(storage) {
  const kept = [];
  const result = readRecords(storage, {
    key: "game.stats", format: "game-stats", version: 1, asideName: "game-stats", problem,
    keep: (good) => kept.push(good),
  });
  return { ...result, kept };
}

const asideKeys = (storage) => [...storage.map.keys()].filter((key) => key.includes("game-stats."));

test("reading a store: none is no records and no trouble; a sound store is its records", () => {
  assert.deepEqual(read(new MemoryStorage()), { records: [], trouble: null, kept: [] });
  const text = '{"format":"game-stats","version":1,"records":[{"id":"a","score":1}]}';
  assert.deepEqual(read(new MemoryStorage({ "game.stats": text })), { records: [{ id: "a", score: 1 }], trouble: null, kept: [] });
});

test("a store that is not one is copied aside and removed; when the copy fails it stays", () => {
  for (const [text, notJson] of [["{not json", true], ['{"format":"other","version":1,"records":[]}', false], ["null", false]]) {
    const storage = new MemoryStorage({ "game.stats": text });
    const { records, trouble } = read(storage);
    assert.deepEqual(records, []);
    assert.equal(trouble?.kind, "unreadable");
    assert.equal(trouble.notJson, notJson);
    assert.deepEqual(asideKeys(storage), [trouble.aside]);
    assert.equal(storage.map.get(trouble.aside), text);
    assert.equal(storage.read("game.stats"), null);
  }
  const full = new MemoryStorage({ "game.stats": "{not json" });
  full.failWrites = true;
  assert.deepEqual(read(full).trouble, { kind: "unreadable", notJson: true, aside: "" });
  assert.equal(full.read("game.stats"), "{not json");
});

test("damaged records are copied aside with the store, and only the good ones are kept", () => {
  const text = '{"format":"game-stats","version":1,"records":[{"id":"a","score":1},null,{"id":"a","score":2}]}';
  const storage = new MemoryStorage({ "game.stats": text });
  const { records, trouble, kept } = read(storage);
  assert.deepEqual(records, [{ id: "a", score: 1 }]);
  assert.equal(trouble?.kind, "damaged");
  assert.equal(trouble.damaged, 2);
  assert.equal(storage.map.get(trouble.aside), text);
  assert.deepEqual(kept, [[{ id: "a", score: 1 }]]);
  const full = new MemoryStorage({ "game.stats": text });
  full.failWrites = true;
  const unsaved = read(full);
  assert.deepEqual(unsaved.trouble, { kind: "damaged", damaged: 2, aside: "" });
  assert.deepEqual(unsaved.kept, []);
  assert.equal(full.read("game.stats"), text);
});
