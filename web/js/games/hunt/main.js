// The hunt page (hunt.html): Cows and Leopards against the computer. It draws the board at once
// (its geometry is written by the engine at build time, data/hunt-board.json), starts the shared
// engine worker, picks the game (a link's settings, the saved game, or a new one), and wires the
// board and the controls to the turn loop. No rules live here: the engine's `hunt.*` methods
// (leopard_core/hunt/webapi.py) decide what is legal, play the computer's moves and end the game.
//
// Saves: the game is kept by the engine worker after every move (../../platform/kept-game.js, key
// KEPT_KEY), as the other game pages keep theirs, under the kept saves' one revision rule: a tab
// that another tab has moved on is told and offered the newer game, never saves over it. A save this
// page kept in localStorage before (HUNT_KEYS.save) is restored on the next visit and removed once
// the worker has kept the game; one the engine cannot read is set aside there, never lost. The
// person's move is noted in localStorage as it is sent (../../platform/pending-move.js) until the game
// is kept after it: a page left at once plays it again on the next visit, on the same kept game.
//
// Page state for tests and styles: <body data-phase="loading|busy|your-turn|bot-turn|game-over|
// error" data-moves="N" data-side="L|C" data-kept="N" (the worker's confirmed keeps) data-review="on"
// (the review shows) data-practice="on" (a practice game from the review: never saved, the kept
// game's save stays as it was)>; <html data-sw="controlled"> once a service worker controls the page.
// URL: ?side=L|C&level=random|greedy|search&seed=N&capture=compulsory|free starts that fresh game
// (then the URL is cleaned so a reload resumes it); &pace=MS sets the pause before each computer
// move (else the speed chosen on the card game's Settings).

import { getEngine } from "../../platform/engine/client.js";
import { byId, button, dialog } from "../../platform/dom.js";
import { GameStorage } from "../../platform/storage.js";
import { KeptGame } from "../../platform/kept-game.js";
import { saveProblem } from "../../platform/save-limits.js";
import { restoreOrSetAside } from "../../platform/saved-game.js";
import { clearNotices, dropNotice, showNotice } from "../../platform/notice.js";
import {
  announce, dropParams, phaseSetter, startFirstGame, showLoadError, showLoadProgress, tell, wireRulesAndNewGame, wireShell,
} from "../../platform/page-shell.js";
import { applyPreferences, paceOf, readPreferences } from "../../platform/preferences.js";
import { BoardView } from "./board-view.js";
import { HuntReview } from "./review-view.js";
import { HuntLoop } from "./hunt-loop.js";
import { HuntController } from "./controller.js";
import { HUNT_KEYS, lastView, readSettings, rememberView, reviewStore, settingsFromParams } from "./hunt-storage.js";
import { PendingMove } from "../../platform/pending-move.js";
import {
  describeEnd, errorWords, levelName, resultTitle, showRuleLink, sideName, yourTurnText,
} from "./words.js";
import { initI18n, setText, t } from "../../platform/i18n/i18n.js";
import { languageSwitch } from "../../platform/i18n/switch.js";

// The texts first: nothing is drawn before the page knows its language.
await initI18n();

/** @typedef {import("./types.js").HuntSnapshot} HuntSnapshot */
/** @typedef {import("./types.js").HuntBoard} HuntBoard */
/** @typedef {import("./hunt-storage.js").HuntSettings} HuntSettings */

const params = new URLSearchParams(location.search);
const storage = new GameStorage((problem) => showNotice(problem, { sticky: true }));
/** The game's save in the engine worker's store (kept-saves.js). */
const KEPT_KEY = "hunt.game";
const pendingMove = new PendingMove(storage, HUNT_KEYS.pending);
const preferences = readPreferences(storage);
applyPreferences(preferences);

const setPhase = phaseSetter({
  "your-turn": ["you", "hunt.turn.you"],
  "bot-turn": ["computer", "hunt.turn.computer"],
  "game-over": ["over", "hunt.turn.over"],
});

const engine = getEngine({ onProgress: showLoadProgress });

/** The status line: a new sentence drops the rule link of the one before. @param {string} text */
function announceHere(text) {
  announce(text);
  showRuleLink(/** @type {HTMLAnchorElement} */ (byId("status-rule")), null);
}

/** A refusal in the status line, with a link to the rule it is about, if any. @param {string} text @param {string|null} [rule] */
function tellHere(text, rule = null) {
  tell(text);
  showRuleLink(/** @type {HTMLAnchorElement} */ (byId("status-rule")), rule);
}

const loop = new HuntLoop(engine, {
  render,
  phase: setPhase,
  announce: announceHere,
  persist,
  sending: (move) => {
    if (!practice && loop.snap) pendingMove.noteOn(keptGame, loop.snap.history.length, move);
  },
  over: () => {
    if (quietEnd) quietEnd = false;
    else showResult();
  },
  refused: (message) => tellHere(message),
}, { pace: paceOf(preferences, params) });
document.documentElement.dataset.pace = String(loop.pace);

// The game's save: kept by the worker after every move.
const keptGame = new KeptGame(engine, "hunt", KEPT_KEY, {
  show: showNotice,
  drop: dropNotice,
  loadNewer: () => {
    leaveReviewAndPractice(); // the review was of this tab's game, which another tab has moved on
    return loop.replace(async () => (await resumeKept()) ?? engine.call("hunt.snapshot"), t("hunt.status.tookOver"),
      { save: false });
  },
});
let keptCount = 0;
/** whether HUNT_KEYS.save, this page's localStorage save from before, waits to go once the worker keeps the game */
let olderSaveLeft = false;

/** @type {BoardView|null} */
let board = null;
/** @type {HuntReview|null} */
let review = null;
/** @type {{text: string}|null} the kept game's save while a practice game (Play on from here) is played */
let practice = null;
/** True while the kept game is put back after a practice game: its end is not announced again. */
let quietEnd = false;
/** @type {HuntController|null} */
let controller = null;

/** The board's geometry: the build's file, else the engine's own answer. @returns {Promise<HuntBoard>} */
async function loadBoard() {
  try {
    const response = await fetch("data/hunt-board.json");
    if (response.ok) return await response.json();
  } catch {
    // Offline without the file in the cache cannot happen after a visit; the engine knows the board.
  }
  await engine.ready;
  return engine.call("hunt.board");
}

/** Draw everything from the loop's snapshot and choice. */
function render() {
  const snap = loop.snap;
  if (!snap || !board) return;
  if (!review?.isOpen) board.update(controller.marks(), loop.yourTurn);
  document.body.dataset.moves = String(snap.history.length);
  document.body.dataset.side = snap.person;
  byId("you-play").textContent = sideName(snap.person);
  showCaptured(snap.captured, snap.capture_goal);
  byId("reserve").textContent = String(snap.reserve);
  byId("level-name").textContent = levelName(snap.level);
  showRoom(snap);
  warnCowsOfTheOpening(snap);
  button("stop-here").hidden = !controller.mayStop;
  button("cancel-move").hidden = !(loop.yourTurn && loop.path.length);
  button("show-result").hidden = !snap.over || Boolean(review?.isOpen);
  button("open-review").hidden = !snap.over || Boolean(review?.isOpen) || Boolean(practice);
  renderLog(snap);
  if (controller.refocus && loop.yourTurn) {
    if (board.focused || document.activeElement === document.body) board.focus(controller.refocus);
    controller.refocus = null;
  }
}

/** How hemmed in the leopards are: the points both could go to next ("–" before they are in). @param {HuntSnapshot} snap */
function showRoom(snap) {
  const rooms = Object.values(snap.leopard_room ?? {});
  byId("leopard-room").textContent = rooms.length
    ? new Intl.NumberFormat(document.documentElement.lang || undefined).format(rooms.reduce((a, b) => a + b, 0))
    : t("hunt.counts.roomNone");
  byId("leopard-room").closest(".room-count").classList.toggle("shut", rooms.length === 2 && rooms.every((r) => r === 0));
}

/**
 * A first game as the Cows: say in the panel, before the damage, that the leopards' first move
 * can take several cows and how to prevent it (with the first leopard on e5, cows on e3 and e7 cap
 * it at one: tests/test_hunt_teaching.py; How to play says more). Shown until the leopards
 * have made that move (the fifth move of the game) or the player closes it; once per browser.
 * @param {HuntSnapshot} snap
 */
function warnCowsOfTheOpening(snap) {
  const box = byId("opening-warning");
  const show = snap.person === "C" && !snap.over && snap.history.length < OPENING_MOVES
    && storage.read(HUNT_KEYS.cowsWarned) === null;
  if (show) setText(box.querySelector("p"), snap.history[0] === "e5" ? "hunt.warning.centre" : "hunt.warning.opening");
  if (box.hidden === !show) return;
  box.hidden = !show;
  if (!show && snap.person === "C" && snap.history.length >= OPENING_MOVES) storage.write(HUNT_KEYS.cowsWarned, "1");
}

/** The leopards' first move is the fifth of the game: two placements of each side before it (H3.2-H3.6). */
const OPENING_MOVES = 5;

/** "3 of 12" cows taken. @param {number} captured @param {number} goal */
function showCaptured(captured, goal) {
  setText(byId("captured-of"), "hunt.counts.takenOf", { captured, goal }, true);
}

/** The moves so far, two to a line (one turn of each side). @param {HuntSnapshot} snap */
function renderLog(snap) {
  const log = byId("move-log");
  if (log.childElementCount === snap.history.length && log.dataset.last === (snap.last_move ?? "")) return;
  log.replaceChildren(...snap.history.map((move, i) => {
    const item = document.createElement("li");
    item.textContent = t("hunt.log.entry", { side: sideName(i % 2 === 0 ? "L" : "C"), move });
    return item;
  }));
  log.dataset.last = snap.last_move ?? "";
  log.scrollTop = log.scrollHeight;
}

/** The end of the game in a dialog (the board stays visible behind it). */
function showResult() {
  const snap = loop.snap;
  byId("result-title").textContent = resultTitle(snap);
  byId("result-text").textContent = describeEnd(snap);
  showRuleLink(/** @type {HTMLAnchorElement} */ (byId("result-rule")), snap.reason_rule);
  showRuleLink(/** @type {HTMLAnchorElement} */ (byId("status-rule")), snap.reason_rule);
  setText(byId("result-detail"), "hunt.result.detail", {
    captured: snap.captured, goal: snap.capture_goal, moves: snap.history.length, level: levelName(snap.level),
  });
  if (!dialog("result").open) dialog("result").showModal();
}

/**
 * Have the worker keep the game after every move; tell the player when it could not be kept
 * (KeptGame says why: another tab moved the game on, or the browser's storage). Once it is kept, a
 * localStorage save from before the worker kept the hunt's games goes.
 */
async function persist() {
  if (practice) return; // a practice game is never saved: the kept game stays as it was
  try {
    if (await keptGame.keep()) {
      keptCount += 1;
      document.body.dataset.kept = String(keptCount);
      pendingMove.drop();
      if (olderSaveLeft && storage.remove(HUNT_KEYS.save)) olderSaveLeft = false;
    }
  } catch (err) {
    if (err.kind === "engine_down") throw err;
    showNotice(t("hunt.notice.saveFailed", { reason: errorWords(err) }));
  }
  rememberView(storage, loop.snap);
}

/**
 * The game the worker kept, restored, or null (nothing kept, or the store cannot be used: then its
 * notice says so). A kept save the engine cannot read was moved aside by the worker, under the name
 * the notice gives.
 * @returns {Promise<HuntSnapshot|null>}
 */
async function resumeKept() {
  try {
    return await keptGame.resume();
  } catch (err) {
    if (err.kind === "engine_down") throw err;
    const why = errorWords(err);
    showNotice(err.keptAs ? t("hunt.notice.unreadableKept", { why, key: err.keptAs }) : t("game.notice.keptUnreadable", { why }));
    return null;
  }
}

/**
 * Restore a save in the engine, after checking its size and nesting here.
 * @param {string} text
 * @returns {Promise<HuntSnapshot>}
 */
function restore(text) {
  const problem = saveProblem(text);
  if (problem) return Promise.reject(Object.assign(new Error(problem), { kind: "corrupt_save" }));
  return engine.call("hunt.restore", { text });
}

/**
 * Keep a localStorage save from before (which the engine cannot read) under a key of its own there,
 * and say so; when there is no room for the copy it stays in its place (tried again next visit):
 * never lost. The new game is kept by the worker either way.
 * @param {string} text @param {string} why
 */
function setAsideUnreadable(text, why) {
  const aside = storage.setAside(text, { saveKey: HUNT_KEYS.save, prefix: HUNT_KEYS.unreadablePrefix });
  olderSaveLeft = false;
  if (aside.ok) showNotice(t("hunt.notice.unreadableKept", { why, key: aside.key }));
  else showNotice(t("hunt.notice.unreadableStays", { why, reason: aside.reason }), { sticky: true });
}

/**
 * Ask the engine for a new game.
 * @param {HuntSettings & {seed?: number}} settings
 * @returns {Promise<HuntSnapshot>}
 */
function startNew(settings) {
  /** @type {Record<string, unknown>} */
  const args = { side: settings.side, level: settings.level, compulsory_capture: settings.compulsory };
  if (settings.seed !== undefined) args.seed = settings.seed;
  return engine.call("hunt.new_game", args);
}

/** @param {HuntSettings} settings */
function newGame(settings) {
  clearNotices();
  leaveReviewAndPractice();
  const kept = storage.write(HUNT_KEYS.settings, JSON.stringify(settings));
  if (!kept.ok) showNotice(t("hunt.notice.settingsNotKept", { reason: kept.reason }));
  return loop.replace(() => startNew(settings), t(`hunt.status.newGame.${settings.side === "C" ? "C" : "L"}`));
}

/**
 * The game to play on this visit: the link's, the localStorage save from before the worker kept the
 * hunt's games, the kept one, or a new one.
 * @returns {Promise<HuntSnapshot>}
 */
async function chooseGame() {
  const remembered = readSettings(storage);
  const fromLink = settingsFromParams(params, remembered);
  const older = storage.read(HUNT_KEYS.save);
  olderSaveLeft = older !== null;
  const pending = pendingMove.take(); // played again only on the kept game it was made on
  if (fromLink) {
    // The link's game replaces the kept one, as a new game does: it is based on the revision kept
    // now (the game this same tab left, or a reload's, is not another tab's).
    await keptGame.learn();
    dropParams(["side", "level", "seed", "capture"]);
    let problem = fromLink.problem;
    if ("settings" in fromLink) {
      try {
        return await startNew(fromLink.settings);
      } catch (err) {
        if (err.kind === "engine_down") throw err;
        problem = errorWords(err);
      }
    }
    showNotice(t("hunt.notice.badLink", { problem }));
    return startNew(remembered);
  }
  const restored = older === null ? null : await restoreOrSetAside(older, restore, setAsideUnreadable, errorWords);
  if (restored) {
    await keptGame.learn(); // the save from before takes the kept game's place
    return restored;
  }
  const resumed = await resumeKept();
  return resumed ? playPending(resumed, pending) : startNew(remembered);
}

/**
 * The kept game with the person's move that the page was left before keeping, played again when it
 * was made on this very game (same revision, same number of moves) and is legal; else as it is.
 * @param {HuntSnapshot} snap @param {import("../../platform/pending-move.js").NotedMove|null} pending
 * @returns {Promise<HuntSnapshot>}
 */
function playPending(snap, pending) {
  return PendingMove.playAgain(snap, pending, {
    revision: keptGame.revision, at: snap.history.length,
    allows: (kept, move) => !kept.over && !kept.bot_to_move && kept.legal_moves.includes(move),
    play: (move) => engine.call("hunt.play", { move }),
  });
}

/** Fill the New game dialog with the current game's settings. */
function openNewGame() {
  const current = loop.snap
    ? { side: loop.snap.person, level: loop.snap.level, compulsory: loop.snap.rules.compulsory_capture }
    : readSettings(storage);
  for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input[name=side]"))) {
    radio.checked = radio.value === current.side;
  }
  /** @type {HTMLSelectElement} */ (byId("set-level")).value = current.level;
  /** @type {HTMLInputElement} */ (byId("set-compulsory")).checked = current.compulsory;
  dialog("new-game").showModal();
}

/** The review of the kept game (the one in play, or the one set aside by a practice game). @param {number} [at] */
async function openReview(at) {
  dialog("result").close();
  const text = practice ? practice.text : (await engine.call("hunt.save")).text;
  if (practice) await backToKeptGame();
  document.body.dataset.review = "on";
  render();
  const opened = review.open(text, { at });
  review.navButtons.back.focus();
  await opened;
}

/** Close the review: the board shows the game again. */
function closeReview() {
  review.hide();
  delete document.body.dataset.review;
  render();
  button("open-review").focus();
}

/** Put the kept game back after a practice game (its save was never touched). */
async function backToKeptGame() {
  const { text } = practice;
  practice = null;
  delete document.body.dataset.practice;
  byId("practice-banner").hidden = true;
  quietEnd = true;
  await loop.replace(() => restore(text), "", { save: false });
  quietEnd = false;
}

/**
 * Play on from before the person's move `ply` of the kept game: a practice game against the same
 * computer (same level and seed), not saved, clearly marked.
 * @param {string} text the kept game's save @param {number} ply
 */
function playOn(text, ply) {
  review.hide();
  delete document.body.dataset.review;
  practice = { text };
  document.body.dataset.practice = "on";
  byId("practice-banner").hidden = false;
  loop.replace(() => engine.call("hunt.review_play_on", { text, ply }), t("hunt.practice.started", { number: ply + 1 }), { save: false })
    .then(() => board.focus(board.focusName))
    .catch((err) => showNotice(t("hunt.review.unavailable", { reason: errorWords(err) })));
}

/** A new game (or another tab's) ends the review and any practice game. */
function leaveReviewAndPractice() {
  if (review?.isOpen) review.hide();
  delete document.body.dataset.review;
  practice = null;
  delete document.body.dataset.practice;
  byId("practice-banner").hidden = true;
}

function wireUi() {
  // The language switch (under the move log, always at hand) reloads the page; the game is saved
  // after every move, so it goes on.
  byId("language-slot").append(languageSwitch({ id: "hunt-language" }));
  wireShell();
  wireRulesAndNewGame(openNewGame);
  byId("new-game-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const side = /** @type {HTMLInputElement|null} */ (document.querySelector("input[name=side]:checked"))?.value === "C" ? "C" : "L";
    const level = /** @type {HTMLSelectElement} */ (byId("set-level")).value;
    const compulsory = /** @type {HTMLInputElement} */ (byId("set-compulsory")).checked;
    dialog("new-game").close();
    dialog("result").close();
    newGame({ side, level, compulsory });
  });
  button("opening-warning-close").addEventListener("click", () => {
    byId("opening-warning").hidden = true;
    storage.write(HUNT_KEYS.cowsWarned, "1");
  });
  button("stop-here").addEventListener("click", () => controller?.stopHere());
  button("cancel-move").addEventListener("click", () => controller?.cancel());
  button("show-result").addEventListener("click", showResult);
  button("open-review").addEventListener("click", () => openReview());
  button("result-open-review").addEventListener("click", () => openReview());
  button("practice-back").addEventListener("click", () => openReview(review?.at));
  button("result-review").addEventListener("click", () => dialog("result").close());
  button("result-settings").addEventListener("click", () => {
    dialog("result").close();
    openNewGame();
  });
  button("result-again").addEventListener("click", () => {
    dialog("result").close();
    const { person: side, level, rules } = loop.snap;
    newGame({ side, level, compulsory: rules.compulsory_capture });
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && loop.path.length && !document.querySelector("dialog[open]")) controller?.cancel();
  });
}

function failedToLoad(/** @type {Error & {kind?: string}} */ err) {
  setPhase("error");
  showLoadError(t("hunt.load.failed", { detail: errorWords(err) }));
  setText(byId("turn"), "hunt.turn.failed");
}

/** The board at once: the last game's position, read-only, or the opening being set up. */
function drawStarting(/** @type {HuntBoard} */ geometry) {
  board = new BoardView(byId("board"), geometry, (point, byKeyboard) => controller.onPoint(point, byKeyboard));
  controller = new HuntController(loop, board, { announce: announceHere, tell: tellHere });
  review = new HuntReview(byId("review"), {
    engine, board, store: reviewStore(storage), onPlayOn: playOn, onClose: closeReview,
  });
  const view = lastView(storage);
  const cells = view?.cells ?? geometry.points.map((p) => (geometry.opening.includes(p.name) ? "C" : ".")).join("");
  board.update({ cells, lastMove: view?.last_move ?? null }, false);
  setText(byId("turn"), view ? "hunt.turn.starting" : "hunt.turn.settingUp");
  showCaptured(view?.captured ?? 0, geometry.capture_goal);
  if (view) {
    byId("you-play").textContent = sideName(view.person);
    byId("reserve").textContent = String(view.reserve);
  }
  document.body.classList.add("starting");
}

async function boot() {
  setPhase("loading");
  wireUi();
  const first = await startFirstGame(engine, {
    before: async () => drawStarting(await loadBoard()),
    choose: chooseGame,
    failed: failedToLoad,
  });
  if (!first) return;
  button("open-new-game").disabled = false;
  await loop.replace(async () => first, "");
  if (loop.yourTurn) announceHere(yourTurnText(loop.snap));
}

boot();
