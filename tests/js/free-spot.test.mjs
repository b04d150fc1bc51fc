// Where the guided hand's panel goes (web/js/games/leopard/free-spot.js): never over a box it must
// leave visible; shortened into the tallest free band when no place holds it whole.
import { test } from "node:test";
import assert from "node:assert/strict";
import { freeSpot, overlap } from "../../web/js/games/leopard/free-spot.js";

const ROOM = { left: 0, top: 0, right: 300, bottom: 200 };
const box = (left, top, right, bottom) => ({ left, top, right, bottom });

test("boxes that only touch do not overlap", () => {
  assert.equal(overlap(box(0, 0, 10, 10), box(10, 0, 20, 10)), false);
  assert.equal(overlap(box(0, 0, 10, 10), box(9, 9, 20, 20)), true);
});

test("nothing to avoid: the room's top-left corner", () => {
  assert.deepEqual(freeSpot({ width: 100, height: 50 }, [], ROOM), { left: 0, top: 0, height: 50 });
});

test("a target in the corner: the first free place to its right", () => {
  assert.deepEqual(freeSpot({ width: 100, height: 50 }, [box(0, 0, 50, 50)], ROOM), { left: 56, top: 0, height: 50 });
});

test("a full-width panel goes between a target above and one below", () => {
  const spot = freeSpot({ width: 300, height: 60 }, [box(10, 0, 60, 40), box(200, 150, 250, 200)], ROOM);
  assert.deepEqual(spot, { left: 0, top: 40, height: 60 });
});

test("no whole place: the tallest free band, the panel shortened to it", () => {
  const avoid = [box(0, 50, 300, 60), box(0, 120, 300, 130)];
  assert.deepEqual(freeSpot({ width: 300, height: 100 }, avoid, ROOM), { left: 0, top: 130, height: 70 });
});
