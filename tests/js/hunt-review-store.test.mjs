// The hunt review's marks kept with the game (hunt-storage.js reviewStore): reopening a review finds
// its own game's marks, never another game's, and a stored value that is not marks is kept aside
// (GameStorage.readRecord) instead of being drawn.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useCatalog } from "../../web/js/platform/i18n/i18n.js";
import { GameStorage } from "../../web/js/platform/storage.js";
import { HUNT_KEYS, reviewProblem, reviewStore } from "../../web/js/games/hunt/hunt-storage.js";

useCatalog("en", JSON.parse(readFileSync(new URL("../../web/i18n/en.json", import.meta.url), "utf8")));

/** A mark as the engine's hunt.review_step answers it, written out by hand. */
const MARK = {
  ply: 3, side: "C", played: "a5", best: "e7", same: false, flagged: true, cost: 4,
  findings: [{ kind: "cows", cost: 4, msg: { code: "hunt.review.cows_fewer", params: { count: 5 } }, text: "..." }],
};

function storageWith(entries = {}) {
  const problems = [];
  const storage = new GameStorage((problem) => problems.push(problem));
  problems.length = 0;
  for (const [key, text] of Object.entries(entries)) storage.write(key, text);
  return { storage, problems };
}

test("the marks of a game come back for that game only", () => {
  const { storage } = storageWith();
  const store = reviewStore(storage);
  assert.equal(store.read("game-a"), null);
  store.write("game-a", { 3: MARK });
  assert.deepEqual(store.read("game-a"), { 3: MARK });
  assert.equal(store.read("game-b"), null);
  store.write("game-b", {});
  assert.equal(store.read("game-a"), null, "only the last game's marks are kept");
});

test("a stored value that is not marks is set aside, not drawn", () => {
  for (const text of ['{"key": "game-a", "marks": [1]}', '{"key": 7, "marks": {}}', "not json",
    '{"key": "game-a", "marks": {"3": {"ply": 3}}}']) {
    const { storage, problems } = storageWith({ [HUNT_KEYS.review]: text });
    assert.equal(reviewStore(storage).read("game-a"), null, text);
    assert.equal(storage.keys(`${HUNT_KEYS.review}.unreadable.`).length, 1, text);
    assert.equal(problems.length, 1, text);
  }
  assert.equal(reviewProblem({ key: "k", marks: { 3: MARK } }), "");
});

test("a kept mark whose fields are damaged is set aside, not drawn", () => {
  const damaged = [{ findings: [null] }, { findings: [{ msg: null, text: {} }] }, { best: null }, { best: -1e308 },
    { flagged: "yes" }, { same: null }, { findings: "garbage" }];
  for (const change of damaged) {
    const text = JSON.stringify({ key: "game-a", marks: { 3: { ...MARK, ...change } } });
    const { storage, problems } = storageWith({ [HUNT_KEYS.review]: text });
    assert.equal(reviewStore(storage).read("game-a"), null, text);
    assert.equal(storage.keys(`${HUNT_KEYS.review}.unreadable.`).length, 1, text);
    assert.equal(problems.length, 1, text);
  }
});
