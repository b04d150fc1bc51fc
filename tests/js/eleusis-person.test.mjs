// Sentences about a player agree with who the player is (issue 33, item 4): the person the page
// speaks to is "You"/"Tú" with second-person verbs, anybody else gets third-person ones, in both
// languages, from the catalogs' person forms. And the offer to become the prophet, made after any
// turn (E7.1), never says the play was right (item 1).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useCatalog } from "../../web/js/platform/i18n/i18n.js";
import { templateOf } from "../../web/js/platform/i18n/catalog.js";
import { eventWords, useSeatNames, yourTurnText } from "../../web/js/games/eleusis/words.js";

const catalog = (language) => JSON.parse(readFileSync(new URL(`../../web/i18n/${language}.json`, import.meta.url), "utf8"));
const event = (code, params) => ({ code: `eleusis.${code}`, params });
const SOLO = { classroom: false };
const CLASS = { classroom: true, names: ["Ana", "Ben", null] };

test("a person form is chosen by the person, then a plural form by the count", () => {
  const leaf = { you: { one: "you hold {count} card", other: "you hold {count} cards" }, other: "{who} holds {count}" };
  assert.equal(templateOf(leaf, { person: "you", count: 1 }, "en"), "you hold {count} card");
  assert.equal(templateOf(leaf, { person: "you", count: 3 }, "en"), "you hold {count} cards");
  assert.equal(templateOf(leaf, { person: "other", count: 1 }, "en"), "{who} holds {count}");
  assert.equal(templateOf(leaf, {}, "en"), "{who} holds {count}");
});

const CASES = [
  [event("event.false_prophet", { seat: 0 }), "en", SOLO, "False prophet: you judged wrongly and are overthrown (5 penalty cards)."],
  [event("event.false_prophet", { seat: 2 }), "en", SOLO, "False prophet: Computer 2 judged wrongly and is overthrown (5 penalty cards)."],
  [event("event.no_play_right", { seat: 0, cards: 10 }), "en", SOLO, "You called No play: right, and get a new hand of 10 cards."],
  [event("event.no_play_right", { seat: 0, cards: 10 }), "en", CLASS, "Ana called No play: right, and gets a new hand of 10 cards."],
  [event("event.no_play_right", { seat: 0, cards: 1 }), "en", SOLO, "You called No play: right, and get a new hand of 1 card."],
  [event("event.no_play_right", { seat: 2, cards: 1 }), "es", SOLO, "Máquina 2 dijo «No juego»: con razón, y recibe una mano nueva de 1 carta."],
  [event("end.depleted", { seat: 0 }), "en", SOLO, "You have no cards left."],
  [event("event.guess_wrong", { seat: 0, rule: "red" }), "es", SOLO, "Propusiste «una regla que la página no sabe decir con palabras»: no es la regla (2 cartas de castigo)."],
  [event("event.guess_wrong", { seat: 1, rule: "red" }), "es", CLASS, "Ben propuso «una regla que la página no sabe decir con palabras»: no es la regla (2 cartas de castigo)."],
  [event("event.false_prophet", { seat: 0 }), "es", SOLO, "Falso profeta: juzgaste mal y quedas depuesto (5 cartas de castigo)."],
  [event("event.no_play_wrong", { seat: 0, card: "7H", penalty: 5 }), "es", SOLO, "Dijiste «No juego»: sin razón; el 7 de corazones va a la línea principal (5 cartas de castigo)."],
  [event("event.guess_right", { seat: 0 }), "es", SOLO, "¡Adivinaste la regla!"],
  [event("end.guessed", { seat: 2 }), "es", CLASS, "Máquina 1 adivinó la regla."],
];

for (const [msg, language, table, expected] of CASES) {
  test(`${language} ${msg.code} seat ${msg.params.seat}${table.classroom ? " (classroom)" : ""}`, () => {
    useCatalog(language, catalog(language));
    useSeatNames(table);
    assert.equal(eventWords(msg, {}), expected);
  });
}

test("no sentence about the person has a third-person verb", () => {
  for (const language of ["en", "es"]) {
    useCatalog(language, catalog(language));
    useSeatNames(SOLO);
    const codes = ["event.no_play_right", "event.no_play_wrong", "event.false_prophet", "event.immune",
      "event.guess_wrong", "event.guess_right", "end.depleted", "end.no_play", "end.guessed"];
    for (const code of codes) {
      const text = eventWords(event(code, { seat: 0, cards: 4, card: "7H", penalty: 2, rule: "red" }), {});
      assert.doesNotMatch(text, language === "en" ? /\b(You|you) (is|gets|has)\b|their last/ : /\bTú\b|\b(dijo|propuso|juzgó|depuso|adivinó|jugó|recibe)\b/, `${language} ${code}: ${text}`);
    }
  }
});

test("the offer to become the prophet does not say the play was right", () => {
  for (const language of ["en", "es"]) {
    useCatalog(language, catalog(language));
    const text = yourTurnText(/** @type {any} */ ({ phase: "declare", game: "eleusis" }));
    assert.doesNotMatch(text, language === "en" ? /played right/i : /jugaste bien/i, text);
  }
});
