// tools/bundle.mjs on a small site written by the test: a page's modules in one file, the own
// modules (the engine's client, the language, the site's addresses and what they import) left at
// their addresses, and a copied module that uses import.meta.url refused.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const BUNDLE = fileURLToPath(new URL("../../tools/bundle.mjs", import.meta.url));

/** A small site with the own modules and `files`, given to `check(dir)`, then removed. */
function withSite(files, check) {
  const dir = mkdtempSync(path.join(tmpdir(), "bundle-"));
  const own = {
    "js/platform/engine/client.js": 'import { keep } from "../storage-area.js";\nexport const getEngine = () => keep("engine");\n',
    "js/platform/storage-area.js": "export const keep = (x) => x;\n",
    "js/platform/i18n/i18n.js": "export const t = (key) => key;\n",
    "js/platform/site-url.js": "export const siteURL = (file) => new URL(`../../${file}`, import.meta.url).href;\n",
  };
  for (const [name, text] of Object.entries({ ...own, ...files })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  try {
    check(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a page's site modules are copied in; own modules stay at their addresses, relative to the page's script", () => {
  withSite({
    "js/games/x/main.js": 'import { board } from "./board.js";\nimport { getEngine } from "../../platform/engine/client.js";\nconsole.log(board, getEngine());\n',
    "js/games/x/board.js": 'import { t } from "../../platform/i18n/i18n.js";\nexport const board = "BOARD-" + t("k");\n',
  }, (dir) => {
    const printed = execFileSync("node", [BUNDLE, dir, "js/games/x/main.js"], { encoding: "utf-8", stdio: ["ignore", "pipe", "ignore"] });
    assert.deepEqual(JSON.parse(printed), { inlined: ["js/games/x/board.js"] },
      "the copied module is listed; the entry and the own modules are not");
    const bundled = readFileSync(path.join(dir, "js/games/x/main.js"), "utf-8");
    assert.match(bundled, /"BOARD-"/, "the site module is in the bundle");
    assert.doesNotMatch(bundled, /from "\.\/board\.js"/);
    assert.match(bundled, /from "\.\.\/\.\.\/platform\/engine\/client\.js"/, "the engine's client is imported at its address");
    assert.match(bundled, /from "\.\.\/\.\.\/platform\/i18n\/i18n\.js"/);
    assert.doesNotMatch(bundled, /const keep = /, "what an own module imports stays apart too");
  });
});

test("a module that only names import.meta.url in a comment or a string is copied in", () => {
  withSite({
    "js/games/x/main.js": 'import { note } from "./note.js";\nconsole.log(note);\n',
    "js/games/x/note.js": '// see https://example.org/a.html, then import.meta.url\nexport const note = "import.meta.url is for own modules";\n',
  }, (dir) => {
    const run = spawnSync("node", [BUNDLE, dir, "js/games/x/main.js"], { encoding: "utf-8" });
    assert.equal(run.status, 0, run.stderr);
    assert.match(readFileSync(path.join(dir, "js/games/x/main.js"), "utf-8"), /import\.meta\.url is for own modules/);
  });
});

test("a module that uses import.meta.url is not copied into a bundle elsewhere: the build stops", () => {
  withSite({
    "js/games/x/main.js": 'import { css } from "../../platform/style.js";\nconsole.log(css);\n',
    "js/platform/style.js": 'export const css = new URL("../css/a.css", import.meta.url).href;\n',
  }, (dir) => {
    const run = spawnSync("node", [BUNDLE, dir, "js/games/x/main.js"], { encoding: "utf-8" });
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /style\.js uses import\.meta\.url/);
  });
});
