// The Leopard page's dialogs, wired to the page: all discards, statistics, the rules, New game
// (settings), the end of a hand and the end of the game. Each dialog's content is drawn by its own
// module (hand-end-dialog.js, settings-dialog.js, rules-dialog.js, stats-dialog.js); this module
// only opens, closes and acts on their buttons.

import { byId, button, dialog } from "../../platform/dom.js";
import { clearNotices, showNotice } from "../../platform/notice.js";
import { t } from "../../platform/i18n/i18n.js";
import { KEYS } from "../../platform/storage.js";
import { cardName, renderCard } from "../../cards/cards.js";
import { showEnd, showHandEnd, showResult } from "./hand-end-dialog.js";
import { chosenSettings, fillSettings, savedSettings, showVariantHint, wireOpponentChoice } from "./settings-dialog.js";
import { opponentOf } from "./players.js";
import { renderRulesDialog } from "./rules-dialog.js";

/** @typedef {import("./page-context.js").LeopardPage} LeopardPage */

/** Wire every dialog's buttons. @param {LeopardPage} page */
export function wireDialogs(page) {
  const { loop } = page;
  button("show-discards").addEventListener("click", () => {
    const list = byId("discards-list");
    const discards = loop.snap?.discards ?? [];
    list.replaceChildren(...discards.map((card) => {
      const li = document.createElement("li");
      li.append(renderCard(card));
      li.setAttribute("aria-label", cardName(card));
      return li;
    }));
    if (!discards.length) list.append(Object.assign(document.createElement("li"), { textContent: t("game.noDiscards") }));
    dialog("discards-dialog").showModal();
  });
  button("discards-close").addEventListener("click", () => dialog("discards-dialog").close());
  button("open-stats").addEventListener("click", () => {
    /** @type {HTMLDetailsElement} */ (byId("more-menu")).open = false;
    page.statsDialog.open();
  });
  button("settings-stats").addEventListener("click", () => {
    dialog("settings").close();
    page.statsDialog.open();
  });
  button("settings-tutorial").addEventListener("click", () => {
    dialog("settings").close();
    page.tutorial.start();
  });
  button("open-rules").addEventListener("click", () => {
    renderRulesDialog(byId("rules-body"), loop.snap?.variant ?? "standard", { hands: loop.snap?.game.hands });
    dialog("rules").showModal();
  });
  button("rules-close").addEventListener("click", () => dialog("rules").close());
  button("open-settings").addEventListener("click", () => {
    fillSettings(page.levels(), savedSettings(page.storage, page.levels()), loop.snap);
    dialog("settings").showModal();
  });
  byId("set-variant").addEventListener("change", showVariantHint);
  wireOpponentChoice();
  button("settings-cancel").addEventListener("click", () => dialog("settings").close());
  byId("settings-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!loop.snap) return; // cannot happen: New game… is disabled until a game is on the table
    const settings = chosenSettings();
    clearNotices();
    const kept = page.storage.write(KEYS.settings, JSON.stringify(settings));
    if (!kept.ok) showNotice(t("game.notice.settingsNotKept", { reason: kept.reason }));
    dialog("settings").close();
    dialog("hand-end").close();
    dialog("result").close();
    page.newGameFromSettings(settings);
  });
  button("review-table").addEventListener("click", () => dialog("hand-end").close());
  button("show-result").addEventListener("click", () => showEnd(loop.snap));
  button("next-hand").addEventListener("click", () => {
    dialog("hand-end").close();
    loop.nextHand();
  });
  button("back-to-result").addEventListener("click", () => showResult(loop.snap));
  button("hand-end-review").addEventListener("click", () => page.review());
  button("result-review-game").addEventListener("click", () => page.review());
  button("result-review").addEventListener("click", () => dialog("result").close());
  button("result-last-hand").addEventListener("click", () => {
    dialog("result").close();
    showHandEnd(loop.snap);
  });
  button("change-settings").addEventListener("click", () => {
    dialog("result").close();
    fillSettings(page.levels(), savedSettings(page.storage, page.levels()), loop.snap);
    dialog("settings").showModal();
  });
  button("new-game").addEventListener("click", () => {
    dialog("result").close();
    clearNotices();
    const { variant, level, game, undo_allowed: undo } = loop.snap;
    page.newGameFromSettings({ variant, level, hands: game.hands, undo, ...opponentOf(loop.snap) });
  });
  wireNarrowMenuItems();
}

/**
 * On narrow screens Rules and New game… live in the More menu (assist.css): its copies of them
 * close the menu and do what the top bar's buttons do.
 */
function wireNarrowMenuItems() {
  for (const [copy, original] of [["more-new-game", "open-settings"], ["more-rules", "open-rules"]]) {
    button(copy).addEventListener("click", () => {
      /** @type {HTMLDetailsElement} */ (byId("more-menu")).open = false;
      button(original).click();
    });
  }
}
