// The hunt's moves in words, in English and Spanish, as the engine sends them (leopard_core/games/
// hunt/review.py, session.py, move_words.py): the review's sentences, and a move just played (the
// snapshot's last_move_words, the review's moves_words) as the page's turn loop says it. They name
// points (the board shows their names) but never write a move in the notation ("e3-e4", "g5xe5").
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { t, tMsg, useCatalog } from "../../web/js/platform/i18n/i18n.js";
import { HuntLoop } from "../../web/js/games/hunt/hunt-loop.js";

const catalog = (language) => JSON.parse(readFileSync(new URL(`../../web/i18n/${language}.json`, import.meta.url), "utf8"));
const NOTATION = /[a-i][1-9][-x×–][a-i][1-9]/;

// The review's mark of the planted slip of review.py's glossary, as the engine sends it: placing on
// a5 lets the leopard on e5 take five cows; a cow on e7 leaves it one.
const COWS = { code: "list.comma", params: { a: "e6", b: { code: "list.comma", params: { a: "d6", b: { code: "list.comma",
  params: { a: "d5", b: { code: "list.and", params: { a: "f5", b: "f6" } } } } } } } };
const SLIP = {
  code: "hunt.review.cows_fewer",
  params: {
    count: 5, instead: 1,
    reply: { code: "hunt.words.does.jumps", params: { start: "e5", end: "e7", cows: COWS } },
    best: { code: "hunt.words.by.place_cow", params: { point: "e7" } },
  },
};
const BEST = { code: "hunt.words.play.step_cow", params: { start: "e3", end: "e4" } };

const EXPECTED = {
  en: {
    slip: "This let the leopards take 5 cows at once: the leopard on e5 jumps the cows on e6, d6, d5, f5 and f6 "
      + "and lands on e7; by placing a cow on e7 you would have let them take only 1.",
    better: "Better: move the cow on e3 to e4.",
    jump: "The computer's leopard on g5 jumped the cow on f5 and took it, landing on e5",
    jumps: "Your leopard on e5 jumped the cows on e6 and d6 and took them, landing on c5",
  },
  es: {
    slip: "Esto dejó que los leopardos capturaran 5 vacas de una vez: el leopardo de e5 salta las vacas de e6, d6, "
      + "d5, f5 y f6 y cae en e7; colocando una vaca en e7, solo habrían podido capturar 1.",
    better: "Mejor: mover la vaca de e3 a e4.",
    jump: "El leopardo de la máquina, en g5, saltó la vaca de f5 y la capturó, cayendo en e5",
    jumps: "Tu leopardo de e5 saltó las vacas de e6 y d6 y las capturó, cayendo en c5",
  },
};

// Two jumps just played as the engine's snapshot words them (tests/test_hunt_review.py checks the
// engine's side): the cows are the points each hop goes over (H5.1), found by the engine.
const COMPUTERS_JUMP = { code: "hunt.words.computer.jump", params: { start: "g5", end: "e5", cows: "f5" } };
const YOUR_JUMPS = {
  code: "hunt.words.you.jumps", params: { start: "e5", end: "c5", cows: { code: "list.and", params: { a: "e6", b: "d6" } } },
};

for (const language of ["en", "es"]) {
  test(`the review's sentences name moves in words (${language})`, () => {
    useCatalog(language, catalog(language));
    assert.equal(tMsg(SLIP), EXPECTED[language].slip);
    assert.equal(t("hunt.review.better", { best: tMsg(BEST) }), EXPECTED[language].better);
  });

  test(`every move in words of the review has no notation (${language})`, () => {
    const data = catalog(language);
    useCatalog(language, data);
    const params = { point: "e7", start: "e5", end: "c5", cows: { code: "list.and", params: { a: "e6", b: "d6" } } };
    const forms = data.engine.hunt.words;
    for (const form of ["by", "does", "play", "you", "computer"]) {
      assert.deepEqual(Object.keys(forms[form]).sort(), ["jump", "jumps", "place_cow", "place_leopard", "step_cow", "step_leopard"]);
      for (const kind of Object.keys(forms[form])) {
        const text = tMsg({ code: `hunt.words.${form}.${kind}`, params });
        assert.doesNotMatch(text, NOTATION, text);
        assert.doesNotMatch(text, /[{}]/, text);
      }
    }
  });

  test(`a jump on the page says whose leopard took which cows, in the engine's words (${language})`, () => {
    useCatalog(language, catalog(language));
    const loop = new HuntLoop(/** @type {any} */ ({}), /** @type {any} */ ({}), { pace: 0 });
    /** @param {string} move @param {object|undefined} words @param {boolean} byPerson */
    const said = (move, words, byPerson) => loop.describeMove(move, /** @type {any} */ ({}),
      /** @type {any} */ ({ last_move: move, last_move_words: words }), byPerson);
    assert.equal(said("g5xe5", COMPUTERS_JUMP, false), EXPECTED[language].jump);
    assert.equal(said("e5xe7xc5", YOUR_JUMPS, true), EXPECTED[language].jumps);
    // A snapshot without the words (an engine older than the page) says nothing, never the notation.
    assert.equal(said("e5xe7xc5", undefined, true), "");
  });
}
