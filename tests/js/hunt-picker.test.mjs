// The hunt page's click-to-move logic (web/js/games/hunt/picker.js), over legal-move lists written by
// hand from docs/hunt-rules.md (H4 steps, H5 jumps, H6 compulsory or free jump sequences, H8 texts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { movablePieces, pick, placements, targets } from "../../web/js/games/hunt/picker.js";

// A leopard on e5 that may step to e6 or jump e5xe7, then on to c7 (capture not compulsory, H6.2).
const FREE = ["e5-e6", "e5xe7", "e5xe7xc7", "c3-d3"];
// The same under compulsory capture (H6.1): only the whole sequence is legal.
const FORCED = ["e5xe7xc7"];

test("placements are the moves without a step or jump (H8.2)", () => {
  assert.deepEqual(placements(["c7", "e5", "e5-e6"]), ["c7", "e5"]);
  assert.deepEqual(pick(["c7", "e5"], [], "e5"), { play: "e5" });
  assert.deepEqual(pick(["c7", "e5"], [], "a1"), { miss: "a1" });
});

test("pieces with a move can be picked, others are a miss", () => {
  assert.deepEqual([...movablePieces(FREE)].sort(), ["c3", "e5"]);
  assert.deepEqual(pick(FREE, [], "e5"), { choose: ["e5"] });
  assert.deepEqual(pick(FREE, [], "g7"), { miss: "" });
});

test("a picked piece shows its steps and first hops", () => {
  assert.deepEqual(targets(FREE, ["e5"]), { steps: ["e6"], hops: ["e7"], complete: false });
  assert.deepEqual(pick(FREE, ["e5"], "e6"), { play: "e5-e6" });
  assert.deepEqual(pick(FREE, ["e5"], "e5"), { choose: [] });
  assert.deepEqual(pick(FREE, ["e5"], "c3"), { choose: ["c3"] });
  assert.deepEqual(pick(FREE, ["e5"], "a5"), { miss: "e5-a5" });
});

test("a jump sequence is entered one hop at a time (H5.3)", () => {
  assert.deepEqual(pick(FREE, ["e5"], "e7"), { choose: ["e5", "e7"] });
  assert.deepEqual(targets(FREE, ["e5", "e7"]), { steps: [], hops: ["c7"], complete: true });
  assert.deepEqual(pick(FREE, ["e5", "e7"], "c7"), { play: "e5xe7xc7" });
  assert.deepEqual(pick(FREE, ["e5", "e7"], "g7"), { miss: "e5xe7xg7" });
});

test("a free sequence may stop on the leopard's landing point (H6.2), a forced one may not (H6.1)", () => {
  assert.deepEqual(pick(FREE, ["e5", "e7"], "e7"), { play: "e5xe7" });
  assert.deepEqual(targets(FORCED, ["e5", "e7"]).complete, false);
  assert.deepEqual(pick(FORCED, ["e5", "e7"], "e7"), { choose: ["e5", "e7"] });
  assert.deepEqual(pick(FORCED, ["e5"], "e7"), { choose: ["e5", "e7"] });
  assert.deepEqual(pick(FORCED, ["e5", "e7"], "c7"), { play: "e5xe7xc7" });
});

test("nothing to play when it is not the person's turn", () => {
  assert.deepEqual(pick([], [], "e5"), { miss: "" });
});
