// The Eleusis Statistics dialog: for Express, Eleusis or both, one row per difficulty of the secret
// rule and one for all: hands played, won, rules found, the cards the mainline needed before you
// found the rule (on average, and the fewest). The records are the store's (stats-store.js).

import { button, byId, dialog, el, select } from "../../platform/dom.js";
import { t } from "../../platform/i18n/i18n.js";
import { DIFFICULTIES, GAMES, figuresOf } from "./stats-store.js";

/** @typedef {import("./stats-store.js").EleusisStats} EleusisStats */
/** @typedef {import("./stats-store.js").Figures} Figures */

/** A number in the reader's language, or a dash. @param {number|null} value */
const shown = (value) => (value === null ? "–" : value.toLocaleString(document.documentElement.lang || "en"));

/** One row of figures. @param {string} head @param {Figures} f @param {string} id */
function row(head, f, id) {
  const tr = el("tr");
  tr.dataset.figure = id;
  const th = el("th", "", head);
  th.scope = "row";
  const cells = { hands: f.hands, won: f.won, found: f.found, average: f.averageCards, fewest: f.fewestCards };
  tr.append(th, ...Object.entries(cells).map(([col, value]) => {
    const td = el("td", "", shown(value));
    td.dataset.col = col;
    td.dataset.label = t(`eleusis.stats.col.${col}`); // a phone shows each row as a card, each figure named (eleusis-more.css)
    return td;
  }));
  return tr;
}

export class StatsDialog {
  /** @param {EleusisStats} store */
  constructor(store) {
    this.store = store;
    this.draws = 0;
    this.confirming = false;
    select("stats-game").addEventListener("change", () => this.draw());
    button("stats-close").addEventListener("click", () => dialog("stats").close());
    button("stats-reset").addEventListener("click", () => this.reset());
  }

  open() {
    const field = select("stats-game");
    field.replaceChildren(...["", ...GAMES].map((game) =>
      Object.assign(el("option", "", t(game ? `eleusis.stats.games.${game}` : "eleusis.stats.games.all")), { value: game })));
    this.confirming = false;
    this.message("");
    this.draw();
    if (!dialog("stats").open) dialog("stats").showModal();
  }

  draw() {
    const game = select("stats-game").value;
    const records = this.store.all().filter((r) => !game || r.game === game);
    byId("stats-empty").hidden = records.length > 0;
    byId("stats-rows").replaceChildren(
      ...DIFFICULTIES.map((d) => row(t(`eleusis.difficulty.${d}`), figuresOf(records.filter((r) => r.difficulty === d)), d)),
      row(t("eleusis.stats.all"), figuresOf(records), "all"),
    );
    setResetLabel(this.confirming, records.length);
    dialog("stats").dataset.drawn = String(++this.draws);
  }

  /** Two clicks forget every record: the first asks. */
  reset() {
    const count = this.store.all().length;
    if (!count) {
      this.message(t("eleusis.stats.noneToReset"));
      return;
    }
    if (!this.confirming) {
      this.confirming = true;
      this.message(t("eleusis.stats.confirm", { count }));
      setResetLabel(true, count);
      return;
    }
    this.confirming = false;
    this.store.reset();
    this.draw();
    this.message(t("eleusis.stats.wasReset"));
  }

  /** @param {string} text */
  message(text) {
    byId("stats-message").textContent = text;
  }
}

/** @param {boolean} confirming @param {number} count */
function setResetLabel(confirming, count) {
  const reset = button("stats-reset");
  reset.textContent = t(confirming ? "eleusis.stats.resetYes" : "eleusis.stats.reset", { count });
}
