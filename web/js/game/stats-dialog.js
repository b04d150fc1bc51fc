// The Statistics dialog: figures for one variant and level (or all), a chart of recent games'
// margins, the latest finished games with their score sheets, and export, import and reset.
// Every figure is the engine's (webapi "stats") for the stored records (stats-store.js).

import { button, byId, dialog, el, select } from "./dom.js";
import { titleCase } from "./move-words.js";
import { marginChart } from "./stats-chart.js";
import { recordsOf, shown } from "./stats-figures.js";
import { OPENABLE, byFinish } from "./stats-store.js";
import { drawDailyStats } from "./daily.js";

/** @typedef {import("./stats-store.js").StatsStore} StatsStore */
/** @typedef {import("./stats-store.js").GameRecord} GameRecord */
/** @typedef {import("./stats-figures.js").StatsSummary} StatsSummary */
/** @typedef {import("../engine/client.js").Engine} Engine */

const RESULT_WORDS = { won: "Won", drawn: "Drawn", lost: "Lost" };

/**
 * A table row: a header cell and data cells.
 * @param {string} head
 * @param {(string|number)[]} cells
 * @param {string} [id] data-figure name, for tests and styles
 */
function figureRow(head, cells, id) {
  const tr = el("tr");
  const th = el("th", "", head);
  th.scope = "row";
  tr.append(th, ...cells.map((c) => el("td", "", String(c))));
  if (id) tr.dataset.figure = id;
  return tr;
}

/** When a game finished, in the reader's words. @param {string} iso */
function when(iso) {
  const date = new Date(iso);
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** One finished game, openable to its score sheet. @param {GameRecord} r */
function gameItem(r) {
  const li = el("li", "stats-game");
  li.dataset.result = r.result;
  li.dataset.id = r.id;
  const details = el("details");
  const marks = [r.daily ? `daily deal of ${r.daily}` : "", r.undo_used ? "undo used" : "", r.hints_used ? "hints used" : ""].filter(Boolean);
  const summary = el("summary", "",
    `${RESULT_WORDS[r.result]} ${r.totals.own}–${r.totals.opp} · ${titleCase(r.variant)}, ${r.level}, `
    + `${r.hands} hand${r.hands === 1 ? "" : "s"} · ${when(r.finished_at)}${marks.length ? ` · ${marks.join(", ")}` : ""}`);
  const table = el("table", "sheet");
  const caption = el("caption", "visually-hidden", "Score sheet");
  const head = el("thead");
  const headRow = el("tr");
  headRow.append(...["Hand", "You", "Computer"].map((text) => Object.assign(el("th", "", text), { scope: "col" })));
  head.append(headRow);
  const body = el("tbody");
  body.append(...r.sheet.map((p, i) => figureRow(String(i + 1), [p.own, p.opp])));
  const foot = el("tfoot");
  foot.append(figureRow("Total", [r.totals.own, r.totals.opp]));
  table.append(caption, head, body, foot);
  details.append(summary, table);
  const aids = marks.filter((mark) => !mark.startsWith("daily"));
  if (aids.length) details.append(el("p", "hint", `In this game ${aids.join(" and ")}.`));
  li.append(details);
  return li;
}

export class StatsDialog {
  /**
   * @param {StatsStore} store
   * @param {Engine} engine
   * @param {() => {variants: string[], levels: string[], variant: string, level: string}} choices
   *   what the filters offer and the current game's variant and level
   */
  constructor(store, engine, choices) {
    this.store = store;
    this.engine = engine;
    /** how many times the figures were drawn (data-drawn on the dialog, for tests) */
    this.draws = 0;
    this.choices = choices;
    select("stats-variant").addEventListener("change", () => this.draw());
    select("stats-level").addEventListener("change", () => this.draw());
    button("stats-close").addEventListener("click", () => dialog("stats").close());
    button("stats-export").addEventListener("click", () => this.exportFile());
    button("stats-import").addEventListener("click", () => /** @type {HTMLInputElement} */ (byId("stats-import-file")).click());
    byId("stats-import-file").addEventListener("change", () => this.importFile());
    button("stats-reset").addEventListener("click", () => this.askReset());
    button("stats-reset-yes").addEventListener("click", () => this.reset());
    button("stats-reset-no").addEventListener("click", () => this.hideReset("Nothing was deleted."));
  }

  /** Fill the filters with the current game's variant and level, draw, and open. */
  open() {
    const { variants, levels, variant, level } = this.choices();
    /** @param {HTMLSelectElement} field @param {string[]} values @param {string} all @param {string} current */
    const fill = (field, values, all, current) => {
      field.replaceChildren(el("option", "", all), ...values.map((v) => Object.assign(el("option", "", titleCase(v)), { value: v })));
      /** @type {HTMLOptionElement} */ (field.options[0]).value = "";
      field.value = values.includes(current) ? current : "";
    };
    fill(select("stats-variant"), variants, "All variants", variant);
    fill(select("stats-level"), levels, "All levels", level);
    this.message("");
    byId("stats-confirm").hidden = true;
    this.draw();
    const box = dialog("stats");
    if (!box.open) box.showModal();
  }

  /** Draw the figures, chart and games of the chosen variant and level. */
  async draw() {
    const box = dialog("stats");
    box.setAttribute("aria-busy", "true");
    const all = this.store.all();
    const records = byFinish(recordsOf(all, select("stats-variant").value, select("stats-level").value));
    /** @type {StatsSummary} */
    let f;
    try {
      f = (await this.engine.call("stats", { records })).all;
    } catch (err) {
      this.message(`The statistics could not be computed: ${err.message}`);
      box.removeAttribute("aria-busy");
      return;
    }
    byId("stats-empty").hidden = records.length > 0;
    byId("stats-figures").replaceChildren(
      figureRow("Games played", [f.games], "games"),
      figureRow("Won", [f.won], "won"),
      figureRow("Drawn", [f.drawn], "drawn"),
      figureRow("Lost", [f.lost], "lost"),
      figureRow("Longest winning streak", [f.longest_winning_streak], "streak"),
      figureRow("Games with undo", [f.games_with_undo], "undo"),
      figureRow("Games with hints", [f.games_with_hints], "hints"),
    );
    byId("stats-hands").replaceChildren(
      figureRow("Hands played", [f.hands, f.hands], "hands"),
      figureRow("Points per hand", [shown(f.points_per_hand.own), shown(f.points_per_hand.opp)], "per-hand"),
      figureRow("Average hand score", [shown(f.average_hand), ""], "average"),
      figureRow("Best hand score", [shown(f.best_hand), ""], "best"),
    );
    byId("stats-chart").replaceChildren(marginChart(f.recent.map((r) => r.margin)));
    const latest = records.slice(-OPENABLE).reverse();
    byId("stats-games").replaceChildren(...latest.map(gameItem));
    byId("stats-games-title").textContent = records.length > OPENABLE
      ? `Your last ${OPENABLE} games (of ${records.length})` : "Your games, newest first";
    await drawDailyStats(this.engine, all);
    byId("stats-total").textContent = `${all.length} finished game${all.length === 1 ? "" : "s"} kept in this browser.`;
    box.removeAttribute("aria-busy");
    box.dataset.drawn = String(++this.draws);
  }

  /** @param {string} text */
  message(text) {
    byId("stats-message").textContent = text;
  }

  /** Offer the stored records as a JSON file. */
  exportFile() {
    const blob = new Blob([this.store.exportText()], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = el("a");
    link.href = url;
    link.download = `leopard-statistics-${new Date().toISOString().slice(0, 10)}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    this.message("Your statistics were exported as a JSON file.");
  }

  /** Read the chosen file and add its games; a bad file changes nothing. */
  async importFile() {
    const input = /** @type {HTMLInputElement} */ (byId("stats-import-file"));
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    let text;
    try {
      text = await file.text();
    } catch (err) {
      this.message(`The file could not be read: ${err.message}. Nothing was changed.`);
      return;
    }
    try {
      const { added, known } = await this.store.importText(text);
      await this.draw();
      this.message(`Imported ${added} game${added === 1 ? "" : "s"}${known ? ` (${known} already here)` : ""}.`);
    } catch (err) {
      this.message(`“${file.name}” was not imported: ${err.message}. Nothing was changed.`);
    }
  }

  askReset() {
    const count = this.store.all().length;
    if (!count) {
      this.message("There are no statistics to reset.");
      return;
    }
    byId("stats-confirm-text").textContent = `Delete all ${count} finished game${count === 1 ? "" : "s"} kept in this browser? This cannot be undone (export them first to keep a copy).`;
    byId("stats-confirm").hidden = false;
    button("stats-reset-no").focus();
  }

  /** @param {string} text */
  hideReset(text) {
    byId("stats-confirm").hidden = true;
    this.message(text);
    button("stats-reset").focus();
  }

  async reset() {
    const done = this.store.reset();
    await this.draw();
    this.hideReset(done ? "Your statistics were reset." : "This browser refused to delete the statistics.");
  }
}
