// The rules a person is building on the Eleusis page, kept as they are built (web/js/games/eleusis/
// drafts.js): shown again on the same hand only, forgotten when the builder is emptied, and a
// record that is not one is set aside, never used.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DRAFTS_KEY, RuleDrafts } from "../../web/js/games/eleusis/drafts.js";
import { GameStorage } from "../../web/js/platform/storage.js";
import { MemoryStorage } from "./helpers/memory-storage.mjs";

const HALF = { family: "if", parts: { condition: null, then: null, otherwise: null } };

test("a guess being built comes back on its own hand only; an emptied builder forgets it", () => {
  const storage = new MemoryStorage();
  new RuleDrafts(storage).keep("guess", "0:9H", HALF);
  new RuleDrafts(storage).keep("youDeal", "", { family: "ranks", parts: { ranks: ["1"] } });
  const next = new RuleDrafts(storage); // the next visit
  assert.deepEqual(next.formOf("guess", "0:9H"), HALF);
  assert.equal(next.formOf("guess", "1:4C"), null, "another hand: the guess was about the hand before");
  assert.deepEqual(next.formOf("youDeal", ""), { family: "ranks", parts: { ranks: ["1"] } });
  next.keep("guess", "0:9H", null);
  next.keep("youDeal", "", null);
  assert.equal(storage.read(DRAFTS_KEY), null, "nothing being built: nothing kept");
});

test("a drafts record that is not one is set aside and nothing is shown", () => {
  for (const text of ["{", "[]", '{"guess": 3}', '{"guess": {"hand": 1, "form": {}}}', '{"other": {"hand": "", "form": null}}']) {
    /** @type {string[]} */
    const told = [];
    const storage = new GameStorage((problem) => told.push(problem)); // in memory: node has no localStorage
    storage.write(DRAFTS_KEY, text);
    const drafts = new RuleDrafts(storage);
    assert.equal(drafts.formOf("guess", "1"), null, text);
    assert.equal(storage.read(DRAFTS_KEY), null, text);
    assert.match(told.at(-1) ?? "", /setAside/, text); // kept aside, and the person told
  }
});

test("a draft the page could not show is kept aside with its record, and the other drafts stay", () => {
  /** @type {string[]} */
  const told = [];
  const storage = new GameStorage((problem) => told.push(problem));
  const text = JSON.stringify({ guess: { hand: "0:9H", form: { family: "no such kind" } }, youDeal: { hand: "", form: HALF } });
  storage.write(DRAFTS_KEY, text);
  const drafts = new RuleDrafts(storage);
  drafts.setAside(["guess"]);
  const aside = storage.keys(`${DRAFTS_KEY}.unreadable.`);
  assert.equal(aside.length, 1);
  assert.equal(storage.read(aside[0]), text, "the record as it was, kept aside");
  assert.deepEqual(JSON.parse(storage.read(DRAFTS_KEY) ?? "null"), { youDeal: { hand: "", form: HALF } });
  assert.equal(drafts.formOf("guess", "0:9H"), null);
  assert.equal(told.filter((problem) => /setAside/.test(problem)).length, 1, "told once"); // (node has no localStorage: also told it is blocked)
});
