// The engine's loading progress in the page's language (web/js/platform/engine/progress-text.js):
// its numbers follow the language in use, also after the language changes (the formats are made
// once per language, and kept).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useCatalog } from "../../web/js/platform/i18n/i18n.js";
import { progressText } from "../../web/js/platform/engine/progress-text.js";

const catalog = (language) => JSON.parse(readFileSync(new URL(`../../web/i18n/${language}.json`, import.meta.url), "utf8"));
const DOWNLOADING = { stage: "download", fraction: 0.425, bytes: { done: 3_250_000, total: 14_000_000 } };

test("the megabytes and the percentage are written as the page's language writes them", () => {
  useCatalog("en", catalog("en"));
  const english = progressText(DOWNLOADING);
  assert.match(english, /3\.3 of 14\.0 MB/);
  assert.match(english, /42%/);
  useCatalog("es", catalog("es"));
  const spanish = progressText(DOWNLOADING);
  assert.match(spanish, /3,3 de 14,0 MB/);
  assert.match(spanish, /42\s?%/);
  useCatalog("en", catalog("en"));
  assert.equal(progressText(DOWNLOADING), english);
});
