// The table's feel around each drawing: motion (motion.js) and sound (sound.js), both following
// what changed since the last drawing (table-changes.js). The page calls `before()` just before it
// draws the table and `after(snap, scene)` just after; neither ever waits.

import { changesBetween } from "./table-changes.js";
import { TableMotion } from "./motion.js";
import { Sound } from "../../platform/sound.js";

/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("./motion.js").Scene} Scene */

export class TableFeel {
  constructor() {
    this.motion = new TableMotion();
    this.sound = new Sound();
    /** @type {Snapshot|null} the snapshot drawn last */
    this.shown = null;
  }

  /** Just before the table is drawn. @returns {Scene|null} */
  before() {
    return this.motion.before();
  }

  /** Just after the table was drawn from snap. @param {Snapshot} snap @param {Scene|null} scene */
  after(snap, scene) {
    const changes = changesBetween(this.shown, snap);
    this.shown = snap;
    try {
      this.motion.after(changes, scene);
    } catch (err) {
      // Motion is decoration: a browser that cannot animate still plays the game.
      console.warn("motion:", err instanceof Error ? err.message : err);
    }
    if (changes.handEnded) this.sound.play("end");
    else if (changes.moves.some((m) => m.kind === "play" || m.kind === "discard")) this.sound.play("play");
    if (changes.drawn.length && !changes.handEnded) this.sound.play("draw", changes.moves.length ? 0.15 : 0);
  }
}
