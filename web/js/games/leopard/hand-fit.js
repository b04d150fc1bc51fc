// Fits the hand to the screen. Running Leopard lets a hand grow well past the 8 dealt cards, so
// the hand's card size and number of rows follow the number of cards: one row of smaller cards on
// landscape screens, more rows on portrait ones, never a card narrower than a 44 px touch target.
// The table's CSS reads the results (--hand-card-w, --hand-card-h, --hand-lines) to size the squares
// with the room that is left, so nothing needs scrolling.

const GAP = 6;
const MIN_WIDTH = 44;

/**
 * Set the hand's card size and rows on the table for count cards.
 * @param {HTMLElement} table the #table element
 * @param {number} count cards in the hand
 */
export function fitHand(table, count) {
  let probe = /** @type {HTMLElement|null} */ (table.querySelector(".hand-probe"));
  if (!probe) {
    // The card size the style sheet asks for at this screen size, before any fitting.
    probe = document.createElement("span");
    probe.className = "hand-probe";
    probe.setAttribute("aria-hidden", "true");
    table.append(probe);
  }
  const base = probe.getBoundingClientRect();
  if (!base.width || !base.height) return;
  const portrait = matchMedia("(orientation: portrait)").matches;
  const room = (table.querySelector(".hand-area")?.clientWidth ?? document.documentElement.clientWidth - 16) || 300;
  const perRow = (/** @type {number} */ width) => Math.max(1, Math.floor((room + GAP) / (width + GAP)));
  let width = base.width;
  if (!portrait && count > perRow(width)) width = Math.max(MIN_WIDTH, Math.floor((room + GAP) / count) - GAP);
  const lines = Math.max(portrait ? 2 : 1, Math.ceil(Math.max(count, 1) / perRow(width)));
  const height = Math.round(width * (base.height / base.width));
  table.style.setProperty("--hand-card-w", `${width}px`);
  table.style.setProperty("--hand-card-h", `${height}px`);
  table.style.setProperty("--hand-lines", String(lines));
}
