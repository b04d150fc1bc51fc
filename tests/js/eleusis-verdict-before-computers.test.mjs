// The person who just played reads their verdict before the computer players move (issue 33, item
// 9): in a classroom game the last pupil before the computer players used to see only "Computer 1 is
// thinking…" (and the device was then handed on), never what their own play did. The status line
// now says the verdict with the first "thinking", the first computer player waits a moment to read
// it, and a stretch of computer moves alone keeps its pace.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useCatalog } from "../../web/js/platform/i18n/i18n.js";
import * as eleusisLoop from "../../web/js/games/eleusis/turn-loop.js";

const { EleusisLoop } = eleusisLoop;

useCatalog("en", JSON.parse(readFileSync(new URL("../../web/i18n/en.json", import.meta.url), "utf8")));

const right = (seat, card) => ({ code: "eleusis.event.right", params: { seat, cards: [card] } });
const wrong = (seat, card) => ({ code: "eleusis.event.wrong", params: { seat, cards: [card], penalty: 2 } });

/**
 * A table whose log grows by `events`, with the seat to move next; Cleo (seat 2) is the last person
 * of three before two computer players (seats 3, 4), or the person of a one-person game.
 * @param {any[]} log @param {number} toMove @param {boolean} classroom
 */
function table(log, toMove, classroom) {
  const people = classroom ? 3 : 1;
  return {
    over: false, phase: "play", hand_number: 1, results: [], log, log_size: log.length, wordings: {},
    to_move: toMove, bot_to_move: toMove >= people, classroom, handover: classroom && toMove < people,
    names: classroom ? ["Ana", "Ben", "Cleo", null, null] : [null, null, null],
    to_move_name: classroom && toMove < people ? ["Ana", "Ben", "Cleo"][toMove] : null, undoable: false,
  };
}

/**
 * The loop with an engine that answers the person's play and then each computer player's; what the
 * status line said, with the pause asked for before each computer move.
 * @param {boolean} classroom
 */
async function playThenComputers(classroom) {
  const first = classroom ? 2 : 0;
  const cleo = [wrong(first, "9C")];
  const c1 = [...cleo, right(first + 1, "4H")];
  const c2 = [...c1, right(first + 2, "6D")];
  const answers = {
    "eleusis.move": table(cleo, first + 1, classroom),
    "eleusis.bot_move": [{ move: "play 4H", snapshot: table(c1, first + 2, classroom) },
      { move: "play 6D", snapshot: table(c2, 0, classroom) }],
  };
  const engine = /** @type {any} */ ({
    call: async (method) => (method === "eleusis.bot_move" ? answers[method].shift() : answers[method]),
  });
  /** @type {{said: string, pause: number}[]} */
  const heard = [];
  const hooks = {
    render() {}, phase() {}, persist: async () => {}, refused() {}, over() {}, passDevice() {},
    announce: (/** @type {string} */ said) => heard.push({ said, pause: NaN }),
  };
  const loop = new EleusisLoop(engine, hooks, { pace: 0 });
  loop.readingWindow = 5; // the test's own short window, told apart from the pace (0)
  const pauseOf = loop.botPause.bind(loop);
  loop.botPause = (snap) => {
    const pause = pauseOf(snap);
    heard[heard.length - 1].pause = pause;
    return pause;
  };
  loop.snap = /** @type {any} */ ({ ...table([], first, classroom), handover: false }); // Cleo holds the device
  await loop.play("play 9C");
  return heard;
}

test("classroom: the last person's verdict is said with the first computer's thinking, and read first", async () => {
  const heard = await playThenComputers(true);
  assert.equal(heard[0].said, "Cleo: 9 of clubs, wrong (2 penalty cards). Computer 1 is thinking…");
  assert.equal(heard[0].pause, 5, "the first computer player waits for the verdict to be read");
  assert.equal(heard[1].said, "Computer 1: 4 of hearts, right. Computer 2 is thinking…");
  assert.equal(heard[1].pause, 0, "a computer after a computer keeps the pace");
  assert.match(heard[2].said, /Pass the device to Ana/);
});

test("one person's game: the verdict is said with the thinking, at the game's pace", async () => {
  const heard = await playThenComputers(false);
  assert.match(heard[0].said, /^You: 9 of clubs, wrong \(2 penalty cards\)\. Computer 1 is thinking…$/);
  assert.equal(heard[0].pause, 0);
});

test("the reading window is a couple of seconds", () => {
  const reading = /** @type {any} */ (eleusisLoop).READING_MS;
  assert.ok(reading >= 1500 && reading <= 3000, String(reading));
});
