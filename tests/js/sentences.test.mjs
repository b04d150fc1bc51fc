// Sentences joined for the status line (web/js/platform/sentences.js): one full stop each.
import { test } from "node:test";
import assert from "node:assert/strict";
import { closedSentence, joinSentences } from "../../web/js/platform/sentences.js";

test("a sentence that already ends with a mark keeps it alone", () => {
  assert.equal(closedSentence("New game."), "New game.");
  assert.equal(closedSentence("Nueva partida."), "Nueva partida.");
  assert.equal(closedSentence("Ready?"), "Ready?");
  assert.equal(closedSentence("You drew 2 of hearts"), "You drew 2 of hearts.");
});

test("joined: no doubled full stop, empty sentences left out", () => {
  assert.equal(joinSentences(["New game.", "", "The computer played 7 of spades", "Your turn."]),
    "New game. The computer played 7 of spades. Your turn.");
});

test("a mark inside a closing quote or bracket closes the sentence", () => {
  assert.equal(closedSentence("The dealer said “right.”"), "The dealer said “right.”");
  assert.equal(closedSentence("(a draw.)"), "(a draw.)");
  assert.equal(closedSentence("«vale»"), "«vale».");
});
