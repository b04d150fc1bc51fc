// Cards that travel: from the stock to the hand (a draw, and the deal of each hand one card after
// another), from the hand to a space or the discard pile, from the computer's side to where it
// plays; a face-down card flips as it is laid. Web Animations only, no library.
//
// FLIP: `before()` records where the hand's cards, the stock and the computer's side are on the
// screen; the table is drawn anew; `after()` starts each moved card at its old place and lets it
// glide to the new one (a card chosen rises the same way). The hand's own cards move themselves; a card arriving on the table is
// shown by a "flight", a copy of it above the page (so no panel clips it on the way), while the
// real card stays invisible until the copy lands.
//
// Fire and forget: nothing waits for an animation and no game state depends on one. A drawing that
// shows a new move lands every flight still in the air; one that shows nothing new lets them fly on. Under `prefers-reduced-motion: reduce` (checked at each
// use, ../../platform/motion.js) nothing moves at all. <html data-motion="on|off"> says which is in force; data-motion-runs
// counts the animations started and data-motion-kinds names their kinds (for tests, which never
// wait for an animation).

import { renderCard } from "../../cards/cards.js";
import { motionAllowed } from "../../platform/motion.js";

/** @typedef {import("./table-changes.js").TableChanges} TableChanges */
/** @typedef {import("../../platform/engine/types.js").LogEntry} LogEntry */
/**
 * @typedef {object} Scene  where things were before a drawing
 * @property {Map<string, DOMRect[]>} hand  the hand's cards by name, left to right
 * @property {DOMRect|null} stock
 * @property {DOMRect|null} opp  the computer's hand count, where its cards come from
 */

const TRAVEL_MS = 300;
const DRAW_MS = 280;
const DEAL_MS = 240;
const DEAL_STEP_MS = 45;
const SHIFT_MS = 200;
const FLIP_MS = 170;
const MOVE_STEP_MS = 90;
const EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";

/** @param {string} selector */
function rectOf(selector) {
  const node = document.querySelector(selector);
  if (!node) return null;
  const rect = node.getBoundingClientRect();
  return rect.width && rect.height ? rect : null;
}

/** A card-sized box centred on `around` (a small label such as the computer's hand count). @param {DOMRect} around @param {DOMRect} like */
function cardBoxAt(around, like) {
  const width = like.width * 0.6;
  const height = like.height * 0.6;
  return new DOMRect(around.left + around.width / 2 - width / 2, around.top + around.height / 2 - height / 2, width, height);
}

/**
 * The transform that puts a box drawn at `to` where `from` is (both centred, scaled to size).
 * @param {DOMRect} from @param {DOMRect} to @param {string} [extra] more transform functions
 */
function inverse(from, to, extra = "") {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const sx = from.width / to.width;
  const sy = from.height / to.height;
  return `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px) scale(${sx.toFixed(3)}, ${sy.toFixed(3)})${extra}`;
}

export class TableMotion {
  constructor() {
    /** @type {Set<Animation>} flights in the air (their copies are removed when they end) */
    this.flights = new Set();
    this.runs = 0;
    /** @type {Set<string>} the kinds of animation started so far */
    this.kinds = new Set();
    /** @type {{where: string, until: number, flip: boolean}[]} cards whose flight has not landed */
    this.arriving = [];
  }

  /**
   * Animate node and count it.
   * @param {Element} node @param {Keyframe[]} frames @param {KeyframeAnimationOptions} options @param {string} id
   */
  run(node, frames, options, id) {
    const animation = node.animate(frames, { easing: EASE, ...options });
    animation.id = id;
    this.runs += 1;
    const root = document.documentElement;
    root.dataset.motionRuns = String(this.runs);
    if (!this.kinds.has(id)) {
      this.kinds.add(id);
      root.dataset.motionKinds = [...this.kinds].sort().join(" ");
    }
    return animation;
  }

  /** Where things are now, before the table is drawn again; null when nothing may move. @returns {Scene|null} */
  before() {
    if (!motionAllowed()) {
      this.land();
      return null;
    }
    /** @type {Map<string, DOMRect[]>} */
    const hand = new Map();
    for (const button of document.querySelectorAll("#hand .hand-card")) {
      const card = button.querySelector(".card");
      const name = button instanceof HTMLElement ? button.dataset.card : "";
      if (!card || !name) continue;
      // The visible place, part-way through a glide if one is running: the next glide goes on from there.
      hand.set(name, [...(hand.get(name) ?? []), card.getBoundingClientRect()]);
    }
    return { hand, stock: rectOf(".pile.stock .card"), opp: rectOf("#opp-hand-count") };
  }

  /** End every flight still in the air: its card is shown where it landed. */
  land() {
    for (const flight of this.flights) flight.cancel();
    this.flights.clear();
    this.arriving = [];
  }

  /**
   * A drawing with nothing new (a chosen card, the turn passing) made new copies of the cards
   * still arriving: keep those hidden (or edge-on) until their flights land.
   */
  keepArrivingHidden() {
    const now = performance.now();
    this.arriving = this.arriving.filter((arrival) => arrival.until > now);
    for (const { where, until, flip } of this.arriving) {
      const dest = document.querySelector(where);
      if (!dest) continue;
      const left = until - now;
      if (flip) {
        this.run(dest, [{ transform: "perspective(600px) rotateY(-90deg)" }, { transform: "perspective(600px) rotateY(0deg)" }],
          { duration: FLIP_MS, delay: left, fill: "backwards", easing: "ease-out" }, "motion-flip");
      } else {
        this.run(dest, [{ opacity: 0 }, { opacity: 0 }], { duration: left }, "motion-hide");
      }
    }
  }

  /**
   * After the table was drawn: move what changed since `scene` was taken.
   * @param {TableChanges} changes
   * @param {Scene|null} scene
   */
  after(changes, scene) {
    if (!scene || !motionAllowed()) return;
    if (!changes.dealt && !changes.moves.length && !changes.drawn.length && !changes.oppDrew) {
      this.keepArrivingHidden();
      this.glideHand(scene);
      return;
    }
    this.land();
    if (changes.dealt) {
      this.deal(scene);
      return;
    }
    const left = this.glideHand(scene);
    changes.moves.forEach((entry, i) => this.landMove(entry, scene, left, i * MOVE_STEP_MS));
    if (changes.oppDrew && scene.stock && scene.opp) this.oppDraw(scene.stock, scene.opp);
  }

  /** The new hand's cards fly in from the stock one after another. @param {Scene} scene */
  deal(scene) {
    if (!scene.stock) return;
    document.querySelectorAll("#hand .hand-card .card").forEach((card, i) => {
      const to = card.getBoundingClientRect();
      this.run(card, [{ transform: inverse(scene.stock, to), opacity: 0.6 }, { transform: "none", opacity: 1 }],
        { duration: DEAL_MS, delay: i * DEAL_STEP_MS, fill: "backwards" }, "motion-deal");
    });
  }

  /**
   * The hand's cards glide from their old places; new ones come from the stock.
   * @param {Scene} scene
   * @returns {Map<string, DOMRect[]>} the old places of cards no longer in the hand
   */
  glideHand(scene) {
    const old = new Map([...scene.hand].map(([name, rects]) => [name, [...rects]]));
    let fresh = 0;
    for (const button of document.querySelectorAll("#hand .hand-card")) {
      const card = button.querySelector(".card");
      const name = button instanceof HTMLElement ? button.dataset.card : "";
      if (!card || !name) continue;
      const to = card.getBoundingClientRect();
      const from = old.get(name)?.shift();
      if (from) {
        if (Math.abs(from.left - to.left) < 1 && Math.abs(from.top - to.top) < 1) continue;
        this.run(card, [{ transform: inverse(from, to) }, { transform: "none" }], { duration: SHIFT_MS }, "motion-shift");
      } else if (scene.stock) {
        this.run(card, [{ transform: inverse(scene.stock, to) }, { transform: "none" }],
          { duration: DRAW_MS, delay: fresh * DEAL_STEP_MS, fill: "backwards" }, "motion-draw");
        fresh += 1;
      }
    }
    return old;
  }

  /**
   * A move's card travels to its space or to the discard pile; a face-down card flips on landing.
   * @param {LogEntry} entry @param {Scene} scene @param {Map<string, DOMRect[]>} left @param {number} delay
   */
  landMove(entry, scene, left, delay) {
    const where = entry.kind === "play" ? `#${entry.square}-space-${entry.space} .card`
      : entry.kind === "discard" ? "#discard-target .card" : "";
    const dest = where ? document.querySelector(where) : null;
    if (!(dest instanceof HTMLElement)) return;
    const to = dest.getBoundingClientRect();
    if (!to.width || !to.height) return;
    const fromHand = entry.by === "own" && entry.card ? left.get(entry.card)?.shift() : undefined;
    const from = fromHand ?? (entry.by === "opp" && scene.opp ? cardBoxAt(scene.opp, to) : scene.stock);
    if (!from) return;
    const faceDown = dest.classList.contains("back");
    // The copy that flies shows what the mover knows: the person's own face-down card shows its face
    // until it turns over.
    const copy = faceDown && entry.by === "own" && entry.card ? renderCard(entry.card) : /** @type {HTMLElement} */ (dest.cloneNode(true));
    copy.classList.add("flight");
    copy.setAttribute("aria-hidden", "true");
    Object.assign(copy.style, {
      left: `${to.left}px`, top: `${to.top}px`, width: `${to.width}px`, height: `${to.height}px`,
      fontSize: getComputedStyle(dest).fontSize,
    });
    document.body.append(copy);
    const turn = faceDown ? " perspective(600px) rotateY(0deg)" : "";
    const travel = faceDown ? TRAVEL_MS + FLIP_MS / 2 : TRAVEL_MS;
    /** @type {Keyframe[]} */
    const frames = [{ transform: inverse(from, to, turn) }, { transform: inverse(to, to, turn), offset: TRAVEL_MS / travel }];
    if (faceDown) frames.push({ transform: inverse(to, to, " perspective(600px) rotateY(90deg)") });
    const flight = this.run(copy, frames, { duration: travel, delay, fill: "backwards" }, "motion-travel");
    this.track(flight, copy);
    this.arriving.push({ where, until: performance.now() + delay + travel, flip: faceDown });
    if (faceDown) {
      // The real card stands edge-on until the copy has turned, then completes the turn.
      this.run(dest, [{ transform: "perspective(600px) rotateY(-90deg)" }, { transform: "perspective(600px) rotateY(0deg)" }],
        { duration: FLIP_MS, delay: delay + travel, fill: "backwards", easing: "ease-out" }, "motion-flip");
    } else {
      this.run(dest, [{ opacity: 0 }, { opacity: 0 }], { duration: delay + travel }, "motion-hide");
    }
  }

  /** A card back goes from the stock to the computer's side. @param {DOMRect} stock @param {DOMRect} opp */
  oppDraw(stock, opp) {
    const to = cardBoxAt(opp, stock);
    const copy = renderCard(null, { up: false });
    copy.classList.add("flight");
    Object.assign(copy.style, { left: `${to.left}px`, top: `${to.top}px`, width: `${to.width}px`, height: `${to.height}px` });
    document.body.append(copy);
    const flight = this.run(copy, [{ transform: inverse(stock, to), opacity: 1 }, { transform: "none", opacity: 0 }],
      { duration: DRAW_MS, fill: "backwards" }, "motion-opp-draw");
    this.track(flight, copy);
  }

  /** Remove a flight's copy when it ends, however it ends. @param {Animation} flight @param {HTMLElement} copy */
  track(flight, copy) {
    this.flights.add(flight);
    const done = () => {
      copy.remove();
      this.flights.delete(flight);
    };
    flight.addEventListener("finish", done);
    flight.addEventListener("cancel", done);
  }
}
