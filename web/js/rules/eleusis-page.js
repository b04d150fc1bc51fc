// The Eleusis rules page (eleusis-rules.html): its frame in the page's language, the language
// switch, and the sandbox (a rule builder and cards judged by the engine, lab-sandbox.js). The rules
// themselves are docs/eleusis-rules.md, turned into HTML by the build (tools/site_pages.py); they
// are in English for now, which the frame says in other languages.

import { errorText, initI18n, lang, setText, t } from "../platform/i18n/i18n.js";
import { languageSwitch } from "../platform/i18n/switch.js";
import { registerServiceWorker } from "../platform/page-shell.js";
import { createSandbox } from "../games/eleusis/lab-sandbox.js";

await initI18n();
document.getElementById("rules-language")?.append(languageSwitch());

const status = document.getElementById("engine-status");
const root = document.getElementById("sandbox-root");

/** Show how far Python's start has come. */
function showProgress(progress) {
  if (!status || status.dataset.state === "ready") return;
  setText(status, "eleusisRules.status.progress", { percent: Math.round((progress.fraction || 0) * 100) });
}

/** The seed of the sandbox's cards: ?seed= in the address (the tests), else the clock. */
function seed() {
  const given = Number(new URLSearchParams(location.search).get("seed"));
  return Number.isInteger(given) && given > 0 ? given : Date.now();
}

async function main() {
  try {
    const { getEngine } = await import("../platform/engine/client.js");
    const engine = getEngine({ onProgress: showProgress });
    await engine.ready;
    const sandbox = createSandbox({ engine, t, lang, seed: seed() });
    root?.append(sandbox.element);
    await sandbox.builder.ready;
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
