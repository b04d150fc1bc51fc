// The base of every board the embed shows (each game's, listed in modes.js): where it draws, its
// settings (already checked by its mode's read()), and the frame's two helpers, the credit link
// and the problem message. A board adds fill(engine, stale), and may add progress(p),
// command(cmd, engine, stale) and problem (a message to show instead of starting).

/** @typedef {{credit: () => HTMLElement, showProblem: (message: string) => void}} FrameHelpers */

export class EmbedBoard {
  /**
   * @param {HTMLElement} root the frame's content
   * @param {any} settings the mode's settings
   * @param {FrameHelpers} helpers
   */
  constructor(root, settings, { credit, showProblem }) {
    this.root = root;
    this.settings = settings;
    this.credit = credit;
    this.showProblem = showProblem;
  }
}
