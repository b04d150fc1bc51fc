// The catalog functions every page's texts go through (web/js/platform/i18n/catalog.js) and the choice of
// language (web/js/platform/i18n/language.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fill, lookup, placeholders, pseudoCatalog, templateOf, PSEUDO_OPEN, PSEUDO_CLOSE } from "../../web/js/platform/i18n/catalog.js";
import { chooseLanguage, supported } from "../../web/js/platform/i18n/language.js";

const CATALOG = { cards: { name: "{rank} of {suit}", points: { one: "{count} point", other: "{count} points" } } };

test("a dotted key finds its leaf, a missing one finds nothing", () => {
  assert.equal(lookup(CATALOG, "cards.name"), "{rank} of {suit}");
  assert.equal(lookup(CATALOG, "cards.nope"), undefined);
  assert.equal(lookup(CATALOG, "cards.name.deeper"), undefined);
});

test("placeholders are filled, formatted and escaped", () => {
  assert.equal(fill("{rank} of {suit}", { rank: "jack", suit: "hearts" }, {}), "jack of hearts");
  assert.equal(fill("{c:up}!", { c: "ab" }, { up: (v) => String(v).toUpperCase() }), "AB!");
  assert.equal(fill("{{literal}} {n}", { n: 3 }, {}), "{literal} 3");
  assert.throws(() => fill("{missing}", {}, {}), /no parameter "missing"/);
  assert.throws(() => fill("{a:nope}", { a: 1 }, {}), /no format "nope"/);
  assert.deepEqual(placeholders("{b:card} {a} {{x}} {a}"), ["a", "b"]);
});

test("plural forms follow the language's rules", () => {
  const leaf = lookup(CATALOG, "cards.points");
  assert.equal(templateOf(leaf, { count: 1 }, "en"), "{count} point");
  assert.equal(templateOf(leaf, { count: 2 }, "en"), "{count} points");
  assert.equal(templateOf(leaf, { count: 0 }, "es"), "{count} points");
  assert.equal(templateOf({ one: "uno", other: "otros" }, { count: 1 }, "es"), "uno");
  assert.equal(templateOf(leaf, {}, "en"), "{count} points");
});

test("the pseudo-language wraps every text but not the notes", () => {
  const pseudo = pseudoCatalog({ a: "x", _about: "note", b: { one: "1", other: "n" } });
  assert.equal(pseudo.a, `${PSEUDO_OPEN}x${PSEUDO_CLOSE}`);
  assert.equal(pseudo._about, "note");
  assert.equal(pseudo.b.other, `${PSEUDO_OPEN}n${PSEUDO_CLOSE}`);
});

test("the language: link, then remembered choice, then the browser's, then English", () => {
  assert.equal(chooseLanguage({ param: "es", stored: "en", preferred: ["en-GB"] }), "es");
  assert.equal(chooseLanguage({ param: "fr", stored: "es", preferred: ["en"] }), "es");
  assert.equal(chooseLanguage({ preferred: ["fr-FR", "es-MX", "en"] }), "es");
  assert.equal(chooseLanguage({ preferred: ["de"] }), "en");
  assert.equal(chooseLanguage({}), "en");
  assert.equal(supported("ES_ar"), "es");
  assert.equal(supported(42), null);
});
