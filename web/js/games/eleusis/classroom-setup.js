// The classroom game's set-up in the New game dialog (E16): "Just me" or "Several people on this
// device", how many people (2-5) and their names, and the computer players that fit (people and
// computer players make 3 to 6 players). The engine checks the names again (classroom.py); the
// page only offers what the engine accepts.
//
//   const setup = createClassroomSetup({ t, bots: select("set-bots") });
//   setup.open(["Ana", "Ben"]);   // or null: just me
//   setup.people();              // ["Ana", "Ben"] (an empty name stays "": the engine says "Player 2")
//
// Glossary:
//   people -- the names typed, seat 0 first; null when one person plays.

import { byId, el, select } from "../../platform/dom.js";

export const MIN_PEOPLE = 2;
export const MAX_PEOPLE = 5;
const MIN_SEATS = 3;
const MAX_SEATS = 6;
const MAX_NAME_CHARS = 24;

/**
 * The computer players a table may have beside `people` people (null: one person).
 * @param {number|null} people @returns {number[]}
 */
export function botChoices(people) {
  if (people === null) return [2, 3, 4, 5];
  const low = Math.max(0, MIN_SEATS - people);
  return Array.from({ length: MAX_SEATS - people - low + 1 }, (_, i) => low + i);
}

/**
 * Remembered names, if they make a classroom game; else null.
 * @param {unknown} saved @returns {string[]|null}
 */
export function peopleOf(saved) {
  if (!Array.isArray(saved) || saved.length < MIN_PEOPLE || saved.length > MAX_PEOPLE) return null;
  return saved.every((name) => typeof name === "string" && name.length <= MAX_NAME_CHARS) ? saved : null;
}

/** @param {{t: (key: string, params?: object) => string, bots: HTMLSelectElement}} options */
export function createClassroomSetup({ t, bots }) {
  const count = select("set-people");
  const names = byId("people-names");
  const box = byId("classroom-box");
  const radios = /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input[name=players]"));

  const several = () => [...radios].some((r) => r.checked && r.value === "classroom");

  /** One name field a person, keeping what was typed. @param {string[]} [given] */
  function drawNames(given) {
    const typed = [...names.querySelectorAll("input")].map((i) => /** @type {HTMLInputElement} */ (i).value);
    const n = Number(count.value);
    names.replaceChildren(...Array.from({ length: n }, (_, i) => {
      const input = /** @type {HTMLInputElement} */ (el("input", ""));
      input.id = `set-name-${i + 1}`;
      input.maxLength = MAX_NAME_CHARS;
      input.autocomplete = "off";
      input.placeholder = t("eleusis.classroom.defaultName", { n: i + 1 });
      input.value = given?.[i] ?? typed[i] ?? "";
      return el("label", "", t("eleusis.classroom.nameOf", { n: i + 1 }), input);
    }));
  }

  /** The computer players' choices for the people now, keeping the chosen number when it fits. */
  function fitBots() {
    const choices = botChoices(several() ? Number(count.value) : null);
    const now = Number(bots.value);
    const keep = choices.includes(now) ? now : choices.includes(1) && several() ? 1 : choices[0];
    bots.replaceChildren(...choices.map((n) => Object.assign(el("option", "", String(n)), { value: String(n) })));
    bots.value = String(keep);
    bots.dispatchEvent(new Event("change"));
  }

  function show() {
    box.hidden = !several();
    fitBots();
  }

  for (const radio of radios) radio.addEventListener("change", show);
  count.addEventListener("change", () => { drawNames(); fitBots(); });

  return {
    /** Set the dialog to these people (null: just me). @param {string[]|null} people */
    open(people) {
      for (const radio of radios) radio.checked = radio.value === (people ? "classroom" : "one");
      count.value = String(people?.length ?? MIN_PEOPLE);
      names.replaceChildren();
      drawNames(people ?? []);
      show();
    },
    /** The names typed, or null when one person plays. @returns {string[]|null} */
    people() {
      if (!several()) return null;
      return [...names.querySelectorAll("input")].map((i) => /** @type {HTMLInputElement} */ (i).value.trim());
    },
  };
}
