// The statistics store (web/js/games/leopard/stats-store.js) reading a damaged store (issue 21,
// item 9): every record is checked where it is read; a null record, a record of garbage and one
// nested 5,000 arrays deep are set aside (the store as it was copied under a key of its own),
// never counted, never a crash, and reported once in plain words; a finished game is still recorded.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useCatalog } from "../../web/js/platform/i18n/i18n.js";
import { MemoryStorage } from "./helpers/memory-storage.mjs";
import { CURRENT_KEY, STATS_KEY, StatsStore, recordProblem, sortOutRecords } from "../../web/js/games/leopard/stats-store.js";
import { GameStorage } from "../../web/js/platform/storage.js";

useCatalog("en", JSON.parse(readFileSync(new URL("../../web/i18n/en.json", import.meta.url), "utf8")));

/** A valid record as the engine writes it, written out by hand (stats.py's glossary). */
const record = (id, own = 9, opp = 4) => ({
  id, format: "leopard-record", version: 1, variant: "standard", level: "normal", hands: 1,
  sheet: [{ own, opp }], totals: { own, opp }, result: own > opp ? "won" : own < opp ? "lost" : "drawn",
  undo_used: false, hints_used: false, finished_at: "2026-11-23T07:20:00Z",
});

/** 5,000 arrays, one inside the other, as text (JSON.stringify would recurse). */
const NESTED_TEXT = `${"[".repeat(5000)}${"]".repeat(5000)}`;

/** A store's text holding the given records' texts. @param {string[]} texts */
const storeText = (texts) => `{"format":"leopard-stats","version":1,"records":[${texts.join(",")}]}`;

const DAMAGED = storeText([JSON.stringify(record("a")), "null", '"garbage"', '{"id":"x","junk":[1,2]}', NESTED_TEXT]);

test("a record of the engine's shape passes; null, garbage and deep nesting do not", () => {
  assert.equal(recordProblem(record("a")), "");
  assert.equal(recordProblem(null), "not an object");
  assert.equal(recordProblem("garbage"), "not an object");
  assert.equal(recordProblem(JSON.parse(NESTED_TEXT)), "not an object");
  assert.equal(recordProblem({ ...record("a"), hands: 0 }), "hands");
  assert.equal(recordProblem({ ...record("a"), sheet: [null] }), "sheet");
  assert.equal(recordProblem({ ...record("a"), id: 7 }), "id");
  assert.equal(recordProblem({ ...record("a"), finished_at: "yesterday" }), "finished_at");
});

test("a repeated id counts once", () => {
  const { good, damaged } = sortOutRecords([record("a"), record("a", 1, 5), record("b")]);
  assert.deepEqual(good.map((r) => r.id), ["a", "b"]);
  assert.equal(damaged, 1);
});

test("damaged records are set aside, reported once and never counted", () => {
  const storage = new MemoryStorage({ [STATS_KEY]: DAMAGED });
  const problems = [];
  const store = new StatsStore(storage, /** @type {any} */ (null), (p) => problems.push(p));
  assert.deepEqual(store.all().map((r) => r.id), ["a"]);
  assert.deepEqual(store.all().map((r) => r.id), ["a"]);
  assert.equal(problems.length, 1);
  assert.match(problems[0], /^4 of your game records could not be read: they are left out of your statistics\. Your statistics as they were are kept in this browser as “leopard\.game\.unreadable\.stats\./);
  const aside = [...storage.map.keys()].filter((k) => k.startsWith("leopard.game.unreadable.stats."));
  assert.equal(aside.length, 1);
  assert.equal(storage.read(aside[0]), DAMAGED, "the store as it was is kept whole");
  assert.deepEqual(JSON.parse(storage.read(STATS_KEY)).records, [record("a")]);
});

test("when the copy cannot be written the store stays as it was, and the damage is still left out", () => {
  const storage = new MemoryStorage({ [STATS_KEY]: DAMAGED });
  storage.failWrites = true;
  const problems = [];
  const store = new StatsStore(storage, /** @type {any} */ (null), (p) => problems.push(p));
  assert.equal(store.all().length, 1);
  store.all();
  assert.deepEqual(problems, ["4 of your game records could not be read: they are left out of your statistics."]);
  assert.equal(storage.read(STATS_KEY), DAMAGED);
});

test("a finished game is recorded beside a damaged store", async () => {
  const storage = new MemoryStorage({ [STATS_KEY]: DAMAGED });
  const fromEngine = record("?", 3, 7);
  delete fromEngine.id; // the engine's record has no id: the store gives it one
  const engine = { call: async (method) => (method === "game_record" ? fromEngine : null) };
  const store = new StatsStore(storage, /** @type {any} */ (engine), () => {});
  const snap = { game: { over: true, hands: 1, cut: 5 }, variant: "standard", level: "normal", opponent: "computer" };
  assert.deepEqual(await store.record(/** @type {any} */ (snap)), { ok: true });
  const kept = JSON.parse(storage.read(STATS_KEY)).records;
  assert.equal(kept.length, 2);
  assert.equal(kept[1].result, "lost");
});

test("a finished game whose note was damaged is counted once, under its record's id", async () => {
  const storage = new GameStorage(() => {}); // in memory: node has no localStorage
  const kept = { ...record("first", 3, 7), seed: 41 };
  storage.write(STATS_KEY, storeText([JSON.stringify(kept)]));
  storage.write(CURRENT_KEY, '{"id": [[[]]], "game": 5}'); // damaged between two visits
  const fromEngine = { ...kept, finished_at: "2026-11-29T01:00:00Z" };
  delete fromEngine.id; // the engine's record has no id
  const engine = { call: async (method) => (method === "game_record" ? fromEngine : null) };
  const store = new StatsStore(storage, /** @type {any} */ (engine), () => {});
  const snap = { game: { over: true, hands: 1, cut: 5 }, variant: "standard", level: "normal", opponent: "computer" };
  assert.deepEqual(await store.record(/** @type {any} */ (snap)), { ok: true });
  assert.deepEqual(JSON.parse(storage.read(STATS_KEY) ?? "null").records, [kept], "one record, as it was");
  assert.equal(store.currentId(/** @type {any} */ (snap)), "first");
  assert.equal(storage.keys(`${CURRENT_KEY}.unreadable.`).length, 1, "the damaged note kept aside");
  // Another game of the same deal, with a sound note: a game of its own.
  storage.write(CURRENT_KEY, JSON.stringify({ id: "second", game: JSON.stringify(["standard", "normal", 1, 5]) }));
  await store.record(/** @type {any} */ (snap));
  assert.deepEqual(JSON.parse(storage.read(STATS_KEY) ?? "null").records.map((r) => r.id), ["first", "second"]);
});
