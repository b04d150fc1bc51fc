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
// Saves: a game against the computer is saved in localStorage (KEYS.save, SaveSlot's revision); a
// pass-and-play game is kept by the engine worker (../../platform/kept-game.js, key "leopard.game"),
// so that the page never holds its save (both hands, the face-down cards, the seed): the page gets
// only the view of the player at the device. <body data-kept="N"> counts the worker's confirmed keeps.
// On load the localStorage save comes first; without one, the worker's kept game is resumed.

import { getEngine } from "../../platform/engine/client.js";
import { byId, button, dialog, el } from "../../platform/dom.js";
import { renderTable } from "./table-view.js";
import { fitHand } from "./hand-fit.js";
import { showEnd } from "./hand-end-dialog.js";
import { savedSettings } from "./settings-dialog.js";
import { HandoverScreen } from "./handover-screen.js";
import { isPassAndPlay, opponentArgs, sideNames } from "./players.js";
import { GameStorage, KEYS, SaveSlot } from "../../platform/storage.js";
import { DEFAULT_LIMITS, limitsOf, saveProblem } from "../../platform/save-limits.js";
import { restoreOrSetAside } from "../../platform/saved-game.js";
import { KeptGame } from "../../platform/kept-game.js";
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
import { TutorialControl, tutorialOf } from "./tutorial.js";
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

const storage = new GameStorage((problem) => showNotice(problem, { sticky: true }));
const slot = new SaveSlot(storage);
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
// A pass-and-play game's save: kept by the worker, never handed to this page.
const keptGame = new KeptGame(engine, "leopard", "leopard.game", {
  show: showNotice,
  drop: dropNotice,
  quietReads: true, // a game against the computer is saved in localStorage, whatever IndexedDB allows
  loadNewer: () => loop.replace(async () => (await resumeKept()) ?? engine.call("snapshot"),
    t("game.notice.otherTabShown"), { save: false }),
});
let keptCount = 0;
document.documentElement.dataset.pace = String(loop.pace);

const practice = new Practice(loop, engine, {
  review: (reviewed, hand) => review.open(reviewed, hand),
  problem: (text) => showNotice(text),
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
  // Back from the guided hand: a pass-and-play game is still kept by the worker.
  newGame: async () => (await resumeKept().catch(() => null)) ?? startNew(savedSettings(storage, levelsInfo)),
  currentSave: () => storage.read(KEYS.save),
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
 * Save the engine's game in this browser; tell the player when it could not be kept. When another
 * tab moved this game on, nothing is written and that tab's game is taken over instead.
 */
async function persist() {
  if (isPractice(loop.snap)) return; // a practice game is never saved: the kept game stays as it was
  if (isPassAndPlay(loop.snap)) return keepPassAndPlay();
  const { text } = await engine.call("save");
  let written = slot.write(text);
  if (written.newer === text) {
    slot.adopt(text); // the other tab reached this very position too
    return;
  }
  if (written.newer !== undefined) {
    const verdict = await verdictOn(written.newer);
    if (verdict.action === "take") {
      takeOver(written.newer);
      return;
    }
    if (verdict.action === "unreadable") setAsideUnreadable(written.newer, verdict.why, false);
    else slot.adopt(written.newer); // an earlier point of this very game: writing over it loses nothing
    written = slot.write(text);
  }
  if (!written.ok) showNotice(t("game.notice.notSaved", { reason: written.reason }));
  else if (loop.snap && !tutorialOf(loop.snap)) rememberView(storage, loop.snap);
}

/**
 * Have the worker keep the pass-and-play game (the page never sees its save). Once it is kept, the
 * localStorage save of an earlier game against the computer goes (New game and a link copied it to
 * the previous game first), so that the next visit resumes this game.
 */
async function keepPassAndPlay() {
  try {
    if (!(await keptGame.keep())) return;
  } catch (err) {
    showNotice(t("game.notice.notSaved", { reason: whyText(err) }));
    return;
  }
  if (!slot.held && storage.read(KEYS.save) !== null && storage.remove(KEYS.save)) slot.adopt(null);
  keptCount += 1;
  document.body.dataset.kept = String(keptCount);
}

/**
 * The pass-and-play game the worker kept, restored, or null (nothing kept, or the store cannot be
 * used: then its notice says so). A kept save the engine cannot read was moved aside by the worker.
 * @returns {Promise<Snapshot|null>}
 */
async function resumeKept() {
  try {
    return await keptGame.resume();
  } catch (err) {
    if (err.kind === "engine_down") throw err;
    showNotice(t("game.notice.keptUnreadable", { why: whyText(err) }));
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
    storage.keepAsideRecord(KEYS.view, storage.read(KEYS.view) ?? "", VIEW_WHAT, "wrongShape");
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
 * What to do with a stored save this tab did not read or write: "take" it over (another tab played
 * on, played other moves or started another game), "overwrite" it (an earlier point of this very
 * game) or set it aside ("unreadable"). The engine compares the games (compare_save); an engine
 * that cannot leaves the stored save alone.
 * @param {string} stored
 * @returns {Promise<{action: "take"|"overwrite"|"unreadable", why?: string}>}
 */
async function verdictOn(stored) {
  const problem = saveProblem(stored, limits);
  if (problem) return { action: "unreadable", why: problem };
  try {
    /** @type {import("../../platform/engine/types.js").SaveComparison & {error_msg?: import("../../platform/i18n/catalog.js").Msg|null}} */
    const answer = await engine.call("compare_save", { text: stored });
    if (answer.relation === "unreadable") return { action: "unreadable", why: answer.error_msg ? tMsg(answer.error_msg) : errorText(answer.error) };
    return { action: answer.stale ? "take" : "overwrite" };
  } catch {
    return { action: "take" };
  }
}

/** @type {string|null} the other tab's save being taken over */
let takingOver = null;

/**
 * Play on from the save another tab wrote (the same game, moved on there), without saving over it.
 * @param {string} text
 */
function takeOver(text) {
  if (takingOver === text) return;
  takingOver = text;
  showNotice(t("game.notice.otherTab"));
  loop.replace(async () => {
    try {
      const snap = await restoreOrSetAside(text, restore, (aside, why) => setAsideUnreadable(aside, why, false), whyText);
      if (!snap) return engine.call("snapshot");
      slot.adopt(text);
      dropNotice("notice-held");
      return snap;
    } finally {
      takingOver = null;
    }
  }, t("game.notice.otherTabShown"), { save: false })
    .catch((err) => showNotice(t("game.notice.otherTabFailed", { reason: whyText(err) })));
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
 * Keep a save the engine cannot read under a key of its own. When there is no room for the copy,
 * the save stays in its place and this tab's games are not saved over it until the player says so;
 * it can be downloaded meanwhile, so it is never lost.
 * @param {string} text
 * @param {string} why in the page's language
 * @param {boolean} [newGame] a new game starts now (else this game goes on), for the notice
 */
function setAsideUnreadable(text, why, newGame = true) {
  const aside = storage.setAside(text);
  if (aside.ok) {
    slot.read();
    showNotice(t(newGame ? "game.unreadable.keptNewGame" : "game.unreadable.keptGoesOn", { why, key: aside.key }));
    return;
  }
  slot.hold(t("game.unreadable.held"));
  const download = el("a", "notice-download", t("game.unreadable.download"));
  download.id = "notice-download";
  download.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  download.download = `leopard-unreadable-save-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  const saveOver = el("button", "ghost small", t("game.unreadable.saveOver"));
  saveOver.type = "button";
  saveOver.id = "notice-save-over";
  saveOver.addEventListener("click", () => {
    slot.release();
    dropNotice("notice-held");
    loop.exclusive(persist);
  });
  showNotice(t("game.unreadable.notCopied", { why, reason: aside.reason }),
    { extras: [download, saveOver], sticky: true, id: "notice-held" });
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

/** Keep the game being replaced, so a misclick on New game can be recovered by hand. */
function keepPrevious() {
  const old = storage.read(KEYS.save);
  if (old && !slot.held) storage.write(KEYS.previous, old);
}

/** @param {Parameters<typeof startNew>[0]} settings */
function newGameFromSettings(settings) {
  return loop.replace(async () => {
    keepPrevious();
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
  // The hand's fit depends on the screen's size and orientation.
  addEventListener("resize", () => { if (loop.snap) fitHand(byId("table"), loop.snap.hand.length); });
  wireShell();
  wireTableControls(page);
  wireDialogs(page);
  // Another tab of this site saved a game: when it is not the one this tab knows, take it over now
  // rather than find out at this tab's next save.
  // The check waits its turn: this tab may be saving that very position (both tabs play the
  // computer's move the same way), which its own save then finds and takes silently.
  window.addEventListener("storage", (event) => {
    if (event.key !== KEYS.save || event.newValue === null || !loop.snap || isPractice(loop.snap)) return;
    loop.exclusive(async () => {
      const stored = storage.read(KEYS.save);
      // An older point of this game, or an unreadable save, is dealt with at this tab's next save.
      if (slot.movedOn(stored) && (await verdictOn(stored)).action === "take") takeOver(stored);
    });
  });
}

function failedToLoad(/** @type {Error & {kind?: string, seconds?: number}} */ err) {
  setPhase("error");
  byId("table").hidden = true;
  showLoadError(loadErrorText(err));
  byId("loading-title").textContent = t("game.loadError.title");
}

/** The game to play on this visit: the link's, the saved one, or a new one. @returns {Promise<Snapshot>} */
async function chooseGame() {
  const remembered = savedSettings(storage, levelsInfo);
  const saved = slot.read();
  if (params.has("tutorial")) {
    dropParams(["tutorial"]);
    return tutorial.begin();
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
    await keptGame.learn(); // a pass-and-play game from the link takes the kept game's place
    const kept = saved ? storage.write(KEYS.previous, saved) : { ok: true };
    if (!kept.ok) {
      // Saving the link's game would overwrite the game in progress, which has no copy: keep it.
      slot.hold(t("game.link.held"));
      showNotice(t("game.link.notCopied", { reason: kept.reason }), { sticky: true, id: "notice-held" });
    }
    return snap;
  }
  const restored = saved ? await restoreOrSetAside(saved, restore, setAsideUnreadable, whyText) : null;
  if (restored) {
    await keptGame.learn();
    return restored;
  }
  return (await resumeKept()) ?? startNew(remembered);
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
      firstVisit = !storage.read(KEYS.save) && !stats.any && !params.has("tutorial")
        && !GAME_PARAMS.some((key) => params.has(key));
      const chosen = await chooseGame();
      if (keptGame.revision > 0) firstVisit = false; // a pass-and-play game was kept: not a first visit
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
