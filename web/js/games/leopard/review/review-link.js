// A finished game's review handed to the game's page by its address: the embed's play board (a
// frame on another site, with no dialog of its own for a review) links to
// index.html#review=<the finished game's session save>, and the page opens that game's review.
// The save of a finished game holds nothing the person may not see any more (its seeds are in
// every statistics record already); it stays in the address's fragment, which no server receives,
// and the page drops it from the address once read.
//
// Example: reviewLink("{...}", "https://site/embed.html") -> "https://site/index.html#review=%7B...%7D";
//   on that page, takeReviewFromAddress() -> "{...}" (and the address is index.html again).

import { addressWithout } from "../../../platform/link-input.js";

const MARK = "#review=";

/** The address of the game page reviewing a finished game's save. @param {string} save @param {string} from an address of the site */
export function reviewLink(save, from) {
  return new URL(`index.html${MARK}${encodeURIComponent(save)}`, from).href;
}

/** The save a review link brought, or null; the address is cleaned either way. @returns {string|null} */
export function takeReviewFromAddress() {
  if (!location.hash.startsWith(MARK)) return null;
  /** @type {string|null} */
  let text;
  try {
    text = decodeURIComponent(location.hash.slice(MARK.length));
  } catch {
    text = null; // a damaged link: the engine is not asked
  }
  history.replaceState(null, "", addressWithout(location.search));
  return text;
}

/** The review store's id of a linked game: the same save, the same id (its verdicts are kept). @param {string} text */
export function linkedGameId(text) {
  let digest = 5381;
  for (const char of text) digest = ((digest * 33) ^ char.charCodeAt(0)) >>> 0;
  return `linked-${digest.toString(36)}-${text.length.toString(36)}`;
}
