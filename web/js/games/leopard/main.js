// The game page: starts the engine, picks the game (a link's settings, the saved game, or a new
// one), and wires the table's controls to the turn loop. No rules live here: legality, the
// computer's moves and every score come from Python (leopard_core.webapi via the worker).
//
// Page state for tests and styles: <body data-phase="loading|busy|your-turn|bot-turn|hand-over|
// game-over|error" data-moves="N"> (N = moves played in this hand); <html data-sw="controlled">
// once a service worker controls the page.
// URL: ?seed=N&botseed=N&variant=V&level=L&hands=N starts that fresh game (then the URL is cleaned
// so a reload resumes it); &by=NAME&vs=OWN,OPP make it a friend's challenge (challenge.js);
// &pace=MS sets the pause before each computer move (else the speed chosen in Settings, normal = 350).
// <html data-theme data-motion data-pace>: see preferences.js, motion.js (and ../../platform/motion.js).
// ?tutorial=1 starts the guided first hand (tutorial.js). &opponent=human&p1=NAME&p2=NAME starts a
// pass-and-play game between two people (players.js, handover-screen.js; body[data-phase=pass-device]
// while the hand-over screen is up).
// Saves: every game (against the computer, between two people, the guided hand) is kept by the
// engine worker (../../platform/kept-game.js, key KEPT.game), so that the page never holds its save:
// the deck's order and the seeds, the computer's hand, the other person's hand, the face-down cards.
// The page gets only the view of the player at the device. The worker also keeps the copies no page
// plays on: the game a new one replaced (KEPT.previous) and the game to go back to after the guided
// hand (tutorial.js). Two tabs follow the kept saves' one revision rule: a tab that another tab has
// moved on is told and offered the newer game, never saves over it. <body data-kept="N"> counts the
// worker's confirmed keeps. Saves this page kept in localStorage before (KEYS.save, KEYS.previous,
// the guided hand's RESUME_KEY) are moved into the worker on the next visit and removed there.
// The person's move is noted in localStorage as it is sent (../../platform/pending-move.js,
// KEYS.pending) until the game is kept after it: a page left at once plays it again on the next
// visit, on the same kept game (a practice game and the guided hand are left out).

import { getEngine } from "../../platform/engine/client.js";
import { byId, button, dialog } from "../../platform/dom.js";
import { renderTable } from "./table-view.js";
import { fitHand } from "./hand-fit.js";
import { showEnd } from "./hand-end-dialog.js";
import { savedSettings } from "./settings-dialog.js";
import { HandoverScreen } from "./handover-screen.js";
import { opponentArgs, sideNames } from "./players.js";
import { GameStorage, KEYS } from "../../platform/storage.js";
import { DEFAULT_LIMITS, limitsOf, saveProblem } from "../../platform/save-limits.js";
import { restoreOrSetAside } from "../../platform/saved-game.js";
import { KeptGame } from "../../platform/kept-game.js";
import { PendingMove } from "../../platform/pending-move.js";
import { dropNotice, showNotice } from "../../platform/notice.js";
import {
  announce, dropParams, phaseSetter, startFirstGame, showBanner, showLoadError, showLoadProgress, tell, wireShell,
} from "../../platform/page-shell.js";
import { LeopardLoop } from "./turn-loop.js";
import { wireTableControls } from "./controls.js";
import { wireDialogs } from "./dialogs.js";
import { VIEW_WHAT, emptyView, lastView, rememberView } from "./first-paint.js";
import { movesOfCard } from "./selection.js";
import { yourTurnText } from "./move-words.js";
import { UndoControl } from "./undo.js";
import { HintControl } from "./hint.js";
import { StatsStore } from "./stats-store.js";
import { StatsDialog } from "./stats-dialog.js";
import { RESUME_KEY, TutorialControl, tutorialOf } from "./tutorial.js";
import { applyPreferences, paceOf, readPreferences } from "../../platform/preferences.js";
import { wirePreferences } from "./preferences-dialog.js";
import { TableFeel } from "./feel.js";
import { watchMotionSetting } from "../../platform/motion.js";
import { ChallengeControl, LINK_PARAMS, greetChallenge, linkSettings } from "./challenge.js";
import { DailyControl } from "./daily.js";
import { errorText, initI18n, locale, t, tMsg } from "../../platform/i18n/i18n.js";
import { ReviewStore } from "./review/review-store.js";
import { ReviewControl } from "./review/review-control.js";
import { Practice, isPractice } from "./review/practice.js";
import { linkedGameId, takeReviewFromAddress } from "./review/review-link.js";

// The texts first: nothing is drawn before the page knows its language.
await initI18n();

/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../../platform/engine/types.js").LevelsInfo} LevelsInfo */
/** @typedef {import("./settings-dialog.js").GameSettings} GameSettings */

const PLAYER_PARAMS = ["opponent", "p1", "p2"];
const GAME_PARAMS = [...LINK_PARAMS, ...PLAYER_PARAMS];
const params = new URLSearchParams(location.search);

/** @type {LevelsInfo} */
let levelsInfo = { levels: ["random"], default: "random", variants: ["standard", "classic", "running"] };
/** @type {string|null} a CSS selector to focus after the next drawing */
let focusAfterRender = null;

/** @type {import("../../platform/save-limits.js").SaveLimits} what a save may be before it goes to Python */
let limits = DEFAULT_LIMITS;

// Its game is kept by the worker: a blocked localStorage loses the settings, preferences and records.
const storage = new GameStorage((problem) => showNotice(problem, { sticky: true }), { blocked: "game.storage.blockedSettings" });
/** The worker's keys for this page's saves: the game in play, the game a new one replaced, the game
 * to go back to after the guided hand. */
const KEPT = Object.freeze({ game: "leopard.game", previous: "leopard.game.previous", tutorial: "leopard.tutorial.resume" });
// The look is set before anything is drawn: theme, card size, motion.
const preferences = readPreferences(storage);
applyPreferences(preferences);
watchMotionSetting();
const feel = new TableFeel();
feel.sound.enabled = preferences.sound;

/** The turn banner for each phase (its data-turn, its text's key); a phase not listed keeps the banner as it is. */
const setPhase = phaseSetter({
  "your-turn": ["you", "game.banner.yourTurn"],
  "bot-turn": ["computer", "game.banner.computerTurn"],
  "hand-over": ["over", "game.banner.handOver"],
  "game-over": ["over", "game.banner.gameOver"],
}, () => undoControl?.update());

const engine = getEngine({ onProgress: showLoadProgress });

const stats = new StatsStore(storage, engine, (problem) => showNotice(problem));
const reviews = new ReviewStore(storage);

// The engine of the game on the table: the page's own, or the practice lane while a practice game
// (Play on from here) is on the table (practice.js); the turn loop, undo, hints and the table's
// explanations talk to it.
const gameEngine = /** @type {import("../../platform/engine/client.js").Engine} */ (/** @type {unknown} */ ({
  call: (/** @type {string} */ method, /** @type {Record<string, unknown>} */ args) => practice.route.call(method, args),
}));

const loop = new LeopardLoop(gameEngine, {
  render,
  phase: setPhase,
  announce,
  persist,
  sending: (move) => {
    if (loop.snap && !isPractice(loop.snap) && !tutorialOf(loop.snap)) pendingMove.noteOn(keptGame, loop.snap.revision, move);
  },
  handOver: () => {
    if (isPractice(loop.snap)) return practice.ended(); // never counted, never the kept game's sheet
    if (tutorialOf(loop.snap)) return; // the guided hand's panel says how it ended
    if (loop.snap.game.over) recordGame(loop.snap);
    showEnd(loop.snap);
  },
  refused: (message, err) => { if (!tutorial.refused(message, err)) showNotice(message); },
  passDevice: (snap) => handover.show(snap),
}, { pace: paceOf(preferences, params) });
const handover = new HandoverScreen(loop, engine, showNotice);
// The game's save: kept by the worker, never handed to this page.
const keptGame = new KeptGame(engine, "leopard", KEPT.game, {
  show: showNotice,
  drop: dropNotice,
  loadNewer: () => loop.replace(async () => (await resumeKept()) ?? engine.call("snapshot"),
    t("game.notice.otherTabShown"), { save: false }),
});
/** @param {string} key a copy's key @returns {KeptGame} */
const keptCopy = (key) => new KeptGame(engine, "leopard", key, {
  show: showNotice, drop: dropNotice, quiet: true, loadNewer: () => Promise.resolve(),
});
const previousGame = keptCopy(KEPT.previous);
let keptCount = 0;
const pendingMove = new PendingMove(storage, KEYS.pending);
/** whether KEYS.save, this page's localStorage save from before, waits to go once the worker keeps its game */
let olderSaveLeft = false;
document.documentElement.dataset.pace = String(loop.pace);

const practice = new Practice(loop, engine, {
  review: (reviewed, hand) => review.open(reviewed, hand),
  problem: (text) => showNotice(text),
  kept: { game: "leopard", key: KEPT.game },
});
/** @type {HTMLElement|null} what had the focus when the review opened */
let beforeReview = null;
const review = new ReviewControl(engine, reviews, {
  playOn: (reviewed, hand, index) => {
    for (const id of ["hand-end", "result", "stats"]) dialog(id).close();
    practice.start(reviewed, hand, index);
  },
  closed: () => {
    if (beforeReview?.isConnected && !beforeReview.closest("dialog:not([open])")) beforeReview.focus();
    beforeReview = null;
  },
  problem: (text) => showNotice(t("dialogs.review.notOpened", { why: text })),
  layout: (variant) => (loop.snap?.variant === variant ? loop.snap.layout : undefined),
});

/**
 * Review a hand of the game in play (the engine worker holds it) or of a finished game kept in
 * Statistics (its save, kept with its review).
 * @param {{id: string, text: string|null}} reviewed
 */
function openReview(reviewed) {
  beforeReview = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return review.open(reviewed);
}

const undoControl = new UndoControl(loop, gameEngine, {
  refused: showNotice,
  undone: (before) => { if (before.game.over) stats.forgetCurrent(before); },
});
const hintControl = new HintControl(loop, gameEngine, { render, refused: showNotice, persist });
const tutorial = new TutorialControl(loop, engine, storage, {
  newGame: () => startNew(savedSettings(storage, levelsInfo)),
  gameKey: KEPT.game,
  copy: keptCopy(KEPT.tutorial),
  notice: showNotice,
});
new ChallengeControl(loop, engine, storage);
new DailyControl(loop, engine, stats, (deal) => newGameFromSettings({ ...deal, botseed: deal.bot_seed }));
const statsDialog = new StatsDialog(stats, engine, () => ({
  variants: levelsInfo.variants, levels: levelsInfo.levels,
  variant: loop.snap?.variant ?? "", level: loop.snap?.level ?? "",
}), {
  ids: () => reviews.savedIds(),
  open: (id) => openReview({ id, text: reviews.saveOf(id) }),
});

/**
 * Keep a finished game in the statistics, and its save with its review so that Statistics can
 * review it later (review-store.js); tell the player when it could not be kept.
 * @param {Snapshot} snap
 */
async function recordGame(snap) {
  const kept = await stats.record(snap);
  if (!kept.ok) showNotice(t("game.notice.statsNotKept", { reason: kept.reason }));
  if (!kept.ok || snap.opponent === "human") return;
  try {
    reviews.keepSave(stats.currentId(snap), (await engine.call("save")).text);
  } catch {
    // Without its save the game is still counted; only its review from Statistics is missing.
  }
}

function render() {
  if (!loop.snap) return;
  // Drawing replaces the hand's and squares' buttons: a keyboard player's focus must not fall to
  // the page's body. It returns to the element of the same id, else to the hand.
  const focused = document.activeElement;
  const focusedId = focused instanceof HTMLElement && byId("table").contains(focused) ? focused.id : "";
  const scene = feel.before();
  renderTable(loop.snap, {
    yourTurn: loop.yourTurn,
    selected: loop.selected,
    onSpace: (side, space) => playFromTable(`${loop.snap.hand[loop.selected]} to ${side} ${space}`),
    onMiss: explainMiss,
    onChoose: chooseCard,
  });
  undoControl.update();
  hintControl.decorate();
  tutorial.update();
  practice.sync(loop.snap);
  feel.after(loop.snap, scene);
  let wanted = focusAfterRender;
  focusAfterRender = null;
  if (!wanted && focusedId && document.activeElement === document.body) {
    wanted = document.getElementById(focusedId) ? `#${focusedId}` : "#hand .hand-card";
  }
  if (wanted) {
    const node = /** @type {HTMLElement|null} */ (document.querySelector(wanted) ?? document.querySelector("#hand .hand-card"));
    if (node) node.focus({ preventScroll: true });
  }
}

/** The person's move; a keyboard player's focus goes back to the hand for the next turn. @param {string} move */
function playFromTable(move) {
  if (byId("table").contains(document.activeElement)) focusAfterRender = "#hand .hand-card";
  return loop.play(move);
}

/**
 * Why something failed, in the page's language: the page's own words (an Error with .text), the
 * engine's (.msg), else a general sentence.
 * @param {unknown} err
 */
function whyText(err) {
  const text = /** @type {{text?: unknown}} */ (err)?.text;
  return typeof text === "string" ? text : errorText(err);
}

/** Why the engine did not start, and what to do. @param {Error & {kind?: string, seconds?: number}} err */
function loadErrorText(err) {
  if (err.kind === "timeout") return t("game.loadError.timeout", { seconds: err.seconds ?? 90 });
  if (err.kind === "unsupported") return t("game.loadError.unsupported");
  return t("game.loadError.failed", { detail: err.message });
}

/**
 * Say politely why a click on an unlit space (or the discard pile) does nothing.
 * @param {"own"|"opp"|"discard"} side
 * @param {number} [space]
 */
async function explainMiss(side, space) {
  const snap = loop.snap;
  if (!snap) return;
  if (snap.over) return tell(t("game.miss.handOver"));
  if (snap.to_move !== "own" || loop.busy) return tell(t("game.miss.wait"));
  const card = loop.selected === null ? null : snap.hand[loop.selected];
  if (!card) return tell(t(side === "discard" ? "game.miss.chooseToDiscard" : "game.miss.choose"));
  const move = side === "discard" ? `discard ${card}` : `${card} to ${side} ${space}`;
  try {
    /** @type {{legal: boolean, reason: string, reason_msg?: import("../../platform/i18n/catalog.js").Msg|null}} */
    const { legal, reason_msg: why } = await gameEngine.call("explain", { move });
    if (legal) return;
    if (!why) return tell(t("game.miss.notThereAtAll", { card }));
    const endTurn = loop.snap.legal_moves.includes("end");
    tell(t(endTurn ? "game.miss.notThereOrEnd" : "game.miss.notThere", { card, reason: tMsg(why) }));
  } catch (err) {
    tell(t("game.miss.notThereAtAll", { card }));
  }
}

/**
 * Have the worker keep the engine's game (the page never sees its save); tell the player when it
 * could not be kept (KeptGame says why: another tab moved the game on, or the browser's storage).
 * Once it is kept, a localStorage save from before the worker kept every game goes.
 */
async function persist() {
  if (isPractice(loop.snap)) return; // a practice game is never saved: the kept game stays as it was
  try {
    if (await keptGame.keep()) {
      keptCount += 1;
      document.body.dataset.kept = String(keptCount);
      pendingMove.drop();
      if (olderSaveLeft && storage.remove(KEYS.save)) olderSaveLeft = false;
    }
  } catch (err) {
    showNotice(t("game.notice.notSaved", { reason: whyText(err) }));
  }
  if (loop.snap && !tutorialOf(loop.snap)) rememberView(storage, loop.snap);
}

/**
 * The game the worker kept, restored, or null (nothing kept, or the store cannot be used: then its
 * notice says so). A kept save the engine cannot read was moved aside by the worker, under the name
 * the notice gives.
 * @returns {Promise<Snapshot|null>}
 */
async function resumeKept() {
  try {
    return await keptGame.resume();
  } catch (err) {
    if (err.kind === "engine_down") throw err;
    const why = whyText(err);
    showNotice(err.keptAs ? t("game.unreadable.keptNewGame", { why, key: err.keptAs }) : t("game.notice.keptUnreadable", { why }));
    return null;
  }
}

/** Draw the last view (or the empty table) read-only while Python starts. */
function drawStarting() {
  const view = lastView(storage);
  try {
    drawStartingView(view ?? emptyView());
  } catch {
    if (!view) return;
    // A view its check let through and the table could not draw: set aside like any bad record.
    storage.setAsideStored(KEYS.view, VIEW_WHAT);
    try {
      drawStartingView(emptyView());
    } catch {
      // The empty table always draws; were it not to, the game's own drawing follows anyway.
    }
  }
}

/** @param {Snapshot} view */
function drawStartingView(view) {
  renderTable(view, {
    yourTurn: false, selected: null, onSpace: () => {}, onChoose: () => {},
    onMiss: () => tell(t("game.miss.starting")),
  });
  showBanner("starting", view.hand.length ? "game.banner.starting" : "game.banner.settingUp");
  document.body.classList.add("starting");
  byId("table").hidden = false;
  performance.mark("leopard:table-drawn");
}

/**
 * Restore a save in the engine, after checking its size and nesting here.
 * @param {string} text
 * @returns {Promise<Snapshot>}
 */
function restore(text) {
  const problem = saveProblem(text, limits);
  if (problem) return Promise.reject(Object.assign(new Error(problem), { kind: "corrupt_save", text: problem }));
  return engine.call("restore", { text });
}

/**
 * Keep a localStorage save from before (which the engine cannot read) under a key of its own there,
 * and say so; when there is no room for the copy it stays in its place (tried again next visit):
 * never lost. The new game is kept by the worker either way.
 * @param {string} text
 * @param {string} why in the page's language
 */
function setAsideUnreadable(text, why) {
  const aside = storage.setAside(text);
  olderSaveLeft = false;
  showNotice(aside.ok ? t("game.unreadable.keptNewGame", { why, key: aside.key })
    : t("game.unreadable.stays", { why, reason: aside.reason }));
}

/** @param {number} index @param {boolean} byKeyboard */
function chooseCard(index, byKeyboard) {
  if (!loop.yourTurn) {
    if (loop.snap && !loop.snap.over) tell(t("game.miss.wait"));
    return;
  }
  loop.selected = loop.selected === index ? null : index;
  const card = loop.selected === null ? null : loop.snap.hand[loop.selected];
  if (card) {
    const { targets, discard } = movesOfCard(loop.snap.legal_moves, card);
    const names = sideNames(loop.snap);
    /** @param {"own"|"opp"} side @param {number} space */
    const place = (side, space) => (names.people ? t("game.place.person", { name: names[side], space }) : t(`game.place.${side}`, { space }));
    const where = [...[...targets.own].map((s) => place("own", s)), ...[...targets.opp].map((s) => place("opp", s))];
    if (discard) where.push(t("game.place.discard"));
    const orEnd = loop.snap.legal_moves.includes("end");
    announce(where.length
      ? t("game.choose.mayGo", { card, places: new Intl.ListFormat(locale(), { type: "unit", style: "short" }).format(where) })
      : t(orEnd ? "game.choose.noneOrEnd" : "game.choose.none", { card }));
    if (byKeyboard) {
      const first = targets.own.size ? `#own-space-${[...targets.own][0]}`
        : targets.opp.size ? `#opp-space-${[...targets.opp][0]}` : discard ? "#discard-target" : null;
      focusAfterRender = first ?? `#hand-card-${index}`;
    } else {
      focusAfterRender = `#hand-card-${index}`;
    }
  } else {
    announce(t("game.choose.nothing"));
    focusAfterRender = `#hand-card-${index}`;
  }
  render();
}

/**
 * Ask the engine for a new game with these settings (and a link's seeds).
 * @param {GameSettings & {seed?: string|number|null, botseed?: string|number|null,
 *   origin?: import("../../platform/engine/types.js").Origin|null}} options
 * @returns {Promise<Snapshot>}
 */
async function startNew(options) {
  /** @type {Record<string, any>} */
  const args = { ...opponentArgs(options), ...(options.origin ? { origin: options.origin } : {}) };
  for (const key of ["variant", "level"]) if (options[key]) args[key] = String(options[key]);
  if (options.hands !== undefined && options.hands !== null && String(options.hands) !== "") args.hands = Number(options.hands);
  if (options.seed !== undefined && options.seed !== null) args.seed = Number(options.seed);
  if (options.botseed !== undefined && options.botseed !== null) args.bot_seed = Number(options.botseed);
  for (const key of ["hands", "seed", "bot_seed"]) {
    if (key in args && !Number.isSafeInteger(args[key])) {
      throw Object.assign(new Error(`${key} must be a whole number`), { kind: "bad_request", text: t("game.link.notWhole", { key }) });
    }
  }
  const snap = await engine.call("new_game", typeof options.undo === "boolean" ? { ...args, undo_allowed: options.undo } : args);
  stats.startGame();
  return snap;
}

/**
 * Keep a copy of the game being replaced (the worker's, or a localStorage save from before), so a
 * misclick on New game can be recovered by hand. A copy that cannot be made leaves the game kept as
 * it is until the new game's keep (which says why it could not be kept, when the store fails).
 * @param {{from: string} | {text: string}} [source]
 */
async function keepPrevious(source = { from: KEPT.game }) {
  try {
    await previousGame.copy(source);
  } catch (err) {
    if (err.kind === "engine_down") throw err;
  }
}

/** @param {Parameters<typeof startNew>[0]} settings */
function newGameFromSettings(settings) {
  return loop.replace(async () => {
    await keepPrevious();
    return startNew(settings);
  }, t("game.newGame"));
}

/** @type {import("./page-context.js").LeopardPage} */
const page = {
  loop, storage, statsDialog, tutorial, playFromTable, explainMiss, newGameFromSettings, render, announce,
  levels: () => levelsInfo,
  focusNext: (selector) => { focusAfterRender = selector; },
  review: () => openReview({ id: stats.currentId(loop.snap), text: null }),
};

function wireUi() {
  wirePreferences({
    storage,
    current: preferences,
    problem: showNotice,
    fixedPace: params.has("pace") ? loop.pace : null,
    changed: (chosen) => {
      // The game goes on: the turn loop reads its pace before each computer move.
      loop.pace = paceOf(chosen, params);
      document.documentElement.dataset.pace = String(loop.pace);
      feel.sound.enabled = chosen.sound;
      render(); // the hand is fitted again to the card size chosen
    },
  });
  // The hand's fit depends on the screen's size and orientation; the guided hand's panel then
  // places itself again around the hand as it is now fitted (the other order left it placed around
  // the hand's old size).
  addEventListener("resize", () => {
    if (loop.snap) fitHand(byId("table"), loop.snap.hand.length);
    tutorial.place();
  });
  wireShell();
  wireTableControls(page);
  wireDialogs(page);
}

function failedToLoad(/** @type {Error & {kind?: string, seconds?: number}} */ err) {
  setPhase("error");
  byId("table").hidden = true;
  showLoadError(loadErrorText(err));
  byId("loading-title").textContent = t("game.loadError.title");
}

/**
 * Move the saves this page kept in localStorage before the worker kept every game into the worker:
 * the copies (the game a new one replaced, the game to go back to after the guided hand) go at once;
 * the game in play's save is returned, to be restored as before, and goes once the worker has kept
 * the game. A copy the worker cannot take stays where it is, for the next visit.
 * @returns {Promise<string|null>} the game in play's save from before, or null
 */
async function moveOlderSaves() {
  for (const [key, copy] of /** @type {[string, KeptGame][]} */ ([[KEYS.previous, previousGame], [RESUME_KEY, tutorial.copy]])) {
    const text = storage.read(key);
    if (text === null) continue;
    try {
      await copy.copy({ text });
      storage.remove(key);
    } catch (err) {
      if (err.kind === "engine_down") throw err;
    }
  }
  const older = storage.read(KEYS.save);
  olderSaveLeft = older !== null;
  return older;
}

/**
 * The game to play on this visit: the link's, the kept one, or a new one.
 * @param {string|null} older the game in play's localStorage save from before, or null
 * @returns {Promise<Snapshot>}
 */
async function chooseGame(older) {
  const remembered = savedSettings(storage, levelsInfo);
  const pending = pendingMove.take(); // played again only on the kept game it was made on
  // The game in play when the worker keeps its copy of it (or the save from before it kept games).
  const inPlay = older === null ? { from: KEPT.game } : { text: older };
  if (params.has("tutorial")) {
    dropParams(["tutorial"]);
    await keptGame.learn(); // the guided hand takes the kept game's place; the game is copied first
    return tutorial.begin(inPlay);
  }
  if (GAME_PARAMS.some((key) => params.has(key))) {
    /** @type {Snapshot} */
    let snap;
    try {
      // A link's game is against the computer unless the link says opponent=human.
      const players = Object.fromEntries(PLAYER_PARAMS.filter((k) => params.has(k)).map((k) => [k, params.get(k)]));
      snap = await startNew({ ...remembered, opponent: "computer", ...(await linkSettings(engine, params)), ...players });
      greetChallenge(snap);
    } catch (err) {
      if (err.kind === "engine_down") throw err;
      showNotice(t("game.link.notUnderstood", { reason: whyText(err) }));
      snap = await startNew(remembered);
    }
    dropParams(GAME_PARAMS);
    await keptGame.learn(); // the link's game takes the kept game's place; the game is copied first
    await keepPrevious(inPlay);
    return snap;
  }
  const restored = older === null ? null : await restoreOrSetAside(older, restore, setAsideUnreadable, whyText);
  if (restored) {
    await keptGame.learn(); // the save from before takes the kept game's place
    return restored;
  }
  const resumed = await resumeKept();
  return resumed ? playPending(resumed, pending) : startNew(remembered);
}

/**
 * The kept game with the person's move that the page was left before keeping, played again when it
 * was made on this very game (same kept revision, same engine revision), outside the guided hand,
 * and is legal; else as it is.
 * @param {Snapshot} snap @param {import("../../platform/pending-move.js").NotedMove|null} pending
 * @returns {Promise<Snapshot>}
 */
function playPending(snap, pending) {
  return PendingMove.playAgain(snap, pending, {
    revision: keptGame.revision, at: snap.revision,
    allows: (kept, move) => !tutorialOf(kept) && loop.awaitsPerson(kept) && kept.legal_moves.includes(move),
    play: (move) => engine.call("play", { move }),
  });
}

async function boot() {
  setPhase("loading");
  wireUi();
  // No New game… until the engine has dealt the first game: a choice made while Python loads
  // would race the game the page is starting.
  button("open-settings").disabled = true;
  drawStarting();
  let firstVisit = false;
  const snap = await startFirstGame(engine, {
    choose: async () => {
      levelsInfo = await engine.call("levels");
      limits = limitsOf(levelsInfo);
      const older = await moveOlderSaves();
      firstVisit = older === null && !stats.any && !params.has("tutorial")
        && !GAME_PARAMS.some((key) => params.has(key));
      const chosen = await chooseGame(older);
      if (keptGame.revision > 0) firstVisit = false; // a game was kept: not a first visit
      await tutorial.resumed(chosen);
      return chosen;
    },
    failed: failedToLoad,
  });
  if (!snap) return;
  byId("table").hidden = false;
  button("open-settings").disabled = false;
  await loop.begin(snap, "");
  await persist();
  if (!loop.busy && loop.yourTurn) announce(yourTurnText(loop.snap));
  const linked = takeReviewFromAddress();
  if (linked !== null) {
    // A finished game's review from the embed's play board (review-link.js); the game in play stays.
    const problem = saveProblem(linked, limits);
    if (problem) showNotice(t("dialogs.review.notOpened", { why: problem }));
    else openReview({ id: linkedGameId(linked), text: linked });
    return;
  }
  tutorial.offer(firstVisit);
}

boot();
