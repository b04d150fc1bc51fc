// Think aloud: what each computer player thinks now, in the page's language and in plain sentences
// (off by default; the top bar's "Think aloud" opens it). From the engine's eleusis.explain, one
// block per player read from one belief state (explanation.py): its first sentence (what it leans
// towards or believes, or that no rule it can imagine fits), what it believes with the weights
// (the likeliest rules, the other rules it can imagine, a rule it cannot imagine: they sum to
// 100 %), what it is sure does not matter, a verdict that ruled a rule out, and its play: with its
// chance (the sum of the weights that say the play is right) while its play waits for a verdict,
// told as a fact once judged.
// Players of the same level who think the same are said once ("Computers 2 and 3 think the same"),
// with each one's own play under the shared thoughts.
// Asked only while the panel is open, so a closed panel costs nothing.

import { el } from "../../platform/dom.js";
import { t } from "../../platform/i18n/i18n.js";
import { levelName, messageWords, quotedRule, seatName } from "./words.js";

/** The levels whose way of thinking a block says under its heading (``eleusis.think.how.*``). */
const THINKING_LEVELS = ["novice", "scientist", "expert"];

/** @typedef {import("./types.js").EleusisSnapshot} EleusisSnapshot */
/** @typedef {import("./types.js").Explanation} Explanation */
/** @typedef {import("./types.js").Wordings} Wordings */
/** @typedef {{seat: number, level: string|null, explanation: Explanation, wordings: Wordings}} Thinker */

/**
 * What a block thinks, apart from its own play: two players with the same key think the same.
 * @param {string|null} level @param {Explanation} explanation
 */
export function thinkingKey(level, explanation) {
  const { belief, rules, rest, beyond, irrelevant, ruled_out: ruledOut } = explanation;
  const shown = (rules ?? []).map((rule) => [rule.notation, rule.shown]);
  return JSON.stringify([level, belief ?? null, shown, rest?.shown ?? null, beyond?.shown ?? null,
    irrelevant ?? [], ruledOut ?? null]);
}

/**
 * The players in groups of the same level that think the same, in seat order (a random player
 * has no theory and is never grouped).
 * @template {{level: string|null, explanation: Explanation}} T
 * @param {T[]} thinkers @returns {T[][]}
 */
export function groupAlike(thinkers) {
  /** @type {Map<string, T[]>} */
  const groups = new Map();
  thinkers.forEach((thinker, index) => {
    const key = thinker.level === "random" ? `random ${index}` : thinkingKey(thinker.level, thinker.explanation);
    const group = groups.get(key);
    if (group) group.push(thinker);
    else groups.set(key, [thinker]);
  });
  return [...groups.values()];
}

/** The number of a computer player in its name ("Computer 2" -> 2), from its seat. @param {number} seat */
function computerNumber(seat) {
  const name = seatName(seat);
  const digits = name.match(/\d+$/);
  return digits ? Number(digits[0]) : seat;
}

/**
 * The sentences of the shared thoughts of a block.
 * @param {Explanation} explanation @param {Wordings} wordings @returns {HTMLElement[]}
 */
function sharedParts(explanation, wordings) {
  /** @type {HTMLElement[]} */
  const parts = [];
  if (explanation.belief) parts.push(el("p", "belief", messageWords(explanation.belief, wordings)));
  const rules = explanation.rules ?? [];
  if (rules.length || (explanation.beyond?.shown ?? 0) > 0) {
    const items = rules.map((rule) => {
      // The rule without its own full stop, so that its weight reads as part of it.
      const text = t("eleusis.think.chance", { rule: quotedRule(rule.notation, wordings), chance: rule.shown });
      if (rule.accepts === true) return el("li", "says-yes", t("eleusis.think.saysYes", { text }));
      if (rule.accepts === false) return el("li", "says-no", t("eleusis.think.saysNo", { text }));
      return el("li", "", text);
    });
    if ((explanation.rest?.shown ?? 0) > 0) items.push(el("li", "rest", t("eleusis.think.rest", { chance: explanation.rest?.shown ?? 0 })));
    if ((explanation.beyond?.shown ?? 0) > 0) items.push(el("li", "other", t("eleusis.think.beyond", { chance: explanation.beyond?.shown ?? 0 })));
    parts.push(el("p", "think-label", t("eleusis.think.likely")));
    parts.push(el("ul", "likely", ...items));
  }
  const irrelevant = explanation.irrelevant ?? [];
  if (irrelevant.length) {
    parts.push(el("p", "think-label", t("eleusis.think.irrelevant")));
    parts.push(el("ul", "irrelevant", ...irrelevant.map((msg) => el("li", "", messageWords(msg, wordings)))));
  }
  if (explanation.ruled_out) parts.push(el("p", "ruled-out", messageWords(explanation.ruled_out, wordings)));
  return parts;
}

/**
 * A player's own play: with its chance and the parts of it (while it waits for its verdict), or
 * as a judged fact; prefixed with the player's name when several share the block.
 * @param {Thinker} thinker @param {boolean} named @returns {HTMLElement[]}
 */
function ownParts(thinker, named) {
  const { explanation, wordings, seat } = thinker;
  /** @param {string} text */
  const said = (text) => (named ? t("eleusis.think.whose", { who: seatName(seat), text }) : text);
  if (explanation.choice) {
    const choice = explanation.choice;
    const parts = { code: "eleusis.choice.parts", params: choice.params ?? {} };
    return [el("p", "choice", said(messageWords(choice, wordings))), el("p", "choice-parts", messageWords(parts, wordings))];
  }
  if (explanation.played) return [el("p", "choice", said(messageWords(explanation.played, wordings)))];
  return [];
}

/**
 * How a level thinks, in a sentence (players.py, *level*): what it imagines and how it chooses its
 * cards; null for a player with no theory (random) or no level.
 * @param {string|null} level @returns {string|null}
 */
export function howItThinks(level) {
  return level && THINKING_LEVELS.includes(level) ? t(`eleusis.think.how.${level}`) : null;
}

/**
 * One group of computer players that think the same, as a section.
 * @param {Thinker[]} group
 */
export function thoughts(group) {
  const [first] = group;
  const level = first.level;
  const title = group.length > 1
    ? t("eleusis.think.same", { numbers: group.map((g) => String(computerNumber(g.seat))), level: levelName(level) })
    : t("eleusis.think.player", { who: seatName(first.seat), level: levelName(level) });
  const heading = el("h3", "", title);
  if (level === "random") return el("section", "thinker", heading, el("p", "", t("eleusis.think.random")));
  const said = howItThinks(level);
  const how = said ? [el("p", "level-how", said)] : [];
  const own = group.flatMap((thinker) => ownParts(thinker, group.length > 1));
  const section = el("section", "thinker", heading, ...how, ...sharedParts(first.explanation, first.wordings), ...own);
  section.dataset.seats = group.map((g) => g.seat).join(" ");
  return section;
}

export class ThinkAloud {
  /**
   * @param {HTMLElement} panel
   * @param {HTMLElement} body
   * @param {import("../../platform/engine/client.js").Engine} engine
   */
  constructor(panel, body, engine) {
    this.panel = panel;
    this.body = body;
    this.engine = engine;
    this.shownFor = "";
    this.asking = 0;
  }

  get open() {
    return !this.panel.hidden;
  }

  /** Open or close; the snapshot to explain. @param {boolean} open @param {EleusisSnapshot|null} snap */
  toggle(open, snap) {
    this.panel.hidden = !open;
    this.shownFor = "";
    if (open && snap) this.update(snap);
  }

  /** Ask every computer player again when the table changed. @param {EleusisSnapshot} snap */
  async update(snap) {
    if (!this.open) return;
    const at = `${snap.hand_number}:${snap.log_size}:${snap.turns}`;
    if (at === this.shownFor) return;
    this.shownFor = at;
    const asking = ++this.asking;
    /** @type {Thinker[]} */
    const thinkers = [];
    /** @type {HTMLElement[]} */
    const silent = [];
    for (let seat = 1; seat < snap.seats; seat++) {
      if (snap.levels[seat] === null) continue; // a person of a classroom game
      if (seat === snap.dealer) continue; // a whole game's dealer knows the rule: it is not hunting (E13)
      try {
        const answer = await this.engine.call("eleusis.explain", { seat });
        thinkers.push({ seat, level: snap.levels[seat] ?? null, explanation: answer.explanation, wordings: answer.wordings ?? {} });
      } catch {
        silent.push(el("p", "", t("eleusis.think.unavailable", { who: seatName(seat) })));
      }
    }
    if (asking !== this.asking) return; // a newer table is being explained
    this.body.replaceChildren(...groupAlike(thinkers).map(thoughts), ...silent);
    this.body.dataset.at = at;
  }
}
