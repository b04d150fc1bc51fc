// The rules page: draws every example square at once from its N2 text, then fills in values and
// scoring lines from the engine (one shared worker for the whole page), builds the bonus table from
// the engine's answers, and starts the sandbox.

import { LiveSquare } from "../games/leopard/cards/diagram.js";
import { startSandbox } from "./sandbox.js";
import { errorText, has, initI18n, setText, t } from "../platform/i18n/i18n.js";
import { languageSwitch } from "../platform/i18n/switch.js";

// The texts first: nothing is drawn before the page knows its language.
await initI18n();

const status = document.getElementById("engine-status");
document.getElementById("rules-language")?.append(languageSwitch());

/** Show how far Python's start has come. */
function showProgress(progress) {
  if (!status || status.dataset.state === "ready") return;
  const percent = Math.round((progress.fraction || 0) * 100);
  const stageKey = `rules.status.stage.${progress.stage}`;
  const stage = has(stageKey) ? t(stageKey) : t("rules.status.stage.python");
  setText(status, "rules.status.progress", { stage, percent });
}

/** Load the shared engine client; a failure leaves the diagrams drawn and says why. */
async function loadEngine() {
  const { getEngine } = await import("../platform/engine/client.js");
  const engine = getEngine({ onProgress: showProgress });
  await engine.ready;
  return engine;
}

/** Fill one bonus-table row from the engine's answer for the row's example square. */
function fillBonusRow(row, info) {
  if (!info) return;
  row.dataset.raw = String(info.raw);
  row.dataset.score = String(info.score);
  row.querySelector(".bt-raw").textContent = String(info.raw);
  row.querySelector(".bt-bonus").textContent = info.bonus > 0 ? `+${info.bonus}` : "0";
  row.querySelector(".bt-score").textContent = String(info.score);
}

/** Put a compact live diagram into each bonus-table row (the row's data-n2). */
function prepareBonusTable() {
  const rows = /** @type {HTMLElement[]} */ ([...document.querySelectorAll(".bonus-table tbody tr[data-n2]")]);
  return rows.map((row) => {
    const cell = row.querySelector(".bt-square");
    const figure = document.createElement("figure");
    figure.className = "leopard-square compact";
    figure.dataset.n2 = row.dataset.n2;
    figure.dataset.variant = row.dataset.variant || "standard";
    figure.dataset.label = t("rules.diagram.exampleSquare");
    cell.append(figure);
    return { row, live: new LiveSquare(figure, { compact: true }) };
  });
}

async function main() {
  const figures = [...document.querySelectorAll("figure.leopard-square[data-n2]")];
  const diagrams = figures.map((figure) => new LiveSquare(figure));
  const bonusRows = prepareBonusTable();
  const sandbox = startSandbox(document.getElementById("sandbox"));
  let engine;
  try {
    engine = await loadEngine();
  } catch (err) {
    if (status) {
      status.dataset.state = "failed";
      setText(status, "rules.status.failed", { detail: errorText(err) });
    }
    sandbox?.engineFailed(err);
    return;
  }
  await Promise.all([
    ...diagrams.map((d) => d.fill(engine)),
    ...bonusRows.map(async ({ row, live }) => fillBonusRow(row, await live.fill(engine))),
    sandbox?.attach(engine),
  ]);
  if (status) {
    status.dataset.state = "ready";
    setText(status, "rules.status.ready");
  }
}

/** Let the site's service worker cache the site (the rules work offline after one visit too). */
function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("sw.js").catch((err) => console.warn("service worker:", err.message));
}

registerServiceWorker();
main();
