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

test("a note that is not one is dropped, never played", () => {
  const storage = memoryStorage();
  const pending = new PendingMove(storage, KEY);
  for (const text of ["{", "null", "[]", '{"revision":1,"at":0}', '{"revision":-1,"at":0,"move":"e5"}',
    '{"revision":1,"at":0.5,"move":"e5"}', `{"revision":1,"at":0,"move":"${"x".repeat(201)}"}`]) {
    storage.write(KEY, text);
    assert.equal(pending.take(), null, text);
    assert.equal(storage.read(KEY), null, text);
  }
});

test("a move is played again only where it was made", () => {
  const noted = { revision: 3, at: 4, move: "e5" };
  assert.equal(PendingMove.fits(noted, 3, 4), true);
  assert.equal(PendingMove.fits(noted, 4, 4), false); // the keep came after all: the move is kept
  assert.equal(PendingMove.fits(noted, 3, 5), false);
  assert.equal(PendingMove.fits(null, 3, 4), false);
});
