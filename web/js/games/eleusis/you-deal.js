// "You deal": the person builds the secret rule and sees how hard it is and whether the dealer
// would refuse it (a dead end, almost every card, almost none, E2.4) before dealing it. The play
// page's new-game dialog embeds it and starts the hand with eleusis.new {rule} in onStart.
//
//   const youDeal = createYouDeal({ engine, t, lang, onStart: (rule) => startWith(rule) });
//   dialogBody.append(youDeal.element);

import { el } from "../../platform/dom.js";
import { createRuleBuilder } from "./rule-builder.js";

/**
 * @param {{engine: import("./rule-builder.js").EngineLike, t: (key: string, params?: object) => string,
 *   lang: string | (() => string), onStart: (notation: string) => void, initial?: string}} options
 */
export function createYouDeal({ engine, t, lang, onStart, initial }) {
  const start = el("button", "yd-start", t("eleusisLab.youDeal.start"));
  start.type = "button";
  start.disabled = true;
  const why = el("p", "yd-why", t("eleusisLab.youDeal.build"));
  why.setAttribute("aria-live", "polite");
  const builder = createRuleBuilder({
    engine, t, lang, report: true, initial,
    onChange: () => {
      start.disabled = true;
      why.textContent = t(builder?.rule() ? "eleusisLab.youDeal.checking" : "eleusisLab.youDeal.build");
    },
    onDescribed: (described) => {
      const playable = Boolean(described?.playable);
      start.disabled = !playable;
      why.textContent = !described ? t("eleusisLab.youDeal.build")
        : t(playable ? "eleusisLab.youDeal.ready" : "eleusisLab.youDeal.refused");
    },
  });
  start.addEventListener("click", () => {
    const rule = builder.rule();
    if (rule && !start.disabled) onStart(rule);
  });
  const element = el("section", "lab-you-deal",
    el("p", "yd-intro", t("eleusisLab.youDeal.intro")), builder.element, why, start);
  return { element, builder };
}
