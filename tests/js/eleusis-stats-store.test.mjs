// The Eleusis statistics store (web/js/games/eleusis/stats-store.js): each record is checked where
// it is read; a damaged store is set aside and never crashes the page; a finished hand is kept once,
// however many times it is recorded (a reload at the end of the hand); the figures by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useCatalog } from "../../web/js/platform/i18n/i18n.js";
import { MemoryStorage } from "./helpers/memory-storage.mjs";
import {
  CURRENT_KEY, EleusisStats, STATS_KEY, dealOf, figuresOf, recordProblem, sortOutRecords,
} from "../../web/js/games/eleusis/stats-store.js";

useCatalog("en", JSON.parse(readFileSync(new URL("../../web/i18n/en.json", import.meta.url), "utf8")));

const record = (id, extra = {}) => ({
  id, game: "express", difficulty: "easy", found: true, cards: 7, won: true, score: 9,
  finished_at: "2026-11-25T02:00:00Z", ...extra,
});

const storeText = (texts) => `{"format":"leopard-eleusis-stats","version":1,"records":[${texts.join(",")}]}`;
const NESTED = `${"[".repeat(5000)}${"]".repeat(5000)}`;

test("a record's every field is checked", () => {
  assert.equal(recordProblem(record("a")), "");
  assert.equal(recordProblem(record("a", { found: false, cards: null })), "");
  assert.equal(recordProblem(null), "not an object");
  assert.equal(recordProblem(JSON.parse(NESTED)), "not an object");
  assert.equal(recordProblem(record("")), "id");
  assert.equal(recordProblem(record("a", { game: "poker" })), "game");
  assert.equal(recordProblem(record("a", { difficulty: "impossible" })), "difficulty");
  assert.equal(recordProblem(record("a", { won: "yes" })), "flags");
  assert.equal(recordProblem(record("a", { cards: 0 })), "cards");
  assert.equal(recordProblem(record("a", { found: false, cards: 4 })), "cards");
  assert.equal(recordProblem(record("a", { score: 1.5 })), "score");
  assert.equal(recordProblem(record("a", { finished_at: "someday" })), "finished_at");
  assert.equal(sortOutRecords([record("a"), record("a"), record("b")]).damaged, 1);
});

test("a store that is not one is set aside, reported once, and counts nothing", () => {
  const storage = new MemoryStorage({ [STATS_KEY]: "{not json" });
  const problems = [];
  const stats = new EleusisStats(storage, (p) => problems.push(p));
  assert.deepEqual(stats.all(), []);
  assert.deepEqual(stats.all(), []);
  assert.equal(problems.length, 1);
  assert.match(problems[0], /could not be read; they were kept aside under/);
  const aside = [...storage.map.keys()].find((k) => k.startsWith("leopard.game.unreadable.eleusis-stats."));
  assert.equal(storage.map.get(aside), "{not json");
  assert.equal(storage.read(STATS_KEY), null);
});

test("damaged records are left out and the good ones kept", () => {
  const text = storeText([JSON.stringify(record("a")), "null", '"junk"', NESTED, JSON.stringify(record("a"))]);
  const storage = new MemoryStorage({ [STATS_KEY]: text });
  const problems = [];
  const stats = new EleusisStats(storage, (p) => problems.push(p));
  assert.deepEqual(stats.all().map((r) => r.id), ["a"]);
  assert.match(problems[0], /^4 damaged hands in your Eleusis statistics were left out/);
  assert.equal(JSON.parse(storage.read(STATS_KEY)).records.length, 1);
  storage.failWrites = true;
  assert.deepEqual(new EleusisStats(new MemoryStorage({ [STATS_KEY]: text })).all().length, 1);
});

test("a finished hand recorded twice (a reload at its end) is kept once; a new game's hand is new", () => {
  const storage = new MemoryStorage();
  const stats = new EleusisStats(storage);
  stats.startGame();
  const snap = { records: [{ hand: 0, game: "eleusis", difficulty: "hard", found: false, cards: null, won: false, score: 3 }] };
  assert.equal(stats.recordHands(snap).added, 1);
  assert.equal(new EleusisStats(storage).recordHands(snap).added, 0);
  assert.equal(stats.all().length, 1);
  stats.startGame();
  assert.equal(stats.recordHands(snap).added, 1);
  assert.equal(stats.all().length, 2);
  storage.map.set(CURRENT_KEY, "garbage");
  assert.equal(stats.recordHands(snap).added, 1); // a game from before the id: a new id, never a crash
});

test("a finished hand is counted once after the note of its game was damaged between visits", () => {
  const storage = new MemoryStorage();
  const stats = new EleusisStats(storage);
  stats.startGame();
  // Two finished hands as the engine's snapshot shows them (written out by hand).
  const snap = {
    records: [0, 1].map((hand) => ({ hand, game: "eleusis", difficulty: "hard", found: false, cards: null, won: false, score: 3 })),
    results: [
      { hand: 0, rule: "red", mainline_cards: ["9H", "AH", "4D"] },
      { hand: 1, rule: "odd", mainline_cards: ["3S", "5C"] },
    ],
  };
  assert.equal(stats.recordHands(snap).added, 2);
  storage.map.set(CURRENT_KEY, "{damaged"); // between visits
  const again = new EleusisStats(storage);
  assert.equal(again.recordHands(snap).added, 0, "the same two hands, not two more");
  assert.equal(again.all().length, 2);
  // The next hand of that game is counted, under the game's new id.
  const third = { records: [...snap.records, { ...snap.records[0], hand: 2 }],
    results: [...snap.results, { hand: 2, rule: "red", mainline_cards: ["9H", "AH", "4D"] }] };
  assert.equal(again.recordHands(third).added, 1);
  assert.equal(again.recordHands(third).added, 0);
  const games = new Set(again.all().map((r) => r.id.split(":")[0]));
  assert.equal(games.size, 1, "the game's id found again: its three hands are one game's");
  // A new game of the same seed played alike is another game: counted (the note was not damaged).
  again.startGame();
  assert.equal(again.recordHands(snap).added, 2);
  assert.equal(again.all().length, 5);
});

test("a deal is a short fingerprint of the hand as the table showed it", () => {
  const snap = { results: [{ hand: 0, rule: "red", mainline_cards: ["9H", "AH"] }, { hand: 1, rule: "red" }] };
  assert.match(dealOf(snap, 0), /^[0-9a-f]{8}$/);
  assert.notEqual(dealOf(snap, 0), dealOf({ results: [{ hand: 0, rule: "red", mainline_cards: ["9H", "AD"] }] }, 0));
  assert.equal(dealOf(snap, 1), undefined); // an older view without the mainline
  assert.equal(dealOf(snap, 5), undefined);
  assert.equal(recordProblem(record("a", { deal: dealOf(snap, 0) })), "");
  assert.equal(recordProblem(record("a", { deal: 7 })), "deal");
  assert.equal(recordProblem(record("a", { deal: "x".repeat(17) })), "deal");
});

test("the figures: hands, won, found, cards needed on average and fewest", () => {
  const f = figuresOf([record("a", { cards: 7 }), record("b", { cards: 4, won: false }), record("c", { found: false, cards: null })]);
  assert.deepEqual(f, { hands: 3, won: 2, found: 2, averageCards: 5.5, fewestCards: 4 });
  assert.deepEqual(figuresOf([]), { hands: 0, won: 0, found: 0, averageCards: null, fewestCards: null });
});
