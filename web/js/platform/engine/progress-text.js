// The engine's loading progress in the page's language. The worker reports a stage ("download",
// "python", ...) and, while downloading, the bytes received; every page that shows the progress
// (the game, Cows and Leopards, the embed, the rules page) words it from the catalog:
//   game.load.<stage>         "Downloading Python"
//   game.load.<stage>Bytes    "Downloading Python ({done} of {total} MB)" (download, fetch)
//   game.load.progress        "{label} – {percent}"

import { has, numberFormat, t } from "../i18n/i18n.js";

/** @typedef {{stage: string, fraction: number, bytes?: {done: number, total: number}}} Progress */

/** Megabytes with one decimal, as the page's language writes them. @param {number} bytes */
function megabytes(bytes) {
  return numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1e6);
}

/** What the engine is doing now ("Downloading Python (3.2 of 14.0 MB)"). @param {Progress} progress */
export function stageText(progress) {
  const stage = has(`game.load.${progress.stage}`) ? progress.stage : "start";
  if (progress.bytes && has(`game.load.${stage}Bytes`)) {
    return t(`game.load.${stage}Bytes`, { done: megabytes(progress.bytes.done), total: megabytes(progress.bytes.total) });
  }
  return t(`game.load.${stage}`);
}

/** The stage and how far the whole start is ("Starting Python – 42%"). @param {Progress} progress */
export function progressText(progress) {
  const percent = numberFormat({ style: "percent" }).format(Math.floor(progress.fraction * 100) / 100);
  return t("game.load.progress", { label: stageText(progress), percent });
}
