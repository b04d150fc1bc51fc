// The Settings dialog: the language, the computer's speed, the theme, larger cards on phones, sound.
// Each change applies at once and is remembered; the game in progress goes on untouched (the turn
// loop keeps running; a new speed applies from the computer's next move). A new language reloads
// the page in it (i18n/switch.js): the game is saved after every move, so it comes back as it was.

import { t } from "../../platform/i18n/i18n.js";
import { languageSwitch } from "../../platform/i18n/switch.js";
import { byId, button, dialog } from "../../platform/dom.js";
import { applyPreferences, writePreferences } from "../../platform/preferences.js";

/** @typedef {import("../../platform/preferences.js").Preferences} Preferences */
/** @typedef {import("../../platform/storage.js").GameStorage} GameStorage */

/**
 * @typedef {object} PreferencesWiring
 * @property {GameStorage} storage
 * @property {Preferences} current  the preferences in force (already applied)
 * @property {(preferences: Preferences) => void} changed  after each change was applied
 * @property {(problem: string) => void} problem  a change that could not be remembered
 * @property {number|null} [fixedPace]  the computer's pause in ms when the page's address fixes it
 */

/** @param {string} name @returns {HTMLInputElement[]} */
const radios = (name) => [...document.querySelectorAll(`#preferences-form input[name="${name}"]`)]
  .filter((node) => node instanceof HTMLInputElement);

/** @param {string} id @returns {HTMLInputElement} */
const checkbox = (id) => byId(id);

/** Show preferences in the dialog's fields. @param {Preferences} preferences */
function fill(preferences) {
  for (const input of radios("speed")) input.checked = input.value === preferences.speed;
  for (const input of radios("theme")) input.checked = input.value === preferences.theme;
  checkbox("pref-big-cards").checked = preferences.bigCards;
  checkbox("pref-sound").checked = preferences.sound;
}

/** The preferences the fields show. @param {Preferences} base @returns {Preferences} */
function chosen(base) {
  const speed = radios("speed").find((input) => input.checked)?.value ?? base.speed;
  const theme = radios("theme").find((input) => input.checked)?.value ?? base.theme;
  return {
    speed: /** @type {Preferences["speed"]} */ (speed),
    theme: /** @type {Preferences["theme"]} */ (theme),
    bigCards: checkbox("pref-big-cards").checked,
    sound: checkbox("pref-sound").checked,
  };
}

/**
 * Wire the Settings button and dialog.
 * @param {PreferencesWiring} wiring
 */
export function wirePreferences({ storage, current, changed, problem, fixedPace = null }) {
  let inForce = current;
  const box = dialog("preferences");
  const note = byId("pref-pace-note");
  note.textContent = fixedPace === null ? "" : t("dialogs.preferences.paceNote", { ms: fixedPace });
  note.hidden = fixedPace === null;
  // The language is not one of the form's fields: choosing one reloads the page, it is not applied.
  byId("pref-language").replaceChildren(languageSwitch({ id: "pref-language-select" }));
  button("open-preferences").addEventListener("click", () => {
    fill(inForce);
    box.showModal();
  });
  byId("preferences-form").addEventListener("change", (event) => {
    if (event.target instanceof Element && event.target.closest("#pref-language")) return;
    inForce = chosen(inForce);
    applyPreferences(inForce);
    const kept = writePreferences(storage, inForce);
    if (!kept.ok) problem(t("dialogs.preferences.notKept", { reason: kept.reason }));
    changed(inForce);
  });
  byId("preferences-form").addEventListener("submit", (event) => {
    event.preventDefault();
    box.close();
  });
}
