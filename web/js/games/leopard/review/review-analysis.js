// The engine's look at the person's moves, one at a time in the background: each `review_step`
// takes the worker about a second, so the page asks for the next only when the last has come back
// (the worker stays free for anything else in between), and stops asking the moment the review is
// left. The first verdicts come within a second; a verdict kept from an earlier look is not asked again.
//
// Example:
//   const look = new Analysis((index) => engine.call("review_step", {index}), {verdict, failed});
//   look.start([0, 2, 4]);  ... look.stop();

/** @typedef {import("./review-state.js").Verdict} Verdict */

export class Analysis {
  /**
   * @param {(index: number) => Promise<Verdict>} ask the engine's verdict on one step
   * @param {{verdict: (verdict: Verdict) => void, failed: (err: unknown) => void, done: () => void}} hooks
   */
  constructor(ask, hooks) {
    this.ask = ask;
    this.hooks = hooks;
    /** a look that was stopped (or replaced) never reports again */
    this.run = 0;
    this.running = false;
  }

  /** Ask for each step in turn (a look already running is stopped first). @param {number[]} indices */
  async start(indices) {
    const run = ++this.run;
    this.running = true;
    try {
      for (const index of indices) {
        let verdict;
        try {
          verdict = await this.ask(index);
        } catch (err) {
          if (run === this.run) this.hooks.failed(err);
          return;
        }
        if (run !== this.run) return;
        this.hooks.verdict(verdict);
      }
      if (run === this.run) this.hooks.done();
    } finally {
      if (run === this.run) this.running = false;
    }
  }

  /** Stop asking: the step being looked at finishes in the worker, and its answer is dropped. */
  stop() {
    this.run += 1;
    this.running = false;
  }
}
