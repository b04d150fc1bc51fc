// The embed's play mode between two people on one device (embed.html?mode=play&opponent=human,
// optional p1= and p2= to fill in the names): a small form for both names before the game, and the
// hand-over screen between turns. The engine decides when the device is passed on
// (snapshot.handover) and checks the names; the frame shows no hand until the player to move
// presses "I am … — show my hand" (webapi "reveal"). Every text is from the catalog (embed.names.*,
// embed.handover.*); the engine's default names "Player 1" and "Player 2" are shown in the frame's
// language.

import { t } from "../../platform/i18n/i18n.js";
import { el } from "../../platform/dom.js";
import { NAME_MAX } from "./players.js";

/** The names the engine gives players who typed none (leopard_core/games/leopard/pass_and_play.py). */
const DEFAULT_NAMES = ["Player 1", "Player 2"];

/** A player's name as shown: the engine's default names in the frame's language. @param {string} name */
export function shownName(name) {
  const index = DEFAULT_NAMES.indexOf(name);
  return index >= 0 ? t("embed.play.player", { number: index + 1 }) : name;
}

/**
 * Ask for both names; resolves with them when the players press Start. try(names) answers "" when
 * the game started, else the engine's reason, shown in the form (the form stays).
 * @param {HTMLElement} box where the form goes
 * @param {string[]} defaults names from the address
 * @param {(names: string[]) => Promise<string>} start
 * @returns {Promise<void>}
 */
export function askNames(box, defaults, start) {
  return new Promise((resolve) => {
    const form = el("form", "embed-names");
    form.append(el("h2", "", t("embed.names.title")));
    const fields = [0, 1].map((index) => {
      const label = el("label", "", t("embed.names.player", { number: index + 1 }));
      const input = /** @type {HTMLInputElement} */ (el("input", ""));
      input.type = "text";
      input.id = `embed-name-${index + 1}`;
      input.maxLength = NAME_MAX;
      input.autocomplete = "off";
      input.placeholder = t("embed.names.player", { number: index + 1 });
      input.value = defaults[index] ?? "";
      label.append(" ", input);
      form.append(label);
      return input;
    });
    const problem = el("p", "embed-names-problem");
    problem.setAttribute("role", "alert");
    const go = /** @type {HTMLButtonElement} */ (el("button", "", t("embed.names.start")));
    go.type = "submit";
    go.id = "embed-names-start";
    form.append(problem, go);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      go.disabled = true;
      const why = await start(fields.map((input) => input.value));
      go.disabled = false;
      if (why) {
        problem.textContent = why;
        return;
      }
      form.remove();
      resolve();
    });
    box.append(form);
    fields[0].focus();
  });
}

/** The frame's hand-over screen. */
export class HandoverPanel {
  /** @param {() => void} onReveal */
  constructor(onReveal) {
    this.box = el("section", "embed-handover");
    this.box.setAttribute("aria-labelledby", "embed-handover-title");
    this.title = el("h2", "", t("embed.handover.title"));
    this.title.id = "embed-handover-title";
    this.text = el("p", "");
    this.button = /** @type {HTMLButtonElement} */ (el("button", "", t("embed.handover.show")));
    this.button.type = "button";
    this.button.id = "embed-reveal";
    this.button.addEventListener("click", () => {
      if (!this.box.hidden) onReveal();
    });
    this.box.append(this.title, this.text, this.button);
    this.box.hidden = true;
  }

  /** Bring the screen up for the player to move. @param {string} name */
  show(name) {
    this.title.textContent = t("embed.handover.titleTo", { name });
    this.text.textContent = t("embed.handover.text", { name });
    this.button.textContent = t("embed.handover.button", { name });
    this.box.hidden = false;
    this.button.focus();
  }

  hide() {
    this.box.hidden = true;
  }
}
