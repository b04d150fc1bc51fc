// The Eleusis log tells a right guess that ends the hand once: the engine logs the guess
// ("Computer 1 guessed the rule!") and then the hand's end for that reason ("Computer 1 guessed the
// rule."), which a player would read as the same line twice.
import { test } from "node:test";
import assert from "node:assert/strict";
import { newEvents, shownEvents } from "../../web/js/games/eleusis/words.js";

const right = (seat) => ({ code: "eleusis.event.right", params: { seat, cards: ["8D"] } });
const guess = (seat) => ({ code: "eleusis.event.guess_right", params: { seat } });
const guessed = (seat) => ({ code: "eleusis.end.guessed", params: { seat } });
const codes = (events) => events.map((event) => event.code);

test("the hand's end after a right guess by the same player is left out of the log", () => {
  const log = [right(1), guess(1), guessed(1)];
  assert.deepEqual(codes(shownEvents(log)), ["eleusis.event.right", "eleusis.event.guess_right"]);
});

test("an end for another reason, or another player's, stays", () => {
  assert.equal(shownEvents([guess(1), guessed(2)]).length, 2);
  assert.equal(shownEvents([right(1), guessed(1)]).length, 2);
  assert.equal(shownEvents([guessed(1)]).length, 1);
});

test("the status line after the guess does not tell the hand's end again", () => {
  const log = [right(1), guess(1), guessed(1)];
  const snap = (n) => /** @type {any} */ ({ log: log.slice(0, n), log_size: n, wordings: {} });
  assert.equal(newEvents(snap(2), snap(3)).length, 0);
  assert.equal(newEvents(snap(1), snap(3)).length, 1);
  assert.equal(newEvents(null, snap(3)).length, 2);
});
