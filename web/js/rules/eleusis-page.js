// The Eleusis rules page (eleusis-rules.html): its frame in the page's language, the language
// switch, and the sandbox (a rule builder and cards judged by the engine, lab-sandbox.js). The rules
// themselves are docs/eleusis-rules.md, turned into HTML by the build (tools/site_pages.py); they
// are in English for now, which the frame says in other languages. The sandbox is kept as the reader
// leaves it (SANDBOX_KEY, read as every record is) and comes back on the next visit, unless the
// address deals its own cards (?seed=).

import { errorText, initI18n, lang, setText, t } from "../platform/i18n/i18n.js";
import { languageSwitch } from "../platform/i18n/switch.js";
import { registerServiceWorker } from "../platform/page-shell.js";
import { createSandbox, keptSandboxProblem } from "../games/eleusis/lab-sandbox.js";
import { GameStorage } from "../platform/storage.js";
import { el } from "../platform/dom.js";

/** The rules page's sandbox as the reader left it: {form, played, hand} (lab-sandbox.js). */
export const SANDBOX_KEY = "leopard.eleusis.sandbox.v1";

await initI18n();
document.getElementById("rules-language")?.append(languageSwitch());

const status = document.getElementById("engine-status");
const root = document.getElementById("sandbox-root");

/** Show how far Python's start has come. */
function showProgress(progress) {
  if (!status || status.dataset.state === "ready") return;
  setText(status, "eleusisRules.status.progress", { percent: Math.round((progress.fraction || 0) * 100) });
}

/** The seed of the sandbox's cards: ?seed= in the address (the tests), else null (the clock's). */
function seed() {
  const given = Number(new URLSearchParams(location.search).get("seed"));
  return Number.isInteger(given) && given > 0 ? given : null;
}

async function main() {
  try {
    const { getEngine } = await import("../platform/engine/client.js");
    const engine = getEngine({ onProgress: showProgress });
    await engine.ready;
    // What the browser's storage did with the kept sandbox (set aside, blocked), said above it.
    const note = el("p", "sb-storage");
    note.setAttribute("role", "status");
    note.hidden = true;
    root?.before(note);
    const storage = new GameStorage((problem) => {
      note.textContent = problem;
      note.hidden = false;
    });
    const given = seed();
    const what = "game.storage.record.what.eleusisSandbox";
    const record = given === null ? storage.readObject(SANDBOX_KEY, { what, problemOf: keptSandboxProblem }) : {};
    const kept = Object.keys(record).length ? /** @type {import("../games/eleusis/lab-sandbox.js").KeptSandbox} */ (record) : null;
    const sandbox = createSandbox({
      engine, t, lang, seed: given ?? Date.now(), kept,
      keep: (state) => storage.write(SANDBOX_KEY, JSON.stringify(state)),
      // A kept rule of which nothing fits is damaged: kept aside and told, as a damaged record is
      // (its cards are shown, and kept again with no rule); written over only once it is aside.
      unfit: () => storage.setAsideStored(SANDBOX_KEY, what),
    });
    root?.append(sandbox.element);
    await sandbox.ready;
    if (status) {
      status.dataset.state = "ready";
      setText(status, "eleusisRules.status.ready");
    }
  } catch (err) {
    if (!status) return;
    status.dataset.state = "failed";
    setText(status, "eleusisRules.status.failed", { detail: errorText(err) });
  }
}

// The site's service worker caches the site: the rules work offline after one visit too.
registerServiceWorker();
main();
