// "You deal": the person builds the secret rule and sees how hard it is and whether the dealer
// would refuse it (a dead end, almost every card, almost none, E2.4) before dealing it. The play
// page's new-game dialog embeds it and starts the hand with eleusis.new {rule} in onStart.
//
//   const youDeal = createYouDeal({ engine, t, lang, onStart: (rule) => startWith(rule) });
//   dialogBody.append(youDeal.element);
//
// With onLink, a second button, "Copy a classroom link", hands the rule to onLink instead (the
// teacher's link, teacher-link.js); it is enabled when Start is. onBuilt is called after each change
// of the rule being built (the page keeps it: drafts.js).

import { el } from "../../platform/dom.js";
import { createRuleBuilder } from "./rule-builder.js";

/**
 * @param {{engine: import("./rule-builder.js").EngineLike, t: (key: string, params?: object) => string,
 *   lang: string | (() => string), onStart: (notation: string) => void, initial?: string,
 *   onLink?: (notation: string) => void, onBuilt?: () => void}} options
 */
export function createYouDeal({ engine, t, lang, onStart, initial, onLink, onBuilt = () => {} }) {
  // The New game dialog hides its own Start while the person deals: this is its main action then.
  const start = el("button", "yd-start primary", t("eleusisLab.youDeal.start"));
  start.type = "button";
  start.disabled = true;
  const link = onLink ? el("button", "yd-link", t("eleusis.classroom.copyLink")) : null;
  if (link) {
    link.type = "button";
    link.id = "copy-classroom-link";
  }
  const ready = (/** @type {boolean} */ on) => {
    start.disabled = !on;
    if (link) link.disabled = !on;
  };
  ready(false);
  const why = el("p", "yd-why", t("eleusisLab.youDeal.build"));
  why.setAttribute("aria-live", "polite");
  const builder = createRuleBuilder({
    engine, t, lang, report: true, initial,
    onChange: () => {
      onBuilt();
      ready(false);
      why.textContent = t(builder?.rule() ? "eleusisLab.youDeal.checking" : "eleusisLab.youDeal.build");
    },
    onDescribed: (described) => {
      const playable = Boolean(described?.playable);
      ready(playable);
      why.textContent = !described ? t("eleusisLab.youDeal.build")
        : t(playable ? "eleusisLab.youDeal.ready" : "eleusisLab.youDeal.refused");
    },
  });
  start.addEventListener("click", () => {
    const rule = builder.rule();
    if (rule && !start.disabled) onStart(rule);
  });
  link?.addEventListener("click", () => {
    const rule = builder.rule();
    if (rule && !link.disabled && onLink) onLink(rule);
  });
  const element = el("section", "lab-you-deal",
    el("p", "yd-intro", t("eleusisLab.youDeal.intro")), builder.element, why, start, ...(link ? [link] : []));
  return { element, builder };
}
