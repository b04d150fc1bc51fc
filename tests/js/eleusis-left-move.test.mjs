// The Eleusis page's moves and steps left before the worker kept the game (web/js/games/eleusis/
// left-move.js): which of them fit where the kept game stands, and the engine calls that play them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CONCEDE, DEAL, leftMoveFits, playLeftMove } from "../../web/js/games/eleusis/left-move.js";
import { UNDO_STEP } from "../../web/js/games/eleusis/undo.js";

/** A kept game: the person's turn in the first hand unless `over` says otherwise. @param {object} [over] */
const game = (over = {}) => /** @type {any} */ ({
  phase: "play", hand_number: 0, results: [], over: false, bot_to_move: false, dealer: 1, rule: null,
  undoable: false, handover: false, ...over,
});
/** Between two hands of a whole game, the next one dealt by `dealer`. @param {number} dealer */
const betweenHands = (dealer) => game({ phase: "deal", hand_number: 1, results: [{}], dealer, bot_to_move: dealer !== 0 });

test("a move fits only on the person's turn in a hand going on", () => {
  assert.equal(leftMoveFits(game(), "play 7H 8D"), true);
  assert.equal(leftMoveFits(game({ bot_to_move: true }), "play 7H"), false);
  assert.equal(leftMoveFits(game({ over: true }), "noplay"), false);
  assert.equal(leftMoveFits(betweenHands(0), "pass"), false);
  assert.equal(leftMoveFits(game({ handover: true }), "judge right"), true, "classroom: the device is taken back");
});

test("the page's own steps fit only where the person could take them", () => {
  assert.equal(leftMoveFits(betweenHands(0), `${DEAL}odd`), true);
  assert.equal(leftMoveFits(betweenHands(2), `${DEAL}odd`), false, "a computer player deals this hand");
  assert.equal(leftMoveFits(game(), `${DEAL}odd`), false);
  assert.equal(leftMoveFits(game({ dealer: 0, rule: "odd", bot_to_move: true }), CONCEDE), true);
  assert.equal(leftMoveFits(game({ dealer: 1 }), CONCEDE), false);
  assert.equal(leftMoveFits(game({ dealer: 0, rule: "odd", over: true }), CONCEDE), false);
  assert.equal(leftMoveFits(game({ undoable: true, bot_to_move: true }), UNDO_STEP), true);
  assert.equal(leftMoveFits(game(), UNDO_STEP), false);
});

test("each is played with its engine call; a classroom move after taking the device back", async () => {
  /** @type {[string, object|undefined][]} */
  const calls = [];
  const engine = { call: async (/** @type {string} */ method, /** @type {object} */ args) => { calls.push([method, args]); return game(); } };
  await playLeftMove(engine, game(), "guess differ(colour)");
  await playLeftMove(engine, game({ handover: true }), "noplay");
  await playLeftMove(engine, betweenHands(0), `${DEAL}if(last.face, red, black)`);
  await playLeftMove(engine, game(), CONCEDE);
  await playLeftMove(engine, game(), UNDO_STEP);
  assert.deepEqual(calls, [
    ["eleusis.move", { move: "guess differ(colour)" }],
    ["eleusis.reveal", undefined], ["eleusis.move", { move: "noplay" }],
    ["eleusis.next_hand", { rule: "if(last.face, red, black)" }],
    ["eleusis.concede", undefined],
    ["eleusis.undo", undefined],
  ]);
});
