// The New game dialog: variant, opponent level and number of hands, remembered between visits.
// Saved settings are checked against what the engine offers (an older page may have saved a
// level or variant that no longer exists).

import { KEYS } from "./storage.js";
import { byId, select } from "./dom.js";
import { titleCase } from "./move-words.js";
import { variantHint } from "./rules-dialog.js";

/** @typedef {import("../engine/types.js").LevelsInfo} LevelsInfo */
/** @typedef {import("../engine/types.js").Snapshot} Snapshot */
/** @typedef {import("./storage.js").GameStorage} GameStorage */
/** @typedef {{variant?: string, level?: string, hands?: number, undo?: boolean}} GameSettings  undo: undo allowed */

export const HAND_CHOICES = [1, 2, 3, 4, 5, 6, 8, 10];

/**
 * The remembered settings that the engine still offers.
 * @param {GameStorage} storage
 * @param {LevelsInfo} info
 * @returns {GameSettings}
 */
export function savedSettings(storage, info) {
  const saved = storage.readObject(KEYS.settings);
  /** @type {GameSettings} */
  const settings = {};
  if (info.variants.includes(saved.variant)) settings.variant = saved.variant;
  if (info.levels.includes(saved.level)) settings.level = saved.level;
  if (Number.isSafeInteger(saved.hands) && saved.hands >= 1 && saved.hands <= 50) settings.hands = saved.hands;
  if (typeof saved.undo === "boolean") settings.undo = saved.undo;
  return settings;
}

/**
 * Fill the dialog's fields from the game in progress, else from the remembered settings.
 * @param {LevelsInfo} info
 * @param {GameSettings} remembered
 * @param {Snapshot|null} snap
 */
export function fillSettings(info, remembered, snap) {
  const settings = { variant: "standard", level: info.default, hands: 4, ...remembered };
  /** @param {HTMLSelectElement} field @param {(string|number)[]} values @param {string|number} current @param {(v: any) => string} [label] */
  const fill = (field, values, current, label = titleCase) => {
    field.replaceChildren(...values.map((v) => Object.assign(document.createElement("option"), { value: String(v), textContent: label(v) })));
    field.value = values.map(String).includes(String(current)) ? String(current) : String(values[0]);
  };
  fill(select("set-variant"), info.variants, snap?.variant ?? settings.variant);
  fill(select("set-level"), info.levels, snap?.level ?? settings.level,
    (v) => titleCase(v) + (v === info.default ? " (recommended)" : ""));
  fill(select("set-hands"), HAND_CHOICES, snap?.game.hands ?? settings.hands, String);
  /** @type {HTMLInputElement} */ (byId("set-undo")).checked = snap?.undo_allowed ?? settings.undo ?? true;
  showVariantHint();
}

/** The one-line description of the chosen variant. */
export function showVariantHint() {
  byId("variant-hint").textContent = variantHint(select("set-variant").value);
}

/** The settings chosen in the dialog. @returns {GameSettings} */
export function chosenSettings() {
  return {
    variant: select("set-variant").value,
    level: select("set-level").value,
    hands: Number(select("set-hands").value),
    undo: /** @type {HTMLInputElement} */ (byId("set-undo")).checked,
  };
}
