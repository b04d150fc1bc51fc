// Where a floating panel may lie without covering what it talks about. Pure geometry, no DOM: the
// guided hand's panel (tutorial.js) gives its size, the boxes it must leave visible (the card it
// asks for, the space it goes to, the computer's card it describes) and the room it may use.
//
// Glossary:
//   Box        -- {left, top, right, bottom} in CSS px, as getBoundingClientRect() gives them.
//   room       -- the Box the panel must stay inside (the screen below the top bar).
//   spot       -- {left, top, height}: the panel's corner and the height it may take (less than its
//                 own when no place holds it whole: it then scrolls inside).
//
// Example: a 100x50 panel in a 300x200 room whose top-left corner holds a target goes to its
// right, the first free place scanning top to bottom, each row left to right, in steps of 8 px:
// freeSpot({width: 100, height: 50}, [{left: 0, top: 0, right: 50, bottom: 50}],
// {left: 0, top: 0, right: 300, bottom: 200}) gives {left: 56, top: 0, height: 50}.

/** @typedef {{left: number, top: number, right: number, bottom: number}} Box */
/** @typedef {{left: number, top: number, height: number}} Spot */

const STEP = 8;

/** Do two boxes overlap (touching edges do not)? @param {Box} a @param {Box} b */
export function overlap(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The positions tried along one axis: every STEP px, and the far end. @param {number} from @param {number} to */
function positions(from, to) {
  const found = [];
  for (let at = from; at < to; at += STEP) found.push(at);
  found.push(Math.max(from, to));
  return found;
}

/**
 * The first place (top to bottom, then left to right) where a panel of ``size`` covers none of
 * ``avoid``; when there is none, the tallest free band beside the targets, the panel shortened to it.
 * @param {{width: number, height: number}} size @param {Box[]} avoid @param {Box} room
 * @returns {Spot}
 */
export function freeSpot(size, avoid, room) {
  const width = Math.min(size.width, room.right - room.left);
  const height = Math.min(size.height, room.bottom - room.top);
  const lefts = positions(room.left, room.right - width);
  for (const top of positions(room.top, room.bottom - height)) {
    for (const left of lefts) {
      const box = { left, top, right: left + width, bottom: top + height };
      if (!avoid.some((target) => overlap(box, target))) return { left, top, height };
    }
  }
  return tallestBand(width, avoid, room, lefts);
}

/**
 * The tallest free place for a shortened panel: for every left position, the gaps between the
 * targets it would cross, top to bottom. @param {number} width @param {Box[]} avoid @param {Box} room
 * @param {number[]} lefts @returns {Spot}
 */
function tallestBand(width, avoid, room, lefts) {
  let best = { left: room.left, top: room.top, height: 0 };
  for (const left of lefts) {
    const crossed = avoid
      .filter((target) => target.left < left + width && left < target.right)
      .sort((a, b) => a.top - b.top);
    let top = room.top;
    for (const target of [...crossed, { left, right: left, top: room.bottom, bottom: room.bottom }]) {
      const height = Math.min(target.top, room.bottom) - top;
      if (height > best.height) best = { left, top, height };
      top = Math.max(top, target.bottom);
    }
  }
  return best;
}
