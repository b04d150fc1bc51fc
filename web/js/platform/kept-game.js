// A game page's save kept by the engine worker (./engine/kept-saves.js): the page never holds the
// save's text, only the revision its game is based on, and follows the one revision rule of every
// kept save. After a resume, a keep or learn(), the page knows the stored revision; each keep sends
// it and gets the next. When another tab moved the game on meanwhile, the worker refuses the write:
// this tab's game is not saved over the newer one, and the person is told so in plain words with a
// button that loads the newer game. Each keep is also announced to the site's other tabs (a
// BroadcastChannel), so a tab that another tab has moved on says so at once, before its person plays
// on a game that will not be kept. When the browser's storage cannot be used at all, one notice says
// that the game will not be kept (never that it was kept aside, never the browser's own error).
// copy() keeps a copy that no page plays on under this key (the game a new one replaced, the game to
// go back to after a guided hand), from another key of the store or from a save text that a page
// held before the worker kept its saves; hasSave() says whether a save is held under the key.
//
// Example:
//   const kept = new KeptGame(engine, "eleusis", "eleusis.game", { show: showNotice, drop: dropNotice,
//     loadNewer: () => loop.replace(() => kept.resume(), words, { save: false }) });
//   const snap = await kept.resume() ?? (await kept.learn(), await startNew());
//   ... after every move: if (await kept.keep()) saved += 1;
//
// Glossary:
//   revision -- the stored save's revision this page's game is based on (0: nothing was kept).
//   stale    -- another tab wrote a newer revision: this tab's keeps are refused until it loads it.

import { el } from "./dom.js";
import { t } from "./i18n/i18n.js";

export const STALE_NOTICE = "notice-kept-stale";
// The same words and button inside the hand-over screen (./handover-screen.js), a modal dialog that
// leaves the notice behind it out of reach while two people pass the device.
export const STALE_IN_HANDOVER = "handover-kept-stale";
export const STORAGE_NOTICE = "notice-kept-storage";
/** The channel on which a page tells the site's other tabs that it kept a save: {game, key, revision}. */
export const KEPT_CHANNEL = "leopard-kept-saves";

/**
 * @typedef {{
 *   show: (text: string, options?: {extras?: Node[], sticky?: boolean, id?: string}) => void,
 *   drop: (id: string) => void,
 *   loadNewer: () => Promise<unknown>,
 *   quiet?: boolean,
 * }} KeptGamePage  how the page shows notices, and loads the newer game (through its turn loop);
 *   quiet: a copy's KeptGame, beside the page's game: it says nothing (a stale or blocked store is
 *   the game's own KeptGame's to say) and hears no other tab
 */

export class KeptGame {
  /**
   * @param {{call: (method: string, args?: Record<string, unknown>) => Promise<any>}} engine
   * @param {string} game the engine's game ("eleusis", "leopard")
   * @param {string} key the save's name in the worker's store
   * @param {KeptGamePage} page
   */
  constructor(engine, game, key, page) {
    this.engine = engine;
    this.where = { game, key };
    this.page = page;
    this.revision = 0;
    this.stale = false;
    /** whether this page's game is based on a revision yet (before: another tab's keep says nothing) */
    this.known = false;
    this.channel = typeof BroadcastChannel === "function" && !page.quiet ? new BroadcastChannel(KEPT_CHANNEL) : null;
    this.channel?.addEventListener("message", (event) => {
      const { game, key, revision } = event.data ?? {};
      if (game !== this.where.game || key !== this.where.key || !Number.isSafeInteger(revision)) return;
      if (this.known && !this.stale && revision > this.revision) this.movedOnElsewhere();
    });
  }

  /**
   * The kept game restored in the engine, or null when nothing is kept (or the store cannot be
   * used: then the notice says so). A save the engine cannot read has been moved aside by the worker:
   * its corrupt_save error is thrown for the page's own notice. An engine that is down throws.
   * @returns {Promise<any>}
   */
  async resume() {
    try {
      const kept = await this.engine.call("kept.resume", this.where);
      this.based(kept ? kept.revision : 0);
      return kept ? kept.snapshot : null;
    } catch (err) {
      if (err.kind === "corrupt_save") await this.learn(); // moved aside: its revision stays behind
      if (err.kind !== "storage") throw err;
      this.storageBlocked();
      return null;
    }
  }

  /** Base this page's game (a new one, or a link's) on whatever is kept now. */
  async learn() {
    try {
      const { revision } = await this.engine.call("kept.revision", this.where);
      this.based(revision);
    } catch (err) {
      if (err.kind !== "storage") throw err;
      this.storageBlocked();
    }
  }

  /**
   * Keep the engine's game; true when it was kept. False when another tab moved the game on (told,
   * with the button that loads the newer game) or the store cannot be used (told). Other errors
   * are thrown for the page's notice.
   * @returns {Promise<boolean>}
   */
  async keep() {
    return this.write("kept.keep", (answer) => answer.revision);
  }

  /** Forget the kept game (the page keeps its game elsewhere now), under the same rule. @returns {Promise<boolean>} */
  async forget() {
    return this.write("kept.forget", (answer) => answer.revision);
  }

  /**
   * @param {string} method
   * @param {(answer: any) => number} next the revision after the write
   */
  async write(method, next) {
    try {
      const answer = await this.engine.call(method, { ...this.where, revision: this.revision });
      this.based(next(answer));
      this.channel?.postMessage({ ...this.where, revision: this.revision });
      return true;
    } catch (err) {
      if (err.kind === "stale_save") this.movedOnElsewhere();
      else if (err.kind === "storage") this.storageBlocked();
      else throw err;
      return false;
    }
  }

  /**
   * Whether a save is held under this key now (false: nothing, or a forgotten one; a store that
   * cannot be used throws its "storage" error).
   * @returns {Promise<boolean>}
   */
  async hasSave() {
    const { kept } = await this.engine.call("kept.revision", this.where);
    return Boolean(kept);
  }

  /**
   * Keep under this key a copy that no page plays on: of the save kept under another key (`from`;
   * nothing there leaves nothing here), or of a save text a page held before the worker kept its
   * saves (`text`). Whether a save is held now; a store that cannot be used throws.
   * @param {{from: string} | {text: string}} source
   * @returns {Promise<boolean>}
   */
  async copy(source) {
    const { copied } = await this.engine.call("kept.copy", { ...this.where, ...source });
    return Boolean(copied);
  }

  /** @param {number} revision */
  based(revision) {
    this.revision = revision;
    this.known = true;
    if (this.stale) {
      this.stale = false;
      this.page.drop(STALE_NOTICE);
      document.getElementById(STALE_IN_HANDOVER)?.remove();
    }
  }

  movedOnElsewhere() {
    this.stale = true;
    if (this.page.quiet) return;
    this.page.show(t("kept.stale"), { extras: [this.loadButton("notice-load-newer")], sticky: true, id: STALE_NOTICE });
    const handover = document.getElementById("handover");
    if (handover && !document.getElementById(STALE_IN_HANDOVER)) {
      const line = el("p", "handover-kept-stale", t("kept.stale"), " ", this.loadButton("handover-load-newer"));
      line.id = STALE_IN_HANDOVER;
      const actions = handover.querySelector(".dialog-actions");
      if (actions) actions.before(line);
      else handover.append(line);
    }
  }

  /** A "Load the newer game" button. @param {string} id */
  loadButton(id) {
    const load = el("button", "ghost small", t("kept.loadNewer"));
    load.type = "button";
    load.id = id;
    load.addEventListener("click", () => {
      load.disabled = true;
      this.page.loadNewer()
        .catch(() => this.page.show(t("kept.loadFailed")))
        .finally(() => { load.disabled = false; });
    });
    return load;
  }

  storageBlocked() {
    if (!this.page.quiet) this.page.show(t("kept.storageBlocked"), { sticky: true, id: STORAGE_NOTICE });
  }
}
