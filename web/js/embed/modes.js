// The embed's modes, as each game contributes them: embed.html?mode=<mode> (the old addresses:
// square, position, play, hunt, eleusis) or embed.html?game=<game>[&mode=<mode>] (a game's default mode
// when no mode is given). A new game adds its EmbedGame to GAMES; nothing else here changes.
//
// Glossary:
//   EmbedGame  -- {game, defaultMode, modes}: a game's name (as in ?game=), the mode ?game= alone
//                 starts, and its modes by name (names are unique across games: the old ?mode=
//                 addresses name no game).
//   EmbedMode  -- {read(params, helpers), board()}: read() turns the URL's settings into the
//                 board's (throwing Error with a message in the frame's language for a bad one);
//                 board() loads the board class, new Board(root, settings, {credit, showProblem}),
//                 which has fill(engine, stale), and may have progress(p), command(cmd, engine,
//                 stale) and problem (a message to show instead of starting).

import { LEOPARD_EMBED } from "../games/leopard/embed-modes.js";
import { HUNT_EMBED } from "../games/hunt/embed-modes.js";
import { ELEUSIS_EMBED } from "../games/eleusis/embed-modes.js";

/**
 * @typedef {object} ReadHelpers
 * @property {(name: string, min: number, max: number) => number|undefined} intSetting  a whole-number setting
 * @property {() => number} pace  the pause before each computer move (pace=, default 350 ms)
 *
 * @typedef {object} EmbedMode
 * @property {(params: URLSearchParams, helpers: ReadHelpers) => Record<string, any>} read
 * @property {() => Promise<any>} board
 *
 * @typedef {object} EmbedGame
 * @property {string} game
 * @property {string} defaultMode
 * @property {Record<string, EmbedMode>} modes
 */

/** @type {EmbedGame[]} */
export const GAMES = [LEOPARD_EMBED, HUNT_EMBED, ELEUSIS_EMBED];

/** Every mode by its name, with its game. @type {Record<string, EmbedMode & {game: string}>} */
export const MODES = Object.fromEntries(GAMES.flatMap((g) => Object.entries(g.modes).map(([name, mode]) => [name, { ...mode, game: g.game }])));
