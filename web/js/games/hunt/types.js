// JSDoc types of the hunt bridge's JSON (leopard_core/hunt/webapi.py), for tsc --checkJs.

/**
 * @typedef {object} HuntSnapshot
 * @property {string} cells            49 characters ". C L" in board order (H8.6)
 * @property {string} position         H8.6 text
 * @property {"L"|"C"} to_move
 * @property {"L"|"C"} person          the side the person plays
 * @property {boolean} bot_to_move
 * @property {boolean} over
 * @property {"L"|"C"|null} winner
 * @property {string} reason           why the game ended (with its H number), "" while it goes on
 * @property {import("../../platform/i18n/catalog.js").Msg|null} [reason_msg] the same as the engine's message
 * @property {string|null} [reason_rule] the rule that reason cites ("H7.1"), for a link to its section
 * @property {Record<string, number>} [leopard_room] each leopard's point -> the points it could go to next
 * @property {number} captured         cows taken so far
 * @property {number} reserve          cows still to place
 * @property {number} leopards_to_place
 * @property {number} quiet            turns without a capture in the moving phase
 * @property {string[]} legal_moves    H8 texts
 * @property {string[]} placements
 * @property {Record<string, string[]>} by_piece
 * @property {string|null} last_move
 * @property {import("../../platform/i18n/catalog.js").Msg|null} [last_move_words] that move in words, told to the person
 * @property {string[]} history
 * @property {string} level
 * @property {{compulsory_capture: boolean, move_limit: number}} rules
 * @property {number} capture_goal
 */

/**
 * @typedef {object} HuntBoard
 * @property {{name: string, x: number, y: number}[]} points  x 0..8 left to right, y 0..8 bottom to top
 * @property {[string, string][]} lines
 * @property {string[]} opening
 * @property {number} capture_goal
 */

export {};
