// The embed's sentences that are built from the engine's answers, in the frame's language (every
// text is a key of the catalog's `embed` section): a square's value, where a card may go, and what
// to say when the engine refuses something.

import { errorText, t, tMsg } from "../i18n/i18n.js";
import { isMsg } from "../i18n/catalog.js";

/** One sentence for a square's value: raw value, and the hand score when the bonus adds to it. */
export function valueSentence(info) {
  if (info.raw === 0) return t("embed.value.nothing");
  if (info.bonus > 0) return t("embed.value.worthBonus", { count: info.raw, score: info.score });
  return t("embed.value.worth", { count: info.raw });
}

/**
 * "your spaces 1, 2 and 7 and the opponent's space 5" for a list of parsed plays ("" for none).
 * @param {{side: string, space: number}[]} plays
 */
export function placesSentence(plays) {
  /** @param {"own"|"opp"} side */
  const group = (side) => {
    const spaces = plays.filter((p) => p.side === side).map((p) => p.space);
    if (!spaces.length) return "";
    const params = { spaces: spaces.slice(0, -1).join(", "), last: spaces[spaces.length - 1] };
    const many = spaces.length > 1 ? "Many" : "One";
    return t(`embed.places.${side}${many}`, params);
  };
  const own = group("own");
  const opp = group("opp");
  return own && opp ? t("embed.places.both", { own, opp }) : own || opp;
}

/**
 * What went wrong, for the reader: the engine's own words in the frame's language when it sent a
 * message ({code, params}); a refusal from an engine that sends none yet keeps its (English) words;
 * an engine that could not start, or anything else, is said in the frame's language.
 * @param {any} err
 */
export function problemText(err) {
  if (isMsg(err?.msg)) return tMsg(err.msg);
  if (err?.kind === "engine_down") return t("embed.problem.engineDown", { detail: err.message });
  if (err?.kind) return err.message;
  return errorText(err);
}
