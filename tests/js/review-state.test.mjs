// The review's state (web/js/games/leopard/review/review-state.js) and what it keeps
// (review-store.js): the biggest slips, what is still to look at, the limits of the store.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ReviewState, SLIPS, isVerdict, keptVerdict } from "../../web/js/games/leopard/review/review-state.js";
import { MAX_GAMES, ReviewStore, handKey } from "../../web/js/games/leopard/review/review-store.js";

const table = { own: {}, opp: {}, hand: [], discards: [], stock_count: 0, opp_hand_count: 0 };
const opened = {
  hands: 1, hand: 0,
  steps: Array.from({ length: 10 }, (_, index) => ({ index, seat: index % 2 ? "computer" : "person", move: `m${index}`, table })),
  person_steps: [0, 2, 4, 6, 8],
  final: { own: 3, opp: 9, margin: -6, table },
};
const verdict = (index, cost, asGood = false) => ({ index, played: "a", best: "b", cost, spread: 0.3, as_good: asGood, moves: [1, 2] });

test("the biggest slips are the costliest moves that are not as good, costliest first", () => {
  const state = new ReviewState(opened);
  for (const v of [verdict(0, 0.2, true), verdict(2, 1.5), verdict(4, 3), verdict(6, 1.5), verdict(8, 9, true)]) state.record(v);
  assert.deepEqual(state.slips().map((v) => v.index), [4, 2, 6]);
  state.record(verdict(8, 2));
  assert.equal(state.slips().length, SLIPS);
  assert.deepEqual(state.slips().map((v) => v.index), [4, 8, 2]);
});

test("only the person's steps are recorded; the rest are still to look at, in order", () => {
  const state = new ReviewState(opened);
  assert.equal(state.record(verdict(3, 1)), false);
  state.record(verdict(4, 1));
  assert.deepEqual(state.missing(), [0, 2, 6, 8]);
  assert.deepEqual(state.progress(), { done: 1, total: 5 });
});

test("the position stays within the hand; the end shows the final table", () => {
  const state = new ReviewState(opened);
  assert.equal(state.go(-3), false);
  assert.equal(state.go(99), true);
  assert.equal(state.position, 10);
  assert.equal(state.step, null);
  assert.equal(state.tableAt(), opened.final.table);
});

test("a kept verdict drops the list of every move, and reads back as a verdict", () => {
  const kept = keptVerdict(verdict(2, 1.25));
  assert.equal("moves" in kept, false);
  assert.equal(isVerdict(kept), true);
  assert.equal(isVerdict({ ...kept, cost: "1" }), false);
});

/** A GameStorage's read and write, in memory. */
function memoryStorage() {
  const area = new Map();
  return {
    area,
    readObject: (key) => (area.has(key) ? JSON.parse(area.get(key)) : {}),
    write: (key, text) => { area.set(key, text); return { ok: true }; },
  };
}

test("the store keeps verdicts by game and hand, and the latest games only", () => {
  const storage = memoryStorage();
  const store = new ReviewStore(/** @type {any} */ (storage));
  const key = handKey(0, ["m0", "m1"]);
  assert.notEqual(key, handKey(0, ["m0", "m2"]), "a hand played otherwise is another hand");
  store.keep("g1", key, keptVerdict(verdict(2, 1)));
  store.keepSave("g1", "{save}");
  assert.deepEqual(store.verdicts("g1", key).map((v) => v.index), [2]);
  assert.equal(store.saveOf("g1"), "{save}");
  store.keep("g2", key, keptVerdict(verdict(4, 1)));
  assert.deepEqual([...store.savedIds()], ["g1"], "only a game with its save can be reviewed later");
  for (let i = 0; i < MAX_GAMES; i++) store.keepSave(`other${i}`, "x");
  assert.equal(store.saveOf("g1"), null, "the oldest game's review goes first");
  assert.equal(store.entries().length, MAX_GAMES);
});
