// Choosing a move on the hunt board by clicks, one point at a time. Pure functions over the
// engine's list of legal moves (H8 texts): nothing here knows a rule. A click either plays a whole
// move, changes what is chosen, or is a miss the page explains (by asking the engine).
//
// A choice is the path of points picked so far: [] (nothing), [from] (a piece picked) or
// [from, land1, land2, ...] (a jump sequence entered hop by hop, not yet played).
//
// >>> targets(["e5-e6", "e5xe7", "e5xe7xc7"], ["e5"])   // {steps: ["e6"], hops: ["e7"], complete: false}
// >>> pick(["e5xe7", "e5xe7xc7"], ["e5", "e7"], "c7")    // {play: "e5xe7xc7"}

/** @typedef {string[]} Path  the points picked so far */

/**
 * @typedef {object} Targets
 * @property {string[]} steps     points the picked piece may step to (only while no hop is made)
 * @property {string[]} hops      points the picked piece may jump to next
 * @property {boolean} complete   the path is already a whole legal move (a sequence that may stop)
 */

/**
 * @typedef {{play: string} | {choose: Path} | {miss: string}} Pick
 *   play: a whole move to send to the engine; choose: the new path; miss: the move text the click
 *   would have meant (for the engine to explain), or "" when it meant nothing
 */

/** The move text of a jump path. @param {Path} path */
export const jumpText = (path) => path.join("x");

/**
 * The pieces that have a move now (the starting points of steps and jumps).
 * @param {string[]} legal
 * @returns {Set<string>}
 */
export function movablePieces(legal) {
  const pieces = new Set();
  for (const move of legal) {
    const start = move.split(/[-x]/)[0];
    if (start !== move) pieces.add(start);
  }
  return pieces;
}

/** The points a piece may be placed on now. @param {string[]} legal */
export const placements = (legal) => legal.filter((move) => !/[-x]/.test(move));

/**
 * Where the picked piece may go next.
 * @param {string[]} legal
 * @param {Path} path
 * @returns {Targets}
 */
export function targets(legal, path) {
  if (!path.length) return { steps: [], hops: [], complete: false };
  const steps = path.length === 1 ? legal.filter((m) => m.startsWith(`${path[0]}-`)).map((m) => m.split("-")[1]) : [];
  const prefix = `${jumpText(path)}x`;
  const hops = new Set();
  for (const move of legal) {
    if (move.startsWith(prefix)) hops.add(move.slice(prefix.length).split("x")[0]);
  }
  return { steps, hops: [...hops], complete: path.length > 1 && legal.includes(jumpText(path)) };
}

/**
 * What a click on `point` means, given the path picked so far.
 * @param {string[]} legal the engine's legal moves for the person (empty when not their turn)
 * @param {Path} path
 * @param {string} point
 * @returns {Pick}
 */
export function pick(legal, path, point) {
  if (!path.length) {
    if (legal.includes(point)) return { play: point };
    if (movablePieces(legal).has(point)) return { choose: [point] };
    return { miss: placements(legal).length ? point : "" };
  }
  const from = path[0];
  const { steps, hops } = targets(legal, path);
  if (steps.includes(point)) return { play: `${from}-${point}` };
  if (hops.includes(point)) {
    const longer = [...path, point];
    const goesOn = targets(legal, longer).hops.length > 0;
    return goesOn ? { choose: longer } : { play: jumpText(longer) };
  }
  if (path.length === 1) {
    if (point === from) return { choose: [] };
    if (movablePieces(legal).has(point)) return { choose: [point] };
    return { miss: `${from}-${point}` };
  }
  // In the middle of a jump sequence: the leopard stands on the last landing point, and a click on
  // it stops there when the sequence may stop (capture not compulsory, H6.2).
  const last = path[path.length - 1];
  if (point === last && legal.includes(jumpText(path))) return { play: jumpText(path) };
  if (point === last || point === from) return { choose: path };
  return { miss: `${jumpText(path)}x${point}` };
}
