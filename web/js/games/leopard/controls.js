// The Leopard table's own controls: go out, end the turn, the discard pile as a target, and Escape
// to put a chosen card back. They only pass the person's choice to the turn loop (legality is the
// engine's: a click on something not lit is explained, never decided, here).

import { button } from "../../platform/dom.js";
import { t } from "../../platform/i18n/i18n.js";

/** @typedef {import("./page-context.js").LeopardPage} LeopardPage */

/** Wire the table's buttons and keys. @param {LeopardPage} page */
export function wireTableControls(page) {
  const { loop } = page;
  button("go-out").addEventListener("click", () => page.playFromTable("out"));
  button("end-turn").addEventListener("click", () => page.playFromTable("end"));
  button("discard-target").addEventListener("click", () => {
    const card = loop.yourTurn && loop.selected !== null ? loop.snap.hand[loop.selected] : null;
    if (card && loop.snap.legal_moves.includes(`discard ${card}`)) page.playFromTable(`discard ${card}`);
    else page.explainMiss("discard");
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && loop.selected !== null && !document.querySelector("dialog[open]")) {
      const index = loop.selected;
      loop.selected = null;
      page.focusNext(`#hand-card-${index}`);
      page.announce(t("game.choose.nothing"));
      page.render();
    }
  });
}
