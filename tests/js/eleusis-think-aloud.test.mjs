// Think aloud's words: players of the same level who think the same are said once, cards are
// written in words (never "2S"), and percentages as each language writes them ("87%", "87 %").
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { t, useCatalog } from "../../web/js/platform/i18n/i18n.js";
import { groupAlike, howItThinks } from "../../web/js/games/eleusis/think-aloud.js";

const catalog = (lang) => JSON.parse(readFileSync(new URL(`../../web/i18n/${lang}.json`, import.meta.url), "utf8"));
const CARD_CODE = /(?<![\w])(?:10|[2-9AJQK])[SHDC](?![\w])/u;

/** A block as explanation.py sends it; `own` is the player's own play. */
function block(top, own = null) {
  return {
    belief: { code: "eleusis.belief.leaning", params: { rule: top, chance: 45 } },
    rules: [{ notation: top, chance: 0.45, shown: 45, accepts: null }, { notation: "red", chance: 0.2, shown: 20, accepts: null }],
    rest: { chance: 0.25, shown: 25 }, beyond: { chance: 0.1, shown: 10 },
    irrelevant: [], ruled_out: null, choice: null, played: own,
  };
}

test("players of one level who think the same form one group, whatever each played", () => {
  const thinkers = [
    { seat: 1, level: "scientist", explanation: block("differ(colour)", { code: "eleusis.played.test_right", params: { cards: ["7H"] } }) },
    { seat: 2, level: "scientist", explanation: block("differ(colour)", { code: "eleusis.played.test_wrong", params: { cards: ["2S"] } }) },
    { seat: 3, level: "scientist", explanation: block("differ(colour)") },
  ];
  assert.deepEqual(groupAlike(thinkers).map((group) => group.map((g) => g.seat)), [[1, 2, 3]]);
});

test("another level, other thoughts, or a random player are said apart", () => {
  const thinkers = [
    { seat: 1, level: "novice", explanation: block("differ(colour)") },
    { seat: 2, level: "scientist", explanation: block("differ(colour)") },
    { seat: 3, level: "scientist", explanation: block("red") },
    { seat: 4, level: "random", explanation: {} },
    { seat: 5, level: "random", explanation: {} },
  ];
  assert.deepEqual(groupAlike(thinkers).map((group) => group.map((g) => g.seat)), [[1], [2], [3], [4], [5]]);
});

test("a group's title names the computers once, in both languages", () => {
  useCatalog("en", catalog("en"));
  assert.equal(t("eleusis.think.same", { numbers: ["2", "3"], level: "Scientist" }), "Computers 2 and 3 (Scientist) think the same");
  useCatalog("es", catalog("es"));
  assert.equal(t("eleusis.think.same", { numbers: ["2", "3"], level: "Científica" }), "Las máquinas 2 y 3 (Científica) piensan lo mismo");
});

test("each level says how it thinks, in plain words in both languages; a random player has no theory to tell", () => {
  const tests = { en: "tests that rule with cards the rule accepts", es: "pone a prueba esa regla con cartas que la regla acepta" };
  for (const lang of ["en", "es"]) {
    useCatalog(lang, catalog(lang));
    const said = ["novice", "scientist", "expert"].map(howItThinks);
    assert.equal(new Set(said).size, 3, lang);
    for (const sentence of said) assert.ok(sentence && !sentence.includes("eleusis.") && !sentence.includes("{"), sentence);
    assert.ok(said[1]?.includes(tests[lang]), said[1] ?? "");
    assert.equal(howItThinks("random"), null);
    assert.equal(howItThinks(null), null);
  }
});

const PARAMS = { card: "7H", cards: ["2S", "4D", "6S"], after: "KC", rule: "red", chance: 87, listed: 60,
  rest: 20, beyond: 7, count: 14, misses: 3 };

test("every sentence of a computer player's thinking writes cards in words and percentages by the language", () => {
  for (const lang of ["en", "es"]) {
    const data = catalog(lang);
    useCatalog(lang, data);
    const sections = ["belief", "ruled_out", "choice", "played", "irrelevant"];
    let checked = 0;
    for (const section of sections) {
      for (const [name, leaf] of Object.entries(data.engine.eleusis[section])) {
        const forms = typeof leaf === "string" ? [leaf] : Object.values(leaf);
        for (const count of forms.length > 1 ? [1, 14] : [14]) {
          const text = t(`engine.eleusis.${section}.${name}`, { ...PARAMS, count });
          assert.doesNotMatch(text, CARD_CODE, `${lang} ${section}.${name}: ${text}`);
          if (text.includes("%")) {
            assert.doesNotMatch(text, lang === "en" ? /\d\s%/u : /\d%/u, `${lang} ${section}.${name}: ${text}`);
          }
          checked += 1;
        }
      }
    }
    assert.ok(checked >= 30, `${lang}: ${checked} sentences`);
  }
});

test("a play's chance reads the same way in both languages", () => {
  useCatalog("en", catalog("en"));
  assert.equal(t("engine.eleusis.choice.safe", PARAMS), "I play the 7 of hearts: 87% that it is right.");
  assert.equal(t("eleusis.think.chance", { rule: "Play a red card", chance: 37 }), "Play a red card (37%)");
  useCatalog("es", catalog("es"));
  assert.equal(t("engine.eleusis.choice.safe", PARAMS), "Juego el 7 de corazones: 87\u00a0% de probabilidad de que sea buena.");
  assert.equal(t("eleusis.think.chance", { rule: "Juega una carta roja", chance: 37 }), "Juega una carta roja (37\u00a0%)");
});
