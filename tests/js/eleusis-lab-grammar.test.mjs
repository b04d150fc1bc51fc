// The rule builder's form-to-notation step (web/js/games/eleusis/lab-grammar.js), over a grammar
// fragment written here in the shape eleusis.grammar sends (leopard_core/games/eleusis/lab.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { blankForm, buildNotation, cleanForm, words } from "../../web/js/games/eleusis/lab-grammar.js";

const L = (en) => ({ en, es: `${en} (es)` });
const GRAMMAR = {
  top: "rule",
  cannot: [],
  slots: { rule: ["match", "ranks", "suits", "if"], simple: ["match", "ranks"], condition: ["cond"] },
  families: {
    match: { name: "match", label: L("match"), template: "{sameness}({attribute}{card})", parts: [
      { name: "sameness", kind: "choice", label: L("s"), default: "same",
        options: [{ value: "same", label: L("same") }, { value: "differ", label: L("different") }] },
      { name: "attribute", kind: "choice", label: L("a"), default: "colour",
        options: [{ value: "colour", label: L("colour") }, { value: "suit", label: L("suit") }] },
      { name: "card", kind: "choice", label: L("c"), default: "",
        options: [{ value: "", label: L("last") }, { value: ",last2", label: L("before") }] },
    ] },
    ranks: { name: "ranks", label: L("ranks"), template: "rank({ranks})", parts: [
      { name: "ranks", kind: "multi", label: L("r"),
        options: ["1", "2", "3"].map((v) => ({ value: v, label: L(v) })) },
    ] },
    suits: { name: "suits", label: L("suits"), template: "suit({suits})", parts: [
      { name: "suits", kind: "multi", label: L("s"), join: "",
        options: ["S", "H", "D", "C"].map((v) => ({ value: v, label: L(v) })) },
    ] },
    cond: { name: "cond", label: L("cond"), template: "last.{feature}", parts: [
      { name: "feature", kind: "choice", label: L("f"), default: "red",
        options: [{ value: "red", label: L("red") }] },
    ] },
    if: { name: "if", label: L("if"), template: "if({condition}, {then}, {otherwise})", parts: [
      { name: "condition", kind: "rule", slot: "condition", label: L("if") },
      { name: "then", kind: "rule", slot: "simple", label: L("then") },
      { name: "otherwise", kind: "rule", slot: "simple", label: L("else") },
    ] },
  },
};

test("a new form has each choice at its default, nothing picked and no nested rule", () => {
  assert.deepEqual(blankForm(GRAMMAR, "match"), { family: "match", parts: { sameness: "same", attribute: "colour", card: "" } });
  assert.deepEqual(blankForm(GRAMMAR, "if").parts, { condition: null, then: null, otherwise: null });
  assert.equal(buildNotation(GRAMMAR, blankForm(GRAMMAR, "match")), "same(colour)");
});

test("choices go in as they are, multis in the options' order, nested rules in parentheses", () => {
  const differ = { family: "match", parts: { sameness: "differ", attribute: "suit", card: ",last2" } };
  assert.equal(buildNotation(GRAMMAR, differ), "differ(suit,last2)");
  assert.equal(buildNotation(GRAMMAR, { family: "ranks", parts: { ranks: ["3", "1"] } }), "rank(1,3)");
  const form = { family: "if", parts: { condition: blankForm(GRAMMAR, "cond"), then: differ,
    otherwise: { family: "ranks", parts: { ranks: ["2"] } } } };
  assert.equal(buildNotation(GRAMMAR, form), "if((last.red), (differ(suit,last2)), (rank(2)))");
});

test("a multi with its own joiner is joined by it: suits are written together", () => {
  assert.equal(buildNotation(GRAMMAR, { family: "suits", parts: { suits: ["C", "S"] } }), "suit(SC)");
  assert.equal(buildNotation(GRAMMAR, { family: "ranks", parts: { ranks: ["2", "1"] } }), "rank(1,2)");
});

test("an incomplete or misplaced form has no notation yet", () => {
  assert.equal(buildNotation(GRAMMAR, blankForm(GRAMMAR, "ranks")), null);
  assert.equal(buildNotation(GRAMMAR, blankForm(GRAMMAR, "if")), null);
  assert.equal(buildNotation(GRAMMAR, null), null);
  assert.equal(buildNotation(GRAMMAR, blankForm(GRAMMAR, "cond")), null);        // not at the top
  assert.equal(buildNotation(GRAMMAR, { family: "match", parts: { sameness: "alike", attribute: "suit", card: "" } }), null);
});

test("labels are read in the page's language", () => {
  assert.equal(words(L("red"), "es"), "red (es)");
  assert.equal(words(L("red"), "fr"), "red");
  assert.equal(words(L("red"), "x-pseudo"), "\u27e6red\u27e7");
});

test("a form kept from an earlier visit is checked against the grammar part by part", () => {
  const half = { family: "if", parts: { condition: { family: "cond", parts: { feature: "red" } }, then: null, otherwise: null } };
  assert.deepEqual(cleanForm(GRAMMAR, JSON.parse(JSON.stringify(half))), half, "a half-built rule comes back as it was");
  assert.deepEqual(cleanForm(GRAMMAR, { family: "match", parts: { sameness: "differ", attribute: "nonsense" } }),
    { family: "match", parts: { sameness: "differ", attribute: "colour", card: "" } });
  assert.deepEqual(cleanForm(GRAMMAR, { family: "ranks", parts: { ranks: ["3", "9", 1, "1"] } }),
    { family: "ranks", parts: { ranks: ["1", "3"] } }, "only its options, in their order");
  assert.deepEqual(cleanForm(GRAMMAR, { family: "if", parts: { condition: { family: "match", parts: {} }, then: "x" } }),
    { family: "if", parts: { condition: null, then: null, otherwise: null } }, "a family its place does not take is dropped");
  for (const value of [null, "match", [], { family: "cond" }, { family: "toString" }, { family: "nope", parts: {} }]) {
    assert.equal(cleanForm(GRAMMAR, value), null, JSON.stringify(value));
  }
  /** @type {any} */
  let deep = { family: "cond", parts: {} };
  for (let i = 0; i < 50; i += 1) deep = { family: "if", parts: { condition: deep, then: null, otherwise: null } };
  assert.equal(buildNotation(GRAMMAR, cleanForm(GRAMMAR, deep)), null, "a nesting deeper than a person builds is cut");
});
