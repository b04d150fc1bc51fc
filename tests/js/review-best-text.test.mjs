// The card game review's "best move" line (web/js/games/leopard/review/review-words.js): the move is
// said once. A reason that already names the move (placing a card on a space) is not preceded by the
// same move again; other reasons follow the move's name.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useCatalog } from "../../web/js/platform/i18n/i18n.js";
import { bestText } from "../../web/js/games/leopard/review/review-words.js";

const catalog = (language) => JSON.parse(readFileSync(new URL(`../../web/i18n/${language}.json`, import.meta.url), "utf8"));
const average = { code: "hint.average", params: { gain: 1.2 } };
const build = { best: "9D to own 9", reason_msg: { code: "hint.build", params: { card: "9D", space: 9, average } } };
const complete = { best: "3H to own 3", reason_msg: { code: "hint.complete", params: { lines: "row 1-2-3 in hearts (+3)" } } };

/** How many times a text occurs in another. @param {string} text @param {string} part */
const count = (text, part) => text.split(part).length - 1;

for (const language of ["en", "es"]) {
  test(`${language}: a reason that names the move is not preceded by the same move`, () => {
    useCatalog(language, catalog(language));
    const line = bestText(/** @type {any} */ (build));
    const card = language === "en" ? /9 of diamonds|nine of diamonds/i : /9 de diamantes|nueve de diamantes/i;
    const matches = line.match(new RegExp(card.source, "gi")) ?? [];
    assert.equal(matches.length, 1, line);
    assert.ok(count(line, "9") >= 1, line);
  });

  test(`${language}: a reason that does not name the move follows the move's name`, () => {
    useCatalog(language, catalog(language));
    const line = bestText(/** @type {any} */ (complete));
    assert.match(line, language === "en" ? /3 of hearts|three of hearts/i : /3 de corazones|tres de corazones/i);
    assert.match(line, /1-2-3/);
  });
}
