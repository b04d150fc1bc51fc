// Rule numbers to the rules page's sections (web/js/games/leopard/rule-links.js); the sections are
// rules.html's ids, written here by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ruleAddress } from "../../web/js/games/leopard/rule-links.js";

test("a rule and its sub-rules go to their group's section", () => {
  assert.equal(ruleAddress("R3"), "rules.html#cards");
  assert.equal(ruleAddress("R3.1"), "rules.html#cards");
  assert.equal(ruleAddress("R7.2"), "rules.html#scoring");
  assert.equal(ruleAddress("N4"), "rules.html#notation");
});

test("an unknown or missing rule goes to the rules page", () => {
  assert.equal(ruleAddress("R9"), "rules.html");
  assert.equal(ruleAddress(null), "rules.html");
});
