// The records every statistics store sorts out (web/js/platform/records.js): each game's own check
// decides which stored values are records; a repeated id counts once; new ids differ.
import { test } from "node:test";
import assert from "node:assert/strict";
import { newRecordId, sortOutRecords } from "../../web/js/platform/records.js";

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
