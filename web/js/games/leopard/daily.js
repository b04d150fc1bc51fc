// Today's deal (issue 13): the same deal for everyone on a UTC date. The engine derives the deal
// from the date (webapi "daily", leopard_core.share.daily_game: standard variant, one hand, a fixed
// level) and marks the game as that day's (its "origin"), so a reload resumes it and its statistics
// record carries the date. One daily deal counts per day: once today's is recorded, the menu item
// shows its result instead of dealing it again. The Statistics screen shows the days' results and
// the streak (webapi "stats" answers a "daily" summary).

import { errorText, t } from "../../platform/i18n/i18n.js";
import { button, byId, dialog, el } from "../../platform/dom.js";
import { dayText, levelWord, variantWord } from "./dialog-words.js";
import { LoopControl } from "../../platform/loop-control.js";

/** @typedef {import("../../platform/engine/client.js").Engine} Engine */
/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../../platform/engine/types.js").DailyDeal} DailyDeal */
/** @typedef {import("../../platform/engine/types.js").DailySummary} DailySummary */
/** @typedef {import("./stats-store.js").StatsStore} StatsStore */
/** @typedef {import("./stats-store.js").GameRecord} GameRecord */
/** @typedef {import("./turn-loop.js").LeopardLoop} TurnLoop */

/** "won", "drawn" or "lost", for a day's result. @param {string} result */
const outcome = (result) => t(`dialogs.daily.outcome.${result}`);

/** Today's date in UTC, YYYY-MM-DD: the day's deal changes at midnight UTC for everyone. */
export function todayUtc() {
  return new Date().toISOString().slice(0, 10);
}

/** "Today's deal of 2026-11-23 ..." for the result screen; "" for other games. @param {Snapshot} s */
export function dailyText(s) {
  const origin = s.origin;
  if (!origin || origin.kind !== "daily") return "";
  return t("dialogs.daily.origin", { date: dayText(origin.date) });
}

/**
 * The daily deals' figures and last days in the Statistics screen.
 * @param {Engine} engine
 * @param {GameRecord[]} records every stored record
 */
export async function drawDailyStats(engine, records) {
  const summaryLine = byId("stats-daily-summary");
  const list = byId("stats-daily-days");
  /** @type {DailySummary} */
  let d;
  try {
    d = (await engine.call("stats", { records, today: todayUtc() })).daily;
  } catch (err) {
    summaryLine.textContent = t("dialogs.daily.statsFailed", { error: errorText(err) });
    list.replaceChildren();
    return;
  }
  summaryLine.textContent = d.days
    ? t("dialogs.daily.summary", {
      count: d.days, won: d.won, drawn: d.drawn, lost: d.lost,
      streak: t("dialogs.daily.streak", { count: d.streak, longest: d.longest_streak }),
    })
    : t("dialogs.daily.none");
  byId("stats-daily").dataset.days = String(d.days);
  byId("stats-daily").dataset.streak = String(d.streak);
  list.replaceChildren(...d.recent.map((day) => {
    const item = el("li", "", t("dialogs.daily.day", { date: dayText(day.date), result: outcome(day.result), own: day.own, opp: day.opp }));
    item.dataset.date = day.date;
    item.dataset.result = day.result;
    return item;
  }));
}

/** @extends {LoopControl<TurnLoop>} */
export class DailyControl extends LoopControl {
  /**
   * @param {TurnLoop} loop
   * @param {Engine} engine
   * @param {StatsStore} stats
   * @param {(deal: DailyDeal) => unknown} start deals the day's game in place of the current one
   */
  constructor(loop, engine, stats, start) {
    super(loop, engine);
    this.stats = stats;
    this.start = start;
    /** @type {DailyDeal|null} the deal the dialog offers */
    this.deal = null;
    button("open-daily").addEventListener("click", () => {
      /** @type {HTMLDetailsElement} */ (byId("more-menu")).open = false;
      this.open();
    });
    button("daily-close").addEventListener("click", () => dialog("daily").close());
    button("daily-start").addEventListener("click", () => {
      dialog("daily").close();
      if (this.deal) this.start(this.deal);
    });
  }

  /** Say what today's deal is: offer it, or tell it is in progress or already played today. */
  async open() {
    const box = dialog("daily");
    const today = todayUtc();
    const what = byId("daily-what");
    const startButton = button("daily-start");
    this.deal = null;
    startButton.hidden = true;
    try {
      this.deal = await this.engine.call("daily", { date: today });
    } catch (err) {
      what.textContent = t("dialogs.daily.failed", { error: errorText(err) });
      box.dataset.state = "error";
      if (!box.open) box.showModal();
      return;
    }
    const deal = /** @type {DailyDeal} */ (this.deal);
    const snap = this.loop.snap;
    const played = this.stats.all().find((r) => r.daily === today);
    byId("daily-title").textContent = t("dialogs.daily.titleOn", { date: dayText(today) });
    if (snap?.origin?.kind === "daily" && snap.origin.date === today && !snap.game.over) {
      what.textContent = t("dialogs.daily.playing");
      box.dataset.state = "playing";
    } else if (played) {
      what.textContent = t("dialogs.daily.played", { result: outcome(played.result), own: played.totals.own, opp: played.totals.opp });
      box.dataset.state = "played";
    } else {
      const replacing = snap && !snap.game.over && !snap.tutorial;
      what.textContent = t(replacing ? "dialogs.daily.offeredReplacing" : "dialogs.daily.offered", {
        count: deal.hands, variant: variantWord(deal.variant), level: levelWord(deal.level),
      });
      startButton.hidden = false;
      box.dataset.state = "offered";
    }
    if (!box.open) box.showModal();
    (startButton.hidden ? button("daily-close") : startButton).focus();
  }
}
