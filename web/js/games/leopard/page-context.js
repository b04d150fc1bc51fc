// What the Leopard page (main.js) hands to the modules that wire its controls and dialogs
// (controls.js, dialogs.js): the page's state and the few page actions they call. A type only.

/**
 * @typedef {object} LeopardPage
 * @property {import("./turn-loop.js").LeopardLoop} loop  the turn loop (its snapshot and chosen card)
 * @property {import("../../platform/storage.js").GameStorage} storage
 * @property {() => import("../../platform/engine/types.js").LevelsInfo} levels  what the engine offers
 * @property {import("./stats-dialog.js").StatsDialog} statsDialog
 * @property {import("./tutorial.js").TutorialControl} tutorial
 * @property {(move: string) => Promise<void>} playFromTable  the person's move, focus kept for the keyboard
 * @property {(side: "own"|"opp"|"discard", space?: number) => void} explainMiss  why a click does nothing
 * @property {(settings: any) => Promise<void>} newGameFromSettings  a new game in place of this one
 * @property {() => void} render  draw the table again
 * @property {(text: string) => void} announce  the status line
 * @property {(selector: string) => void} focusNext  what to focus after the next drawing
 * @property {() => void} review  review the last finished hand of the game in play
 */

export {};
