// The Statistics dialog: figures for one variant and level (or all), a chart of recent games'
// margins, the latest finished games with their score sheets, and export, import and reset.
// Every figure is the engine's (webapi "stats") for the stored records (stats-store.js).

import { errorText, locale, t } from "../../platform/i18n/i18n.js";
import { button, byId, dialog, el, select } from "../../platform/dom.js";
import { dayText, levelName, levelWord, variantName } from "./dialog-words.js";
import { marginChart } from "./stats-chart.js";
import { recordsOf, shown } from "./stats-figures.js";
import { OPENABLE, byFinish } from "./stats-store.js";
import { drawDailyStats } from "./daily.js";

/** @typedef {import("./stats-store.js").StatsStore} StatsStore */
/** @typedef {import("./stats-store.js").GameRecord} GameRecord */
/** @typedef {import("./stats-figures.js").StatsSummary} StatsSummary */
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */
/**
 * @typedef {{ids: () => Set<string>, open: (id: string) => void}} ReviewOffer  the games whose
 *   review was kept (review/review-store.js keeps the latest games'), and opening one
 */

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
  return date.toLocaleString(locale(), { dateStyle: "medium", timeStyle: "short" });
}

/**
 * One finished game, openable to its score sheet, with Review when its review was kept.
 * @param {GameRecord} r @param {ReviewOffer} review @param {Set<string>} reviewable
 */
function gameItem(r, review, reviewable) {
  const li = el("li", "stats-game");
  li.dataset.result = r.result;
  li.dataset.id = r.id;
  const details = el("details");
  const marks = [
    r.daily ? t("dialogs.stats.mark.daily", { date: dayText(r.daily) }) : "",
    r.undo_used ? t("dialogs.stats.mark.undo") : "",
    r.hints_used ? t("dialogs.stats.mark.hints") : "",
  ].filter(Boolean);
  const game = t("dialogs.stats.game", {
    result: t(`dialogs.stats.outcome.${r.result}`), own: r.totals.own, opp: r.totals.opp,
    variant: variantName(r.variant), level: levelWord(r.level), count: r.hands, when: when(r.finished_at),
  });
  // The marks are a list of tags ("undo used, hints used"), not a sentence.
  const summary = el("summary", "", marks.length ? t("dialogs.stats.gameMarked", { game, marks: marks.join(", ") }) : game);
  const table = el("table", "sheet");
  const caption = el("caption", "visually-hidden", t("dialogs.scoreSheet"));
  const head = el("thead");
  const headRow = el("tr");
  headRow.append(...["dialogs.hand", "dialogs.you", "dialogs.computer"].map((key) => Object.assign(el("th", "", t(key)), { scope: "col" })));
  head.append(headRow);
  const body = el("tbody");
  body.append(...r.sheet.map((p, i) => figureRow(String(i + 1), [p.own, p.opp])));
  const foot = el("tfoot");
  foot.append(figureRow(t("dialogs.total"), [r.totals.own, r.totals.opp]));
  table.append(caption, head, body, foot);
  details.append(summary, table);
  const aids = r.undo_used && r.hints_used ? "both" : r.undo_used ? "undo" : r.hints_used ? "hints" : "";
  if (aids) details.append(el("p", "hint", t(`dialogs.stats.aids.${aids}`)));
  if (reviewable.has(r.id)) {
    const open = el("button", "ghost small stats-review", t("dialogs.review.openGame"));
    open.type = "button";
    open.addEventListener("click", () => review.open(r.id));
    details.append(open);
  }
  li.append(details);
  return li;
}

export class StatsDialog {
  /**
   * @param {StatsStore} store
   * @param {Engine} engine
   * @param {() => {variants: string[], levels: string[], variant: string, level: string}} choices
   *   what the filters offer and the current game's variant and level
   * @param {ReviewOffer} review
   */
  constructor(store, engine, choices, review) {
    this.review = review;
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
    button("stats-reset-no").addEventListener("click", () => this.hideReset(t("dialogs.stats.nothingDeleted")));
  }

  /** Fill the filters with the current game's variant and level, draw, and open. */
  open() {
    const { variants, levels, variant, level } = this.choices();
    /** @param {HTMLSelectElement} field @param {string[]} values @param {string} all @param {string} current @param {(v: string) => string} name */
    const fill = (field, values, all, current, name) => {
      field.replaceChildren(el("option", "", all), ...values.map((v) => Object.assign(el("option", "", name(v)), { value: v })));
      /** @type {HTMLOptionElement} */ (field.options[0]).value = "";
      field.value = values.includes(current) ? current : "";
    };
    fill(select("stats-variant"), variants, t("dialogs.stats.allVariants"), variant, variantName);
    fill(select("stats-level"), levels, t("dialogs.stats.allLevels"), level, levelName);
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
      this.message(t("dialogs.stats.computeFailed", { error: errorText(err) }));
      box.removeAttribute("aria-busy");
      return;
    }
    byId("stats-empty").hidden = records.length > 0;
    /** @param {string} key @param {(string|number)[]} cells @param {string} id */
    const figure = (key, cells, id) => figureRow(t(`dialogs.stats.figure.${key}`), cells, id);
    byId("stats-figures").replaceChildren(
      figure("games", [shown(f.games)], "games"),
      figure("won", [shown(f.won)], "won"),
      figure("drawn", [shown(f.drawn)], "drawn"),
      figure("lost", [shown(f.lost)], "lost"),
      figure("streak", [shown(f.longest_winning_streak)], "streak"),
      figure("undo", [shown(f.games_with_undo)], "undo"),
      figure("hints", [shown(f.games_with_hints)], "hints"),
    );
    byId("stats-hands").replaceChildren(
      figure("hands", [shown(f.hands), shown(f.hands)], "hands"),
      figure("perHand", [shown(f.points_per_hand.own), shown(f.points_per_hand.opp)], "per-hand"),
      figure("average", [shown(f.average_hand), ""], "average"),
      figure("best", [shown(f.best_hand), ""], "best"),
    );
    byId("stats-chart").replaceChildren(marginChart(f.recent.map((r) => r.margin)));
    const latest = records.slice(-OPENABLE).reverse();
    const reviewable = this.review.ids();
    byId("stats-games").replaceChildren(...latest.map((r) => gameItem(r, this.review, reviewable)));
    byId("stats-games-title").textContent = records.length > OPENABLE
      ? t("dialogs.stats.gamesLast", { count: OPENABLE, total: records.length }) : t("dialogs.stats.gamesTitle");
    await drawDailyStats(this.engine, all);
    byId("stats-total").textContent = t("dialogs.stats.kept", { count: all.length });
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
    link.download = t("dialogs.stats.exportName", { date: new Date().toISOString().slice(0, 10) });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    this.message(t("dialogs.stats.exported"));
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
      this.message(t("dialogs.stats.unreadableFile", { error: err.message }));
      return;
    }
    try {
      const { added, known } = await this.store.importText(text);
      await this.draw();
      this.message(known ? t("dialogs.stats.importedKnown", { count: added, known }) : t("dialogs.stats.imported", { count: added }));
    } catch (err) {
      this.message(t("dialogs.stats.notImported", { file: file.name, reason: err.message }));
    }
  }

  askReset() {
    const count = this.store.all().length;
    if (!count) {
      this.message(t("dialogs.stats.noneToReset"));
      return;
    }
    byId("stats-confirm-text").textContent = t("dialogs.stats.confirm", { count });
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
    this.hideReset(t(done ? "dialogs.stats.wasReset" : "dialogs.stats.resetRefused"));
  }
}
