// One rule for everything a page reads from storage (issue 32): GameStorage.readRecord checks a
// record where it is read, keeps a bad one aside under a name the notice gives and lets the page go
// on; the Eleusis view kept for the first drawing is checked field by field; a link's seed is read
// by one rule on every page, and a notice quotes a link's input short.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useCatalog } from "../../web/js/platform/i18n/i18n.js";
import { GameStorage } from "../../web/js/platform/storage.js";
import { preferencesProblem, readPreferences } from "../../web/js/platform/preferences.js";
import { VIEW_KEY, readKeptView, viewProblem } from "../../web/js/games/eleusis/kept-view.js";
import { linkSeed, seedAfter, shortQuote } from "../../web/js/platform/link-input.js";
import { asText } from "../../web/js/platform/engine/kept-saves.js";

useCatalog("en", JSON.parse(readFileSync(new URL("../../web/i18n/en.json", import.meta.url), "utf8")));

/** An Express view of three seats as the engine sends it, written out by hand (types.js). */
const VIEW = {
  game: "express", seats: 3, hand_number: 0, hands_in_game: 1, dealer: null, phase: "play", to_move: 0,
  hand_counts: [12, 12, 12], stock: 60, mainline: ["9H", "AH"],
  plays: [{ seat: 0, at: 1, cards: ["AH"], right: true }, { seat: 1, at: 2, cards: ["4S"], right: false }],
  no_plays: [], refused_guesses: [], pending: null, prophet: null, marker: null, been_prophet: [],
  expelled: [], expulsion: false, turns: 2, log: [], log_size: 0, results: [], totals: [0, 0, 0], over: false,
  hand: ["AD", "6H", "10S", "QC"], legal_moves: [], rule: null, bot_to_move: false,
  levels: [null, "novice", "novice"], wordings: {}, sure: [],
};

/** A storage in memory (node has no localStorage) and the problems it reported, "blocked" aside. */
function memoryStorage(entries = {}) {
  const problems = [];
  const storage = new GameStorage((problem) => problems.push(problem));
  problems.length = 0;
  for (const [key, text] of Object.entries(entries)) storage.write(key, text);
  return { storage, problems };
}

const asideKeys = (storage, key) => storage.keys(`${key}.unreadable.`);

test("an Eleusis view as the engine sends it can be drawn", () => {
  assert.equal(viewProblem(VIEW), "");
  assert.equal(viewProblem({ ...VIEW, game: "eleusis", names: null, classroom: false }), "");
});

test("the damage that stopped the page is found before the drawing", () => {
  assert.equal(viewProblem(null), "not an object");
  assert.equal(viewProblem([VIEW]), "not an object");
  assert.equal(viewProblem({ ...VIEW, mainline: ["9H", null] }), "mainline");
  assert.equal(viewProblem({ ...VIEW, hand: ["AD", { rank: "A" }] }), "hand");
  assert.equal(viewProblem({ ...VIEW, hand: ["AD", "1H"] }), "hand");
  assert.equal(viewProblem({ ...VIEW, plays: [...VIEW.plays, null] }), "plays");
  assert.equal(viewProblem({ ...VIEW, plays: [{ seat: 0, at: 1, cards: [], right: true }] }), "plays");
  const { expelled, ...noExpelled } = VIEW;
  assert.deepEqual(expelled, []);
  assert.equal(viewProblem(noExpelled), "expelled");
  assert.equal(viewProblem({ ...VIEW, totals: null }), "totals");
  assert.equal(viewProblem({ ...VIEW, seats: 99 }), "seats");
});

test("a bad view is kept aside under the key the notice names, and its place is freed", () => {
  const text = JSON.stringify({ ...VIEW, mainline: [null] });
  const { storage, problems } = memoryStorage({ [VIEW_KEY]: text });
  assert.equal(readKeptView(storage), null);
  assert.equal(storage.read(VIEW_KEY), null);
  const [aside] = asideKeys(storage, VIEW_KEY);
  assert.equal(storage.read(aside), text);
  assert.equal(problems.length, 1);
  assert.match(problems[0], /the table as you last saw it/);
  assert.ok(problems[0].includes(`“${aside}”`), problems[0]);
  assert.equal(readKeptView(storage), null); // nothing left to report
  assert.equal(problems.length, 1);
});

test("a good view is read as it was written; nothing stored is no problem", () => {
  const { storage, problems } = memoryStorage({ [VIEW_KEY]: JSON.stringify(VIEW) });
  assert.deepEqual(readKeptView(storage), VIEW);
  assert.equal(memoryStorage().storage.readRecord("x", { what: "game.storage.record.what.view" }), null);
  assert.deepEqual(problems, []);
});

test("text that is not JSON, or far too long, is kept aside too", () => {
  const { storage, problems } = memoryStorage({ [VIEW_KEY]: "{\"game\": " });
  assert.equal(readKeptView(storage), null);
  assert.match(problems[0], /its text is damaged/);
  const long = memoryStorage({ [VIEW_KEY]: JSON.stringify({ ...VIEW, pad: "x".repeat(200_000) }) });
  assert.equal(readKeptView(long.storage), null);
  assert.match(long.problems[0], /far longer/);
  assert.equal(asideKeys(long.storage, VIEW_KEY).length, 1);
});

test("preferences stored as a number, a list or with a colour no page writes are set aside", () => {
  for (const text of ["5", "[1, 2]", "{\"theme\": \"purple\"}", "{\"sound\": \"yes\"}"]) {
    const { storage, problems } = memoryStorage({ "leopard.preferences.v1": text });
    assert.deepEqual(readPreferences(storage), { speed: "normal", theme: "dark", bigCards: false, sound: false }, text);
    assert.equal(problems.length, 1, text);
    assert.equal(storage.read(asideKeys(storage, "leopard.preferences.v1")[0]), text);
  }
  assert.equal(preferencesProblem({ speed: "fast" }), "");
  assert.equal(preferencesProblem({}), "");
  const { storage, problems } = memoryStorage({ "leopard.preferences.v1": "{\"speed\": \"slow\"}" });
  assert.equal(readPreferences(storage).speed, "slow");
  assert.deepEqual(problems, []);
});

test("a check that trips over the value finds it damaged, never throws", () => {
  const { storage, problems } = memoryStorage({ k: "{}" });
  const problemOf = () => { throw new TypeError("boom"); };
  assert.equal(storage.readRecord("k", { what: "game.storage.record.what.view", problemOf }), null);
  assert.equal(problems.length, 1);
});

test("a link's seed: whole numbers from 0 to 2**53 - 1 in digits, nothing else", () => {
  assert.deepEqual(linkSeed("42"), { seed: 42 });
  assert.deepEqual(linkSeed("007"), { seed: 7 });
  assert.deepEqual(linkSeed("0"), { seed: 0 });
  assert.deepEqual(linkSeed("9007199254740991"), { seed: 9007199254740991 });
  for (const bad of ["abc", "", " 1", "-1", "1e3", "1.5", "0x10", "9007199254740992", "9".repeat(5000)]) {
    const read = linkSeed(bad);
    assert.ok(!("seed" in read), bad);
    assert.ok(read.problem.length < 200, bad);
  }
  assert.ok(linkSeed("9".repeat(5000)).problem.includes(`“${"9".repeat(24)}…”`));
});

test("the games after a link's seeded one on the same visit: the next seeds, from 0 again past 2**53 - 1", () => {
  assert.equal(seedAfter(7, 1), 8);
  assert.equal(seedAfter(7, 3), 10);
  assert.equal(seedAfter(9007199254740990, 1), 9007199254740991);
  assert.equal(seedAfter(9007199254740991, 1), 0);
  assert.equal(seedAfter(9007199254740990, 3), 1);
});

test("a notice quotes at most 24 characters of a link's value", () => {
  assert.equal(shortQuote("novice"), "novice");
  assert.equal(shortQuote("x".repeat(24)), "x".repeat(24));
  assert.equal(shortQuote("x".repeat(10_139)), `${"x".repeat(24)}…`);
  assert.equal(shortQuote("😀".repeat(30)), `${"😀".repeat(24)}…`); // never half a character
});

test("a kept save that is not text is read as its JSON (the engine then refuses it)", () => {
  assert.equal(asText("{\"a\": 1}"), "{\"a\": 1}");
  assert.equal(asText({ format: "eleusis-session" }), "{\"format\":\"eleusis-session\"}");
  assert.equal(asText(5), "5");
  assert.equal(asText(null), "null");
  const cycle = {};
  cycle.self = cycle;
  assert.equal(asText(cycle), "[object Object]");
});

test("a damaged game in the card game's reviews is kept aside and told, the good games stay", async () => {
  const { ReviewStore, REVIEWS_KEY } = await import("../../web/js/games/leopard/review/review-store.js");
  for (const bad of [null, 7, "x", [], { id: "a", save: 5, hands: {} }, { id: "a", save: null, hands: null }]) {
    const good = { id: "b", save: "kept", hands: {} };
    const { storage, problems } = memoryStorage({
      [REVIEWS_KEY]: JSON.stringify({ format: "leopard-reviews", version: 1, games: [bad, good] }),
    });
    const store = new ReviewStore(storage);
    assert.deepEqual(store.entries(), [good]);
    assert.equal(problems.length, 1, JSON.stringify(bad));
    const [aside] = asideKeys(storage, REVIEWS_KEY);
    assert.ok(JSON.parse(storage.read(aside)).games.length === 2, "the store as it was is kept aside");
    assert.deepEqual(new ReviewStore(storage).entries(), [good], "the good games stay where they were");
    assert.equal(problems.length, 1, "told once");
  }
});

test("a damaged game in the reviews is not written over when its store cannot be kept aside", async () => {
  const { ReviewStore, REVIEWS_KEY } = await import("../../web/js/games/leopard/review/review-store.js");
  const good = { id: "b", save: "kept", hands: {} };
  const text = JSON.stringify({ format: "leopard-reviews", version: 1, games: [7, good] });
  const { storage, problems } = memoryStorage({ [REVIEWS_KEY]: text });
  const write = storage.write.bind(storage);
  // A full storage: the copy aside cannot be made.
  storage.write = (key, value) => (key.includes(".unreadable.") ? { ok: false, reason: "full" } : write(key, value));
  assert.deepEqual(new ReviewStore(storage).entries(), [good]);
  assert.equal(storage.read(REVIEWS_KEY), text, "the store as it was stays, damaged game and all");
  assert.equal(problems.length, 1, "the player is told it could not be kept aside");
  assert.match(problems[0], /full/);
});
