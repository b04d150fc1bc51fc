// What the embed says when something goes wrong, in the frame's language. (A square's value and
// where a card may go are the rules page's sentences: ../games/leopard/cards/diagram.js.)

import { errorText, t } from "../platform/i18n/i18n.js";
import { isMsg } from "../platform/i18n/catalog.js";

/**
 * What went wrong, for the reader: the engine's own words in the frame's language (it sends every
 * refusal as a message {code, params}); an engine that could not start, or anything else, is said
 * in the frame's language too.
 * @param {any} err
 */
export function problemText(err) {
  if (!isMsg(err?.msg) && err?.kind === "engine_down") return t("embed.problem.engineDown", { detail: err.message });
  return errorText(err);
}
