// The Eleusis page's status line, with what the page is waiting for said after what happened: while
// the computer players are being made, or while a call to the engine takes long, the person reads
// so in plain words ("Your turn: play a card. The computer players are getting ready…") instead of a
// page that looks frozen. Each wait has a name; the line shows every wait still open, in the order
// they began, and drops each one when it ends.
//
// <body data-waiting="players engine"> lists the open waits (tests and styles read it).
//
// Example: const line = new StatusLine({announce, tell});
//   line.say("Your turn.");  line.wait("players", t("eleusis.status.preparing"));
//   -> "Your turn. The computer players are getting ready…";  line.done("players") -> "Your turn."

/** @typedef {{announce: (text: string) => void, tell: (text: string) => void}} StatusWriters */

export class StatusLine {
  /** @param {StatusWriters} writers the platform's announce (plain) and tell (a refusal, highlighted) */
  constructor(writers) {
    this.writers = writers;
    /** what happened last, as the page said it */
    this.text = "";
    /** whether that was a refusal */
    this.refusal = false;
    /** @type {Map<string, string>} the open waits: name -> sentence */
    this.waits = new Map();
  }

  /** What happens now (the turn loop's announce). @param {string} text */
  say(text) {
    this.text = text;
    this.refusal = false;
    this.draw();
  }

  /** A move refused (the turn loop's refused), highlighted. @param {string} text */
  tell(text) {
    this.text = text;
    this.refusal = true;
    this.draw();
  }

  /** A wait begins (again: its sentence is replaced). @param {string} name @param {string} sentence */
  wait(name, sentence) {
    if (this.waits.get(name) === sentence) return;
    this.waits.set(name, sentence);
    this.draw();
  }

  /** A wait ends. @param {string} name */
  done(name) {
    if (this.waits.delete(name)) this.draw();
  }

  draw() {
    const line = [this.text, ...this.waits.values()].filter(Boolean).join(" ");
    document.body.dataset.waiting = [...this.waits.keys()].join(" ");
    if (this.refusal) this.writers.tell(line);
    else this.writers.announce(line);
  }
}

/** A call that has taken this long gets the line's "still working" sentence. */
export const SLOW_MS = 1000;

/**
 * An engine whose calls say on the status line when one takes longer than SLOW_MS, and whose calls
 * that need the computer players (a computer player's move, its reasoning) wait until they are
 * made first (./preparation.js), rather than making them at once in the shared worker.
 * @param {import("../../platform/engine/client.js").Engine} engine
 * @param {{line: StatusLine, slowText: () => string, playersReady: () => Promise<void>}} options
 * @returns {import("../../platform/engine/client.js").Engine}
 */
export function patientEngine(engine, { line, slowText, playersReady }) {
  const needPlayers = new Set(["eleusis.bot_move", "eleusis.explain"]);
  let slow = 0;
  const call = async (/** @type {string} */ method, /** @type {any} */ args = {}) => {
    if (needPlayers.has(method)) await playersReady();
    let late = false;
    const timer = setTimeout(() => { late = true; slow += 1; line.wait("engine", slowText()); }, SLOW_MS);
    try {
      return await engine.call(method, args);
    } finally {
      clearTimeout(timer);
      if (late && --slow === 0) line.done("engine");
    }
  };
  // The same engine in every other way (ready, info, progress...): only its calls are watched.
  return /** @type {any} */ (Object.assign(Object.create(engine), { call }));
}
