// The state of one hand's review, apart from any drawing: the steps the engine replayed
// (`review_open`), where the reader is, and the engine's verdict on each of the person's moves as
// it arrives (`review_step`). No rules and no DOM: what is best, what it cost and whether it is as
// good come from the engine; this module only orders and picks.
//
// Glossary:
//   step        one move of the hand, by either side, with the table the person saw before it.
//   position    where the reader is: 0..steps.length; position i < steps.length shows the table
//               before step i (the person's choice, when it is theirs); steps.length shows the end.
//   person step a step where the person chose (the engine lists them: `person_steps`).
//   verdict     the engine's answer for a person step: played, best, cost and spread in expected
//               points, as_good (within the uncertainty of the best), reasons, expected margins.
//   slip        a person step whose verdict is not as good; the biggest slips are the SLIPS
//               costliest, the earlier first on a tie.
// Example: new ReviewState(opened).record({index: 4, cost: 1.8, as_good: false, ...}); then
//   state.slips() -> [{index: 4, ...}] and state.progress() -> {done: 1, total: opened.person_steps.length}.

/** How many slips are marked and listed. */
export const SLIPS = 3;

/**
 * @typedef {import("../../../platform/engine/types.js").LogEntry} LogEntry
 * @typedef {{own: any, opp: any, hand: string[], drawn?: string[], discards: string[],
 *   stock_count: number, opp_hand_count: number, layout?: number[][]}} Table  the person's view
 *   (a snapshot's table fields: both squares, their hand, the discards and the counts)
 * @typedef {{index: number, seat: "person"|"computer", move: string, entry?: LogEntry|null,
 *   forced?: boolean, table: Table}} Step
 * @typedef {{own: number, opp: number, margin: number, went_out?: string|null, table: Table}} Final
 *   the hand's end: both scores, the margin (the person's score minus the computer's) and the table
 * @typedef {{hands: number, hand: number, game_hands?: number, variant?: string, layout?: number[][],
 *   steps: Step[], person_steps: number[], final: Final}} Opened  hand: 0-based; hands: how many
 *   hands of the game are finished
 * @typedef {import("../../../platform/i18n/catalog.js").Msg} Msg
 * @typedef {{index: number, played: string, best: string, cost: number, spread: number,
 *   as_good: boolean, reason_msg?: Msg|null, played_reason_msg?: Msg|null, margin_before?: number,
 *   margin_after_played?: number, margin_after_best?: number}} Verdict
 */

/** The fields of a verdict worth keeping (the engine's list of every move's value is not shown). */
const KEPT = ["index", "played", "best", "cost", "spread", "as_good", "reason_msg", "played_reason_msg",
  "margin_before", "margin_after_played", "margin_after_best"];

/** A verdict without what the page does not show, for keeping. @param {Verdict} verdict @returns {Verdict} */
export function keptVerdict(verdict) {
  return /** @type {Verdict} */ (Object.fromEntries(KEPT.filter((key) => key in verdict).map((key) => [key, /** @type {any} */ (verdict)[key]])));
}

/** Whether a value read back from storage is a verdict the page can show. @param {unknown} value */
export function isVerdict(value) {
  const v = /** @type {Record<string, unknown>} */ (value);
  return value !== null && typeof value === "object" && Number.isSafeInteger(v.index)
    && typeof v.played === "string" && typeof v.best === "string" && Number.isFinite(v.cost)
    && Number.isFinite(v.spread) && typeof v.as_good === "boolean";
}

export class ReviewState {
  /** @param {Opened} opened */
  constructor(opened) {
    this.hands = opened.hands;
    /** the hand reviewed, counted from 0 as the engine does */
    this.hand = opened.hand;
    /** @type {number[][]|undefined} the squares' layout, when the variant's is not the standard one */
    this.layout = opened.layout;
    this.steps = opened.steps;
    this.final = opened.final;
    this.personSteps = opened.person_steps;
    this.personSet = new Set(opened.person_steps);
    /** @type {Map<number, Verdict>} */
    this.verdicts = new Map();
    this.position = 0;
  }

  /** How many moves the hand had. */
  get count() {
    return this.steps.length;
  }

  /** Move to a position, kept within the hand. @param {number} position @returns {boolean} whether it changed */
  go(position) {
    const next = Math.max(0, Math.min(this.count, Math.round(position)));
    const changed = next !== this.position;
    this.position = next;
    return changed;
  }

  /** The step at the reader's position, or null at the end of the hand. @returns {Step|null} */
  get step() {
    return this.steps[this.position] ?? null;
  }

  /** The table at a position: before that step, or the hand's end. @param {number} [position] @returns {Table} */
  tableAt(position = this.position) {
    return position < this.count ? this.steps[position].table : this.final.table;
  }

  /** Whether step i was the person's choice. @param {number} index */
  isPersonStep(index) {
    return this.personSet.has(index);
  }

  /**
   * The log entry of step i, as the person's view words it (their square is "own"; a face-down
   * card of the computer's has no name); null for a position past the end.
   * @param {number} index
   * @returns {LogEntry|null}
   */
  entryOf(index) {
    return this.steps[index]?.entry ?? null;
  }

  /** Keep the engine's verdict on a person step (one not asked for is ignored). @param {Verdict} verdict */
  record(verdict) {
    if (!this.isPersonStep(verdict.index)) return false;
    this.verdicts.set(verdict.index, verdict);
    return true;
  }

  /** The person steps still without a verdict, in the hand's order. */
  missing() {
    return this.personSteps.filter((index) => !this.verdicts.has(index));
  }

  /** How far the engine's look at the person's moves has come. */
  progress() {
    return { done: this.personSteps.length - this.missing().length, total: this.personSteps.length };
  }

  /** The SLIPS costliest verdicts that are not as good, costliest first (the earlier on a tie). @returns {Verdict[]} */
  slips() {
    return [...this.verdicts.values()]
      .filter((v) => !v.as_good)
      .sort((a, b) => b.cost - a.cost || a.index - b.index)
      .slice(0, SLIPS);
  }

  /** The person steps before and after the position, for jumping from one choice to the next. */
  neighbours() {
    const before = this.personSteps.filter((i) => i < this.position);
    const after = this.personSteps.filter((i) => i > this.position);
    return { previous: before.length ? before[before.length - 1] : null, next: after.length ? after[0] : null };
  }
}
