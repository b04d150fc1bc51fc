// The engine start's stage times (web/js/platform/engine/stage-clock.js), on a clock the test moves.
import assert from "node:assert/strict";
import { test } from "node:test";

import { stageClock } from "../../web/js/platform/engine/stage-clock.js";

function fakeTime(start) {
  let ms = start;
  return { now: () => ms, pass: (d) => { ms += d; } };
}

test("each stage takes the time since the stage before it ended", () => {
  const time = fakeTime(1000);
  const clock = stageClock(time.now);
  time.pass(30); clock.mark("manifest");
  time.pass(200); clock.mark("snapshot");
  time.pass(400); clock.mark("restore");
  assert.deepEqual(clock.stages, { manifest: 30, snapshot: 230, restore: 630 });
  assert.deepEqual(clock.stageMs, { manifest: 30, snapshot: 200, restore: 400 });
  assert.equal(clock.elapsed(), 630);
});

test("a stage marked twice counts both parts (a first visit choosing the normal start downloads twice)", () => {
  const time = fakeTime(0);
  const clock = stageClock(time.now);
  time.pass(20); clock.mark("manifest");
  time.pass(900); clock.mark("download"); // the wasm and its module, then the choice
  time.pass(600); clock.mark("download"); // the standard library and the wheel
  time.pass(1500); clock.mark("python");
  assert.equal(clock.stageMs.download, 1500);
  assert.equal(clock.stages.download, 1520);
  assert.equal(clock.stageMs.python, 1500);
});
