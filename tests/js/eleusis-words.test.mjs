// The Eleusis page's words that need no catalog: the rules' section marks are taken out of the
// engine's reasons, and a sentence starts with a capital.
import { test } from "node:test";
import assert from "node:assert/strict";
import { capitalised, withoutSections } from "../../web/js/games/eleusis/words.js";

test("the rules' section marks are taken out of an engine reason", () => {
  assert.equal(withoutSections("You do not hold 7 of hearts (E4.1)."), "You do not hold 7 of hearts.");
  assert.equal(withoutSections("No strings (E5)."), "No strings.");
  assert.equal(withoutSections("Rule (E2.4, E9)"), "Rule");
  assert.equal(withoutSections("Seven (eight) cards"), "Seven (eight) cards");
});

test("a sentence starts with a capital", () => {
  assert.equal(capitalised("ace of hearts was called right"), "Ace of hearts was called right");
  assert.equal(capitalised("él"), "Él");
});
