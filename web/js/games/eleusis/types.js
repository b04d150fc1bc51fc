// JSDoc types of the Eleusis bridge's JSON (leopard_core/games/eleusis/session.py and table.py's
// view), for tsc --checkJs.

/** @typedef {import("../../platform/i18n/catalog.js").Msg} Msg */
/** @typedef {Record<string, {en: string, es: string}>} Wordings  a rule's plain words by its notation */

/**
 * @typedef {object} EleusisPlay  one judged play: `at` is the mainline's length when it was played
 * @property {number} seat
 * @property {number} at
 * @property {string[]} cards
 * @property {boolean} right
 */

/**
 * @typedef {object} EleusisResult  a finished hand
 * @property {number} hand
 * @property {number|null} dealer
 * @property {string} rule          notation (its words in the snapshot's wordings)
 * @property {Msg} reason_msg
 * @property {number[]} held        cards left in each hand
 * @property {number[]} scores
 * @property {number} dealer_score
 * @property {number|null} prophet
 * @property {string[]} [mainline_cards]  the mainline at the hand's end (absent from older views)
 */

/**
 * @typedef {object} EleusisSnapshot
 * @property {"express"|"eleusis"} game
 * @property {number} seats
 * @property {number} hand_number
 * @property {number} hands_in_game    1 for a single hand; the players' number in a whole game (E13)
 * @property {number|null} dealer
 * @property {"deal"|"play"|"judge"|"declare"|"guess"|"over"} phase
 * @property {number|null} to_move
 * @property {number[]} hand_counts
 * @property {number} stock
 * @property {string[]} mainline
 * @property {EleusisPlay[]} plays
 * @property {{seat: number, at: number, hand: string[], right: boolean}[]} no_plays
 * @property {{seat: number, rule: string}[]} refused_guesses
 * @property {{seat: number, no_play: boolean, cards: string[]}|null} pending
 * @property {number|null} prophet
 * @property {number|null} marker       the mainline index of the card under the prophet's marker
 * @property {number[]} been_prophet
 * @property {number[]} expelled
 * @property {boolean} expulsion
 * @property {number} turns
 * @property {Msg[]} log                the last events
 * @property {number} log_size          how many events the hand has had
 * @property {number} moves             the game's moves so far (the page's mark of a position)
 * @property {EleusisResult[]} results
 * @property {number[]} totals
 * @property {boolean} over
 * @property {string[]} hand            the person's cards
 * @property {string[]} legal_moves     E15 texts
 * @property {string|null} rule         only the person's own dealt rule
 * @property {boolean} bot_to_move
 * @property {(string|null)[]} levels
 * @property {Wordings} wordings
 * @property {{hand: number, seat: number, at: number, rule: string, found?: boolean}[]} sure  finished hands
 *   only; `found`: the rule it believed is the dealt one
 * @property {number|null} [person]        the seat whose hand this is (classroom: none between turns)
 * @property {(string|null)[]} [names]     classroom: each person's name, null for computer players
 * @property {boolean} [classroom]         several people on one device (E16)
 * @property {boolean} [handover]          classroom: the hand-over screen is up, no hand is sent
 * @property {string|null} [to_move_name]  classroom: the name of the person to move
 * @property {boolean} [undoable]       the person's last move may be taken back (E18)
 * @property {import("./stats-store.js").EngineRecord[]} [records]  the person's finished hands
 */

/**
 * @typedef {object} Explanation  a computer player's reasoning, one block read from one belief state
 *   (explanation.py): the shown percentages of rules, rest and beyond sum to 100
 * @property {{notation: string, chance: number, shown: number, accepts: boolean|null}[]} [rules]
 * @property {{chance: number, shown: number}} [rest]    other rules it can imagine
 * @property {{chance: number, shown: number}} [beyond]  a rule it cannot imagine
 * @property {number} [other_chance]
 * @property {Msg[]} [irrelevant]
 * @property {Msg|null} [ruled_out]
 * @property {Msg|null} [choice]  its play on this very table, with its chance and its parts
 * @property {Msg|null} [played]  its last play, judged since
 * @property {Msg} [belief]
 */

export {};
