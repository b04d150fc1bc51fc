// The person's move noted as it is sent, until the game is kept (web/js/platform/pending-move.js):
// taken at most once, only a well-formed note is played again, and only on the game it was made on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { GameStorage } from "../../web/js/platform/storage.js";
import { PendingMove } from "../../web/js/platform/pending-move.js";

const KEY = "leopard.hunt.pending.v1";

/** A storage in memory (node has no localStorage). */
const memoryStorage = () => new GameStorage(() => {});

test("a noted move is taken once, and a keep drops it", () => {
  const storage = memoryStorage();
  const pending = new PendingMove(storage, KEY);
  pending.note({ revision: 3, at: 4, move: "e5xe7" });
  assert.equal(storage.read(KEY), '{"revision":3,"at":4,"move":"e5xe7"}');
  assert.deepEqual(pending.take(), { revision: 3, at: 4, move: "e5xe7" });
  assert.equal(pending.take(), null);
  pending.note({ revision: 3, at: 4, move: "e5" });
  pending.drop();
  assert.equal(pending.take(), null);
});

test("a note that is not one is never played: it is kept aside and the player told", () => {
  for (const text of ["{", "null", "42", "[]", '{"revision":1,"at":0}', '{"revision":-1,"at":0,"move":"e5"}',
    '{"revision":1,"at":0.5,"move":"e5"}', `{"revision":1,"at":0,"move":"${"x".repeat(201)}"}`,
    `"${"x".repeat(5000)}"`]) {
    /** @type {string[]} */
    const told = [];
    const storage = new GameStorage((problem) => told.push(problem));
    const pending = new PendingMove(storage, KEY);
    storage.write(KEY, text);
    assert.equal(pending.take(), null, text);
    assert.equal(storage.read(KEY), null, text);
    const aside = storage.keys(`${KEY}.unreadable.`);
    assert.equal(aside.length, 1, text);
    assert.equal(storage.read(aside[0]), text, text);
    // (node has no localStorage: the storage also says, once, that it keeps data in memory only;
    // no catalog is loaded, so a message reads as its key)
    assert.deepEqual(told.filter((problem) => problem.startsWith("game.storage.record")), ["game.storage.record.setAside"], text);
  }
});

test("a move is played again only where it was made", () => {
  const noted = { revision: 3, at: 4, move: "e5" };
  assert.equal(PendingMove.fits(noted, 3, 4), true);
  assert.equal(PendingMove.fits(noted, 4, 4), false); // the keep came after all: the move is kept
  assert.equal(PendingMove.fits(noted, 3, 5), false);
  assert.equal(PendingMove.fits(null, 3, 4), false);
});

test("a note made on the game is played again where the page allows it; else the game stays as it is", async () => {
  const noted = { revision: 3, at: 4, move: "e5" };
  const kept = { name: "kept" };
  const after = { name: "after" };
  /** @type {string[]} */
  const played = [];
  const page = (/** @type {object} */ over) => ({
    revision: 3, at: 4, allows: () => true,
    play: async (/** @type {string} */ move) => { played.push(move); return after; }, ...over,
  });
  assert.equal(await PendingMove.playAgain(kept, noted, page({})), after);
  assert.deepEqual(played, ["e5"]);
  assert.equal(await PendingMove.playAgain(kept, null, page({})), kept);
  assert.equal(await PendingMove.playAgain(kept, noted, page({ revision: 4 })), kept); // kept after all
  assert.equal(await PendingMove.playAgain(kept, noted, page({ at: 5 })), kept);
  assert.equal(await PendingMove.playAgain(kept, noted, page({ allows: (/** @type {object} */ snap, /** @type {string} */ move) => snap !== kept || move !== "e5" })), kept);
  assert.deepEqual(played, ["e5"]);
  const refused = Object.assign(new Error("illegal"), { kind: "illegal_move" });
  assert.equal(await PendingMove.playAgain(kept, noted, page({ play: async () => { throw refused; } })), kept);
  const down = Object.assign(new Error("down"), { kind: "engine_down" });
  await assert.rejects(PendingMove.playAgain(kept, noted, page({ play: async () => { throw down; } })), down);
});

test("a move is noted only on a game based on a kept revision; a page may allow longer moves", () => {
  const storage = memoryStorage();
  const pending = new PendingMove(storage, KEY);
  pending.noteOn({ known: false, revision: 0 }, 0, "e5");
  assert.equal(pending.take(), null);
  pending.noteOn({ known: true, revision: 2 }, 7, "e5");
  assert.deepEqual(pending.take(), { revision: 2, at: 7, move: "e5" });
  const guess = `guess ${"x".repeat(1000)}`;
  const long = new PendingMove(storage, KEY, { longest: 2100 });
  long.note({ revision: 1, at: 0, move: guess });
  assert.deepEqual(long.take(), { revision: 1, at: 0, move: guess });
  pending.note({ revision: 1, at: 0, move: guess });
  assert.equal(pending.take(), null);
});
