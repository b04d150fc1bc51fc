// The JSON shapes the engine's bridge (leopard_core.webapi) sends to the pages. Types only: this
// module exports nothing at run time; other modules import these names in JSDoc comments.
//
// A Snapshot is the person's view of the game (seat 0): "own" is the person, "opp" the computer
// (in pass-and-play: "own" is the player to move, "opp" the other player).

/**
 * @typedef {{card: string|null, up: boolean}} Layer  one card of a stack; card is null when face
 *   down and not the viewer's own
 * @typedef {{spaces: number[], points: number, kind: "suit"|"colour"}} Line
 * @typedef {{n2: string, stacks: Layer[][], raw: number, lines: Line[], bonus: number,
 *   out_penalty: number, score: number}} SquareView
 * @typedef {{by: "own"|"opp", kind: "play"|"discard"|"out"|"end"|"pass"|string, text: string,
 *   card?: string|null, square?: "own"|"opp", space?: number}} LogEntry
 * @typedef {{own: number, opp: number}} Pair
 * @typedef {{own: number, opp: number, went_out?: "own"|"opp"|null}} SheetRow
 * @typedef {{suit_points: number, colour_points: number, out_threshold: number, bonus_line: number,
 *   draw_count: number, multi_play: boolean}} RulesSummary
 * @typedef {{hand_number: number, hands: number, sheet: SheetRow[], totals: Pair, over: boolean,
 *   winner: "own"|"opp"|null, draw: boolean, cut: {own: string, opp: string}[],
 *   undo_used?: boolean, hints_used?: boolean}} GameInfo
 * @typedef {{variant: string, layout: number[][], seat: number, dealer: "own"|"opp",
 *   to_move: "own"|"opp"|null, plays_this_turn: number, hand: string[], drawn: string[],
 *   opp_hand_count: number, stock_count: number, discards: string[], own: SquareView,
 *   opp: SquareView, legal_moves: string[], over: boolean, end_reason: "out"|"exhausted"|null,
 *   went_out: "own"|"opp"|null, log: LogEntry[], game: GameInfo, level: string, revision: number,
 *   bot_to_move: boolean, out_score: number|null, rules?: RulesSummary, undo_allowed?: boolean,
 *   can_undo?: boolean, undo_used?: boolean, hints_used?: boolean, tutorial?: any,
 *   origin?: Origin|null, opponent?: "computer"|"human", handover?: boolean, names?: string[],
 *   players?: {own: string, opp: string}, to_move_name?: string|null}} Snapshot  in pass-and-play
 *   (opponent "human") the snapshot is the view of the player to move once they revealed their hand
 *   (webapi "reveal"); while handover is true it holds nothing private; players names the sides
 * @typedef {{kind: "daily", date: string}
 *   | {kind: "challenge", by: string|null, own: number|null, opp: number|null}} Origin  where the
 *   game came from (leopard_core.share): the daily deal of a UTC date, or a friend's challenge link
 *   with their result once they finished
 * @typedef {{save_chars: number, save_depth: number}} SaveLimits  a save longer than save_chars or
 *   nested deeper than save_depth is refused by the engine before parsing; check before sending
 * @typedef {{levels: string[], default: string, variants: string[], limits?: SaveLimits}} LevelsInfo
 * @typedef {{text: string, revision: number}} SaveAnswer  the answer to "save"
 * @typedef {{relation: "same"|"older"|"newer"|"diverged"|"other_game"|"unreadable", stale: boolean,
 *   revision: number, stored_revision: number|null, error?: string}} SaveComparison  the answer to
 *   "compare_save": when stale, another tab went on with the stored game; do not write over it
 * @typedef {{seed: number, bot_seed: number, variant: string, hands: number, level: string}} SharedSeed
 *   the answer to "share_seed": only for a link the person asks for
 * @typedef {{seed: number, bot_seed: number, variant: string, hands: number, level: string,
 *   date: string, origin: Origin}} DailyDeal  the answer to "daily"
 * @typedef {{days: number, won: number, drawn: number, lost: number, streak: number,
 *   longest_streak: number, recent: {date: string, own: number, opp: number,
 *   result: "won"|"drawn"|"lost"}[]}} DailySummary  the "daily" of the answer to "stats"
 */

export {};
