// Draws the Eleusis table from the engine's snapshot: the mainline left to right (wrapping inside
// its own box), each wrong play hanging under the mainline card it was played on, the starter and
// the prophet's marker marked, the 40-card mark of expulsion and the count towards the 30 cards
// after the marker; and the players: each computer player's cards, score and last play, whose turn.
// Right and wrong are shown by colour and motion and also by a mark and words (✓ / ✗), so colour is
// never the only cue. No rules here: what is right was decided by the engine.
//
// Glossary:
//   column   -- one mainline card and the wrong plays hanging under it (plays with at = index + 1).
//   fresh    -- plays not drawn before: they arrive with a short motion (none when the person
//               prefers reduced motion, see eleusis.css).

import { el } from "../../platform/dom.js";
import { cardName, t } from "../../platform/i18n/i18n.js";
import { cardShort } from "../../cards/cards.js";
import { isRed, levelName, personOf, seatName } from "./words.js";

/** @typedef {import("./types.js").EleusisSnapshot} EleusisSnapshot */
/** @typedef {import("./types.js").EleusisPlay} EleusisPlay */

const MAINLINE_EXPULSION = 40;
const MARKER_EXPULSION = 30;

/**
 * A card as drawn on the table. @param {string} card @param {string} [extra] more classes
 * @returns {HTMLElement}
 */
export function cardElement(card, extra = "") {
  const node = el("span", `card ${isRed(card) ? "red" : "black"} ${extra}`.trim(), cardShort(card));
  node.dataset.card = card;
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", cardName(card));
  return node;
}

/** The cards played after the prophet's marker, right and wrong (E7.5, E8.1). @param {EleusisSnapshot} snap */
export function cardsAfterMarker(snap) {
  if (snap.marker === null) return 0;
  const right = snap.mainline.length - 1 - snap.marker;
  const wrong = snap.plays.filter((p) => !p.right && p.at > snap.marker)
    .reduce((sum, p) => sum + p.cards.length, 0);
  return right + wrong;
}

/**
 * Where the mainline's box shows its end: the newest card's row at the top (its wrong cards below
 * as far as they fit), or the bottom when that shows it whole. Not simply the bottom: on a short
 * screen the bottom of a single row is its hanging wrong cards, and the row itself is out of sight.
 * @param {HTMLElement} box
 */
function endOf(box) {
  const last = box.querySelector(".mainline > .column:last-child");
  const bottom = box.scrollHeight - box.clientHeight;
  if (!last) return bottom;
  const padding = parseFloat(getComputedStyle(box).paddingTop) || 0;
  const row = last.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop - padding;
  return Math.max(0, Math.min(bottom, Math.round(row)));
}

/** Whether the mainline's box shows its end (or further down). @param {HTMLElement} box */
function atEnd(box) {
  return box.scrollTop >= endOf(box) - 8;
}

export class TableView {
  /**
   * @param {{mainline: HTMLElement, box: HTMLElement, players: HTMLElement, expulsion: HTMLElement}} nodes
   */
  constructor(nodes) {
    this.nodes = nodes;
    this.drawnPlays = -1; // -1: the first drawing has no motion
    this.hand = -1;
    // The mainline's box follows its end (the newest card) until the person scrolls it back, also
    // when the box shrinks after a drawing (the status line grows, the hand is drawn again): a
    // kept scroll position would cut the newest card in half on a short screen.
    // Only the person's own scrolling (a wheel, a touch, a pointer or a key on the box since the last
    // drawing) says where they want to be: a scroll event of the page's own scrolling arrives a frame
    // later, perhaps after the mainline grew or the box shrank, and is not at the end then.
    this.followEnd = true;
    this.personScrolls = false;
    const { box } = nodes;
    for (const kind of ["wheel", "touchstart", "pointerdown", "keydown"]) {
      box.addEventListener(kind, () => { this.personScrolls = true; }, { passive: true });
    }
    box.addEventListener("scroll", () => {
      if (this.personScrolls) this.followEnd = atEnd(box);
    }, { passive: true });
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(() => { if (this.followEnd) this.scrollToEnd(); }).observe(box);
    }
  }

  /** Show the mainline's end (see endOf). */
  scrollToEnd() {
    const { box } = this.nodes;
    box.scrollTop = endOf(box);
    this.followEnd = true;
  }

  /** @param {EleusisSnapshot} snap */
  update(snap) {
    const first = this.drawnPlays < 0 || this.hand !== snap.hand_number;
    const fresh = first ? snap.plays.length : this.drawnPlays;
    this.drawMainline(snap, fresh);
    this.drawPlayers(snap);
    this.drawExpulsion(snap);
    this.drawnPlays = snap.plays.length;
    this.hand = snap.hand_number;
  }

  /** @param {EleusisSnapshot} snap @param {number} fresh plays from this index on arrive now */
  drawMainline(snap, fresh) {
    const { mainline } = this.nodes;
    const rightFresh = new Set();
    snap.plays.forEach((play, index) => {
      if (index >= fresh && play.right) play.cards.forEach((_, k) => rightFresh.add(play.at + k));
    });
    const columns = snap.mainline.map((card, index) => {
      const marks = [];
      const classes = ["column"];
      if (index === 0) marks.push(el("span", "mark starter", t("eleusis.table.starter")));
      if (snap.marker === index) marks.push(el("span", "mark marker", t("eleusis.table.marker")));
      // The 40 cards count only while nobody is the prophet; with one, the 30 after the marker do (E8.1).
      if (index === MAINLINE_EXPULSION - 1 && snap.game === "eleusis" && snap.prophet === null) {
        classes.push("mark-40");
        marks.push(el("span", "mark forty", t("eleusis.table.mark40")));
      }
      const top = cardElement(card, `mainline-card${rightFresh.has(index) ? " arrive right" : ""}`);
      const hanging = snap.plays
        .map((play, at) => ({ play, at }))
        .filter(({ play }) => !play.right && play.at === index + 1)
        .map(({ play, at }) => this.wrongPlay(play, at, at >= fresh));
      const column = el("li", classes.join(" "), el("div", "marks", ...marks), top, el("ul", "sideline", ...hanging));
      column.dataset.index = String(index);
      return column;
    });
    const follow = this.followEnd;
    this.personScrolls = false; // a new drawing: the scrolling that follows it is the page's
    mainline.replaceChildren(...columns);
    mainline.setAttribute("aria-label", t("eleusis.table.mainlineCount", { count: snap.mainline.length }));
    if (follow || fresh < snap.plays.length) this.scrollToEnd();
  }

  /**
   * A wrong play hanging under a mainline card: its cards (a string together), ✗ and who.
   * @param {EleusisPlay} play @param {number} at its index in the snapshot's plays @param {boolean} fresh
   */
  wrongPlay(play, at, fresh) {
    const cards = play.cards.map((card) => cardElement(card, "wrong-card"));
    const item = el("li", `wrong${play.cards.length > 1 ? " string" : ""}${fresh ? " arrive" : ""}`,
      el("span", "verdict", "✗"), ...cards);
    item.title = t("eleusis.table.wrongBy", { who: seatName(play.seat), person: personOf(play.seat), cards: play.cards });
    item.setAttribute("aria-label", item.title);
    item.dataset.seat = String(play.seat);
    item.dataset.play = String(at);
    return item;
  }

  /** @param {EleusisSnapshot} snap */
  drawPlayers(snap) {
    const rows = [];
    for (let seat = 0; seat < snap.seats; seat++) {
      const last = [...snap.plays].reverse().find((p) => p.seat === seat);
      const lastText = last
        ? t(last.right ? "eleusis.player.lastRight" : "eleusis.player.lastWrong", { cards: last.cards })
        : t("eleusis.player.noPlay");
      const badges = [];
      if (snap.prophet === seat) badges.push(el("span", "badge prophet", t("eleusis.player.prophet")));
      if (snap.expelled.includes(seat)) badges.push(el("span", "badge expelled", t("eleusis.player.expelled")));
      // A seat that deals sits the hand out (E13); waiting to deal is not a turn to play.
      if (snap.dealer === seat && !snap.over) badges.push(el("span", "badge dealer", t("eleusis.player.dealer")));
      const moving = snap.to_move === seat && !snap.over && snap.phase !== "deal";
      if (moving) badges.push(el("span", "badge to-move", t("eleusis.player.toMove")));
      const row = el("li", `player${moving ? " moving" : ""}${seat === 0 ? " you" : ""}`,
        el("span", "who", seatName(seat)),
        el("span", "level", levelName(snap.levels[seat] ?? null)),
        // Between two hands of a whole game nothing is dealt yet: no count to show.
        el("span", "count", seat < snap.hand_counts.length ? t("eleusis.player.cards", { count: snap.hand_counts[seat] }) : ""),
        el("span", "score", t("eleusis.player.score", { count: snap.totals[seat] ?? 0 })),
        el("span", `last${last ? (last.right ? " right" : " wrong") : ""}`, lastText),
        ...badges);
      row.dataset.seat = String(seat);
      rows.push(row);
    }
    this.nodes.players.replaceChildren(...rows);
  }

  /** The expulsion's progress (Eleusis): 40 cards on the mainline, or 30 after the marker. @param {EleusisSnapshot} snap */
  drawExpulsion(snap) {
    const node = this.nodes.expulsion;
    if (snap.game !== "eleusis") {
      node.hidden = true;
      return;
    }
    node.hidden = false;
    node.classList.toggle("now", snap.expulsion);
    if (snap.expulsion) node.textContent = t("eleusis.table.expulsionNow");
    else if (snap.marker !== null) {
      node.textContent = t("eleusis.table.towards30", { count: cardsAfterMarker(snap), goal: MARKER_EXPULSION });
    } else {
      node.textContent = t("eleusis.table.towards40", { count: snap.mainline.length, goal: MAINLINE_EXPULSION });
    }
  }
}
