// The Eleusis frame's settings from its address (web/js/games/eleusis/embed-modes.js): levels= gives
// each computer player its level; a bad list is named in a notice and every player gets level=.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useCatalog } from "../../web/js/platform/i18n/i18n.js";
import { readEleusisSettings } from "../../web/js/games/eleusis/embed-modes.js";

useCatalog("en", JSON.parse(readFileSync(new URL("../../web/i18n/en.json", import.meta.url), "utf8")));

const settingsOf = (query) => readEleusisSettings(new URLSearchParams(query));

test("levels= sets each computer player's level and, alone, their number", () => {
  const settings = settingsOf("levels=novice,expert");
  assert.deepEqual(settings.levels, ["novice", "expert"]);
  assert.equal(settings.bots, 2);
  assert.deepEqual(settings.notices, []);
  assert.deepEqual(settingsOf("levels=expert,random,novice&level=novice").levels, ["expert", "random", "novice"]);
  assert.equal(settingsOf("levels=expert,random,novice").bots, 3);
  assert.deepEqual(settingsOf("bots=3&levels=expert,novice,scientist").levels, ["expert", "novice", "scientist"]);
});

test("without levels= every computer player plays at level=", () => {
  assert.deepEqual(settingsOf("bots=3&level=novice").levels, ["novice", "novice", "novice"]);
  assert.deepEqual(settingsOf("").levels, ["scientist", "scientist"]);
});

test("a bad list is named and every player gets level= (or its default)", () => {
  const unknown = settingsOf("levels=novice,genius&level=expert");
  assert.deepEqual(unknown.levels, ["expert", "expert"]);
  assert.deepEqual(unknown.notices, [
    "levels=novice,genius is not a list of 2 to 5 levels separated by commas, each one of random, novice, scientist, or expert; expert is used for every computer player.",
  ]);
  // A long list is quoted short (at most 24 characters and "…"): the notice must not cover the table.
  const quoted = {
    "levels=novice": "novice",
    "levels=novice,novice,novice,novice,novice,novice": "novice,novice,novice,nov…",
    "levels=novice,,expert": "novice,,expert",
  };
  for (const [query, quote] of Object.entries(quoted)) {
    const settings = settingsOf(query);
    assert.equal(settings.notices.length, 1, query);
    assert.ok(settings.notices[0].startsWith(`levels=${quote} is not a list`), query);
    assert.deepEqual(settings.levels, Array(settings.bots).fill("scientist"), query);
  }
});

test("the notices follow the address's usual order: bots, level, levels, difficulty, pace, seed", () => {
  const settings = settingsOf("bots=9&level=genius&levels=a,b&difficulty=x&pace=y&seed=z");
  assert.deepEqual(settings.notices.map((text) => text.split("=")[0]), ["bots", "level", "levels", "difficulty", "pace", "seed"]);
});

test("a list of another length than bots= is named; bots= stands", () => {
  const settings = settingsOf("bots=3&levels=novice,expert");
  assert.equal(settings.bots, 3);
  assert.deepEqual(settings.levels, ["scientist", "scientist", "scientist"]);
  assert.deepEqual(settings.notices, ["levels=novice,expert names 2 levels for 3 computer players; scientist is used for every computer player."]);
  const badBots = settingsOf("bots=9&levels=novice,expert,novice");
  assert.equal(badBots.bots, 3, "a bad bots= falls back on the list's length");
  assert.deepEqual(badBots.levels, ["novice", "expert", "novice"]);
  assert.equal(badBots.notices.length, 1);
});
