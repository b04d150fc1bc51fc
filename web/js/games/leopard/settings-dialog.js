// The New game dialog: variant, opponent (the computer and its level, or a person on this device
// and both players' names), number of hands and undo, remembered between visits.
// Saved settings are checked against what the engine offers (an older page may have saved a
// level or variant that no longer exists).

import { t } from "../../platform/i18n/i18n.js";
import { KEYS } from "../../platform/storage.js";
import { byId, select } from "../../platform/dom.js";
import { levelName, numberText, variantName } from "./dialog-words.js";
import { variantHint } from "./rules-dialog.js";
import { NAME_MAX, namesProblem, normalName } from "./players.js";

/** @typedef {import("../../platform/engine/types.js").LevelsInfo} LevelsInfo */
/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../../platform/storage.js").GameStorage} GameStorage */
/**
 * @typedef {{variant?: string, level?: string, hands?: number, undo?: boolean, opponent?: string,
 *   names?: string[]}} GameSettings  undo: undo allowed; opponent "computer" or "human" (pass and
 *   play, with the two players' names)
 */

export const HAND_CHOICES = [1, 2, 3, 4, 5, 6, 8, 10];

/**
 * Why a stored value is not the remembered settings ("" when it is): the first field holding what
 * the page never writes there. A field left out, or a variant or level the engine no longer
 * offers (an older page's choice, not damage), falls back quietly (savedSettings).
 * @param {Record<string, any>} saved
 */
export function settingsProblem(saved) {
  for (const key of ["variant", "level"]) if (key in saved && typeof saved[key] !== "string") return key;
  if ("hands" in saved && !Number.isSafeInteger(saved.hands)) return "hands";
  if ("undo" in saved && typeof saved.undo !== "boolean") return "undo";
  if ("opponent" in saved && saved.opponent !== "human" && saved.opponent !== "computer") return "opponent";
  if ("names" in saved && !(Array.isArray(saved.names) && saved.names.every((n) => typeof n === "string"))) return "names";
  return "";
}

/**
 * The remembered settings that the engine still offers.
 * @param {GameStorage} storage
 * @param {LevelsInfo} info
 * @returns {GameSettings}
 */
export function savedSettings(storage, info) {
  const saved = storage.readObject(KEYS.settings, { what: "game.storage.record.what.settings", problemOf: settingsProblem });
  /** @type {GameSettings} */
  const settings = {};
  if (info.variants.includes(saved.variant)) settings.variant = saved.variant;
  if (info.levels.includes(saved.level)) settings.level = saved.level;
  if (Number.isSafeInteger(saved.hands) && saved.hands >= 1 && saved.hands <= 50) settings.hands = saved.hands;
  if (typeof saved.undo === "boolean") settings.undo = saved.undo;
  if (saved.opponent === "human" || saved.opponent === "computer") settings.opponent = saved.opponent;
  if (Array.isArray(saved.names) && saved.names.length === 2 && saved.names.every((n) => typeof n === "string")) {
    settings.names = saved.names.map((n) => normalName(n).slice(0, NAME_MAX));
  }
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
  /** @param {HTMLSelectElement} field @param {(string|number)[]} values @param {string|number} current @param {(v: any) => string} label */
  const fill = (field, values, current, label) => {
    field.replaceChildren(...values.map((v) => Object.assign(document.createElement("option"), { value: String(v), textContent: label(v) })));
    field.value = values.map(String).includes(String(current)) ? String(current) : String(values[0]);
  };
  fill(select("set-variant"), info.variants, snap?.variant ?? settings.variant, variantName);
  fill(select("set-level"), info.levels, snap?.level ?? settings.level,
    (v) => (v === info.default ? t("dialogs.settings.recommended", { level: levelName(v) }) : levelName(v)));
  fill(select("set-hands"), HAND_CHOICES, snap?.game.hands ?? settings.hands, numberText);
  /** @type {HTMLInputElement} */ (byId("set-undo")).checked = snap?.undo_allowed ?? settings.undo ?? true;
  select("set-opponent").value = snap ? (snap.opponent === "human" ? "human" : "computer") : (settings.opponent ?? "computer");
  const names = snap?.names ?? settings.names ?? ["", ""];
  nameField(1).value = names[0] ?? "";
  nameField(2).value = names[1] ?? "";
  showVariantHint();
  showOpponentFields();
}

/** @param {1|2} which */
const nameField = (which) => /** @type {HTMLInputElement} */ (byId(`set-name-${which}`));

/** The level for the computer, or the two names for pass and play; the names checked as typed. */
export function showOpponentFields() {
  const people = select("set-opponent").value === "human";
  byId("set-level-label").hidden = people;
  byId("set-names").hidden = !people;
  const problem = people ? namesProblem(nameField(1).value, nameField(2).value) : "";
  // The form refuses to submit while a field is invalid; the message says why.
  nameField(2).setCustomValidity(problem);
  byId("set-names-problem").textContent = problem;
}

/** Show the fields of the opponent chosen, and check the names as they are typed. */
export function wireOpponentChoice() {
  select("set-opponent").addEventListener("change", showOpponentFields);
  for (const which of /** @type {const} */ ([1, 2])) nameField(which).addEventListener("input", showOpponentFields);
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
    opponent: select("set-opponent").value === "human" ? "human" : "computer",
    names: [normalName(nameField(1).value), normalName(nameField(2).value)],
  };
}
