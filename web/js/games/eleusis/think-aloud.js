// Think aloud: what each computer player thinks now, in the page's language and in plain sentences
// (off by default; the top bar's "Think aloud" opens it). From the engine's eleusis.explain: its
// likeliest rules with their chances (the rules in words, from the answer's wordings), what it is
// sure does not matter, the last verdict that ruled a rule out, and why it chose its card.
// Asked only while the panel is open, so a closed panel costs nothing.

import { el } from "../../platform/dom.js";
import { t } from "../../platform/i18n/i18n.js";
import { levelName, messageWords, ruleWords, seatName } from "./words.js";

/** @typedef {import("./types.js").EleusisSnapshot} EleusisSnapshot */
/** @typedef {import("./types.js").Explanation} Explanation */

/** A chance as a whole percentage ("97 %"). @param {number} chance */
const percent = (chance) => Math.round(chance * 100);

/**
 * One computer player's thoughts as sentences.
 * @param {number} seat @param {string|null} level
 * @param {Explanation} explanation @param {import("./types.js").Wordings} wordings
 */
export function thoughts(seat, level, explanation, wordings) {
  const title = el("h3", "", t("eleusis.think.player", { who: seatName(seat), level: levelName(level) }));
  if (level === "random") return el("section", "thinker", title, el("p", "", t("eleusis.think.random")));
  /** @type {HTMLElement[]} */
  const parts = [title];
  if (explanation.belief) parts.push(el("p", "belief", messageWords(explanation.belief, wordings)));
  const rules = explanation.rules ?? [];
  if (rules.length) {
    parts.push(el("p", "think-label", t("eleusis.think.likely")));
    parts.push(el("ul", "likely", ...rules.map((rule) => el("li", "",
      t("eleusis.think.chance", { rule: ruleWords(rule.notation, wordings), chance: percent(rule.chance) })))));
    if ((explanation.other_chance ?? 0) >= 0.01) {
      parts.push(el("p", "other", t("eleusis.think.otherRule", { chance: percent(explanation.other_chance) })));
    }
  }
  const irrelevant = explanation.irrelevant ?? [];
  if (irrelevant.length) {
    parts.push(el("p", "think-label", t("eleusis.think.irrelevant")));
    parts.push(el("ul", "irrelevant", ...irrelevant.map((msg) => el("li", "", messageWords(msg, wordings)))));
  }
  if (explanation.ruled_out) parts.push(el("p", "ruled-out", messageWords(explanation.ruled_out, wordings)));
  if (explanation.choice) parts.push(el("p", "choice", messageWords(explanation.choice, wordings)));
  return el("section", "thinker", ...parts);
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
    const sections = [];
    for (let seat = 1; seat < snap.seats; seat++) {
      if (snap.levels[seat] === null) continue; // a person of a classroom game
      if (seat === snap.dealer) continue; // a whole game's dealer knows the rule: it is not hunting (E13)
      try {
        const answer = await this.engine.call("eleusis.explain", { seat });
        sections.push(thoughts(seat, snap.levels[seat] ?? null, answer.explanation, answer.wordings ?? {}));
      } catch {
        sections.push(el("p", "", t("eleusis.think.unavailable", { who: seatName(seat) })));
      }
    }
    if (asking !== this.asking) return; // a newer table is being explained
    this.body.replaceChildren(...sections);
    this.body.dataset.at = at;
  }
}
