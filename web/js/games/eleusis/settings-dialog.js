// The Eleusis Settings dialog: how the page feels (the site's theme, the computer's speed, sound,
// the think-aloud panel open at the start) and what a new game is (Express or Eleusis, the number
// of computer players and their levels, the secret rule's difficulty). Each change is kept at once;
// the feel applies at once, the new-game choices from the next new game. Theme, speed and sound are
// the site's preferences (../../platform/preferences.js): every page shares them.

import { button, byId, dialog, el, select } from "../../platform/dom.js";
import { t } from "../../platform/i18n/i18n.js";
import { applyPreferences, writePreferences } from "../../platform/preferences.js";
import { readPagePreferences, readSettings, writePagePreferences, writeSettings } from "./game-settings.js";
import { LEVELS, levelName } from "./words.js";

/** @typedef {import("../../platform/storage.js").GameStorage} GameStorage */
/** @typedef {import("../../platform/preferences.js").Preferences} Preferences */

/** @param {string} id @returns {HTMLInputElement} */
const checkbox = (id) => /** @type {HTMLInputElement} */ (byId(id));

/**
 * @typedef {object} SettingsWiring
 * @property {GameStorage} storage
 * @property {Preferences} preferences  the preferences in force (changed in place)
 * @property {() => void} changed  after a change of the feel was applied (speed, sound)
 * @property {(problem: string) => void} problem  a change that could not be kept
 */

export class SettingsDialog {
  /** @param {SettingsWiring} wiring */
  constructor(wiring) {
    this.wiring = wiring;
    for (const id of ["pref-theme", "pref-speed", "pref-sound", "pref-think"]) byId(id).addEventListener("change", () => this.keepFeel());
    for (const id of ["pref-game", "pref-difficulty"]) byId(id).addEventListener("change", () => this.keepGame());
    select("pref-bots").addEventListener("change", () => { this.levels(); this.keepGame(); });
    byId("pref-levels").addEventListener("change", () => this.keepGame());
    button("settings-close").addEventListener("click", () => dialog("settings").close());
  }

  open() {
    const { storage, preferences } = this.wiring;
    select("pref-theme").value = preferences.theme;
    select("pref-speed").value = preferences.speed;
    checkbox("pref-sound").checked = preferences.sound;
    checkbox("pref-think").checked = readPagePreferences(storage).thinkAloud;
    const game = readSettings(storage);
    select("pref-game").value = game.game;
    select("pref-bots").value = String(game.bots);
    select("pref-difficulty").value = game.difficulty;
    this.levels(game.levels);
    dialog("settings").showModal();
  }

  /** One level choice per computer player. @param {string[]} [levels] the levels to show */
  levels(levels) {
    const holder = byId("pref-levels");
    const shownNow = [...holder.querySelectorAll("select")].map((s) => /** @type {HTMLSelectElement} */ (s).value);
    const chosen = levels ?? shownNow;
    holder.replaceChildren(...Array.from({ length: Number(select("pref-bots").value) }, (_, i) => {
      const choice = el("select", "");
      choice.id = `pref-level-${i + 1}`;
      choice.append(...LEVELS.map((level) => Object.assign(el("option", "", levelName(level)), { value: level })));
      choice.value = chosen[i] ?? "scientist";
      return el("label", "", t("eleusis.newGame.levelOf", { n: i + 1 }), choice);
    }));
  }

  keepFeel() {
    const { storage, preferences } = this.wiring;
    preferences.theme = /** @type {Preferences["theme"]} */ (select("pref-theme").value);
    preferences.speed = /** @type {Preferences["speed"]} */ (select("pref-speed").value);
    preferences.sound = checkbox("pref-sound").checked;
    applyPreferences(preferences);
    this.kept(writePreferences(storage, preferences));
    this.kept(writePagePreferences(storage, { thinkAloud: checkbox("pref-think").checked }));
    this.wiring.changed();
  }

  keepGame() {
    const levels = [...byId("pref-levels").querySelectorAll("select")].map((s) => /** @type {HTMLSelectElement} */ (s).value);
    // The whole game (E13) is chosen in New game only; a change here keeps that choice.
    const { whole } = readSettings(this.wiring.storage);
    this.kept(writeSettings(this.wiring.storage, {
      game: select("pref-game").value, bots: Number(select("pref-bots").value), levels, difficulty: select("pref-difficulty").value, whole,
    }));
  }

  /** @param {{ok: boolean, reason?: string}} result */
  kept(result) {
    if (!result.ok) this.wiring.problem(t("eleusis.notice.settingsNotKept", { reason: result.reason }));
  }
}
