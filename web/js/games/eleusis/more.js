// The Eleusis page's "More" menu and what hangs on it, kept apart from main.js: the Statistics and
// Settings dialogs, the Undo button (undo.js) and keeping each finished hand (stats-store.js).
// main.js calls wireMore once and then its hooks: drawn() from render, kept(snap) after every save,
// newGame() when a new game starts, started() once the first game is on the table.

import { button, byId, dialog } from "../../platform/dom.js";
import { paceOf } from "../../platform/preferences.js";
import { readPagePreferences } from "./game-settings.js";
import { EleusisStats } from "./stats-store.js";
import { StatsDialog } from "./stats-dialog.js";
import { SettingsDialog } from "./settings-dialog.js";
import { wireUndo } from "./undo.js";

/** @typedef {import("./turn-loop.js").EleusisLoop} EleusisLoop */
/** @typedef {import("./types.js").EleusisSnapshot} EleusisSnapshot */

/**
 * @param {{storage: import("../../platform/storage.js").GameStorage, engine: import("../../platform/engine/client.js").Engine,
 *   loop: EleusisLoop, preferences: import("../../platform/preferences.js").Preferences,
 *   sound: import("../../platform/sound.js").Sound, params: URLSearchParams, render: () => void,
 *   tell: (text: string) => void, problem: (text: string) => void, note?: (step: string) => void}} deps
 *   note: hears of an Undo of a move as it is sent (undo.js)
 */
export function wireMore({ storage, engine, loop, preferences, sound, params, render, tell, problem, note }) {
  const stats = new EleusisStats(storage, problem);
  const statsDialog = new StatsDialog(stats);
  const settings = new SettingsDialog({
    storage, preferences, problem,
    changed: () => {
      sound.enabled = preferences.sound;
      loop.pace = paceOf(preferences, params);
    },
  });
  // A link's &pace= (tests, demos) fixes every pause, the moment to take a move back too.
  if (params.has("pace")) loop.undoWindow = loop.readingWindow = loop.pace;
  const menu = /** @type {HTMLDetailsElement} */ (byId("more-menu"));
  button("open-stats").addEventListener("click", () => { menu.open = false; statsDialog.open(); });
  button("open-settings").addEventListener("click", () => { menu.open = false; settings.open(); });
  const showUndo = wireUndo({ loop, engine, render, tell, note });
  return {
    drawn: showUndo,
    /** @param {EleusisSnapshot|null} snap */
    kept(snap) {
      if (snap?.records?.length) {
        const result = stats.recordHands(snap);
        if (!result.ok) problem(result.reason ?? "");
        if (result.added && dialog("stats").open) statsDialog.draw();
      }
    },
    newGame: () => stats.startGame(),
    /** The think-aloud panel open at the start when the settings say so. */
    started() {
      if (readPagePreferences(storage).thinkAloud && button("open-think").getAttribute("aria-pressed") !== "true") {
        button("open-think").click();
      }
    },
  };
}
