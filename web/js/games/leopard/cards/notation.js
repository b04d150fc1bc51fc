// Leopard notation for DISPLAY only: turns N1/N2/N4 text into plain data a diagram can draw at once,
// before Python is ready, and writes it back. It knows the shape of the notation, never a rule:
// values, scoring lines and legal moves always come from the engine (leopard_core.webapi).
//
// Glossary:
//   layer  -- {card: "7H" | null, up: true|false}; card null = a face-down card nobody told us about.
//   stack  -- array of layers, bottom to top (only the top one shows).
//   stacks -- nine stacks, spaces 1..9 (the same shape as the engine's `square` answer).

import { t } from "../../../platform/i18n/i18n.js";

/** A notation problem found while drawing, in the page's language (rules.notationError.*); the
 * engine's own message replaces it when it answers. */
export class NotationShapeError extends Error {}

/** Parse one card ("7H", "10d", "TS") into its printed form, or throw. */
export function parseCard(text) {
  const match = /^\s*(10|[2-9]|[AJQKT])([SHDC])\s*$/i.exec(String(text));
  if (!match) throw new NotationShapeError(t("rules.notationError.card", { text: String(text) }));
  let rank = match[1].toUpperCase();
  if (rank === "T") rank = "10";
  return rank + match[2].toUpperCase();
}

/** Parse one layer of a stack: "7H", "~JC" or "~". */
function parseLayer(text) {
  const layer = text.trim();
  if (layer === "~") return { card: null, up: false };
  if (layer.startsWith("~")) return { card: parseCard(layer.slice(1)), up: false };
  return { card: parseCard(layer), up: true };
}

/** Parse N2 text into nine stacks; throws NotationShapeError naming the part that is wrong. */
export function parseSquare(text) {
  const rows = String(text).trim().split("/");
  if (rows.length !== 3) throw new NotationShapeError(t("rules.notationError.rows", { count: rows.length }));
  const stacks = [];
  rows.forEach((row, r) => {
    const spaces = row.split(",");
    if (spaces.length !== 3) {
      throw new NotationShapeError(t("rules.notationError.spaces", { row: r + 1, count: spaces.length }));
    }
    spaces.forEach((space, c) => {
      const text = space.trim();
      if (text === "-") { stacks.push([]); return; }
      try {
        stacks.push(text.split(".").map(parseLayer));
      } catch (err) {
        throw new NotationShapeError(t("rules.notationError.space", { space: r * 3 + c + 1, detail: err.message }));
      }
    });
  });
  return stacks;
}

/** Nine stacks back to N2 text. */
export function formatSquare(stacks) {
  const spaces = stacks.map((stack) =>
    stack.length === 0 ? "-" : stack.map((l) => (l.up ? l.card : "~" + (l.card || ""))).join("."));
  return [0, 3, 6].map((i) => spaces.slice(i, i + 3).join(",")).join("/");
}

/** Parse a hand ("7H,KS" or "") into printed cards. */
export function parseHand(text) {
  const hand = String(text).trim();
  return hand === "" ? [] : hand.split(",").map(parseCard);
}

/** Parse N4 text into {own, opp, hand}. */
export function parsePosition(text) {
  const parts = String(text).split("|");
  if (parts.length !== 3) {
    throw new NotationShapeError(t("rules.notationError.parts", { count: parts.length }));
  }
  return { own: parseSquare(parts[0]), opp: parseSquare(parts[1]), hand: parseHand(parts[2]) };
}

/** {own, opp, hand} back to N4 text. */
export function formatPosition(position) {
  return `${formatSquare(position.own)} | ${formatSquare(position.opp)} | ${position.hand.join(",")}`;
}

/** Parse an N3 play ("7H to own 7") into {card, side, space}; null for discard/out/end/pass. */
export function parsePlay(text) {
  const match = /^(\S+) to (own|opp) ([1-9])$/.exec(text);
  return match ? { card: match[1], side: match[2], space: Number(match[3]) } : null;
}
