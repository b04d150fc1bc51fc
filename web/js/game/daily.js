// Today's deal (issue 13): the same deal for everyone on a UTC date. The engine derives the deal
// from the date (webapi "daily", leopard_core.share.daily_game: standard variant, one hand, a fixed
// level) and marks the game as that day's (its "origin"), so a reload resumes it and its statistics
// record carries the date. One daily deal counts per day: once today's is recorded, the menu item
// shows its result instead of dealing it again. The Statistics screen shows the days' results and
// the streak (webapi "stats" answers a "daily" summary).

import { button, byId, dialog, el } from "./dom.js";

/** @typedef {import("../engine/client.js").Engine} Engine */
/** @typedef {import("../engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../engine/types.js").DailyDeal} DailyDeal */
/** @typedef {import("../engine/types.js").DailySummary} DailySummary */
/** @typedef {import("./stats-store.js").StatsStore} StatsStore */
/** @typedef {import("./stats-store.js").GameRecord} GameRecord */
/** @typedef {import("./turn-loop.js").TurnLoop} TurnLoop */

const RESULT_WORDS = { won: "won", drawn: "drawn", lost: "lost" };

/** Today's date in UTC, YYYY-MM-DD: the day's deal changes at midnight UTC for everyone. */
export function todayUtc() {
  return new Date().toISOString().slice(0, 10);
}

/** "Today's deal of 2026-11-23 ..." for the result screen; "" for other games. @param {Snapshot} s */
export function dailyText(s) {
  const origin = s.origin;
  if (!origin || origin.kind !== "daily") return "";
  return `The daily deal of ${origin.date} (UTC): everyone plays these same cards that day.`;
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
    summaryLine.textContent = `The daily deals' figures could not be computed: ${err.message}`;
    list.replaceChildren();
    return;
  }
  summaryLine.textContent = d.days
    ? `${d.days} day${d.days === 1 ? "" : "s"} played: ${d.won} won, ${d.drawn} drawn, ${d.lost} lost. `
      + `Current streak ${d.streak} day${d.streak === 1 ? "" : "s"}; longest ${d.longest_streak}.`
    : "No daily deal played yet: choose Today's deal in the More menu.";
  byId("stats-daily").dataset.days = String(d.days);
  byId("stats-daily").dataset.streak = String(d.streak);
  list.replaceChildren(...d.recent.map((day) => {
    const item = el("li", "", `${day.date}: ${RESULT_WORDS[day.result]} ${day.own}–${day.opp}`);
    item.dataset.date = day.date;
    item.dataset.result = day.result;
    return item;
  }));
}

export class DailyControl {
  /**
   * @param {TurnLoop} loop
   * @param {Engine} engine
   * @param {StatsStore} stats
   * @param {(deal: DailyDeal) => unknown} start deals the day's game in place of the current one
   */
  constructor(loop, engine, stats, start) {
    this.loop = loop;
    this.engine = engine;
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
      what.textContent = `Today's deal could not be dealt: ${err.message}.`;
      box.dataset.state = "error";
      if (!box.open) box.showModal();
      return;
    }
    const deal = /** @type {DailyDeal} */ (this.deal);
    const snap = this.loop.snap;
    const played = this.stats.all().find((r) => r.daily === today);
    byId("daily-title").textContent = `Today's deal: ${today}`;
    if (snap?.origin?.kind === "daily" && snap.origin.date === today && !snap.game.over) {
      what.textContent = "You are playing today's deal: it is the game on the table.";
      box.dataset.state = "playing";
    } else if (played) {
      what.textContent = `You played today's deal: ${RESULT_WORDS[played.result]}, ${played.totals.own} to the computer's ${played.totals.opp}. `
        + "A new deal comes at midnight UTC; your results are in Statistics.";
      box.dataset.state = "played";
    } else {
      const replacing = snap && !snap.game.over && !snap.tutorial ? " It takes the place of the game on the table." : "";
      what.textContent = `The same deal for everyone today (UTC): ${deal.hands} hand${deal.hands === 1 ? "" : "s"} of ${deal.variant} Leopard against the ${deal.level} computer. `
        + `Only your first game of it each day counts in your statistics.${replacing}`;
      startButton.hidden = false;
      box.dataset.state = "offered";
    }
    if (!box.open) box.showModal();
    (startButton.hidden ? button("daily-close") : startButton).focus();
  }
}
