// The Eleusis page (eleusis.html): the person against 2-5 computer players, the computer dealing a
// secret rule; Eleusis Express (the default) or Eleusis. It draws the last table at once (kept from
// the last visit), starts the shared engine worker, picks the game (a link's settings, the game the
// worker kept, or a new one) and wires the table to the turn loop. No rules live here: the engine's
// eleusis.* methods (leopard_core/games/eleusis/session.py) decide what is legal, judge, play the
// computer players and end the hand.
//
// The secret: the game's save holds the rule, so the page never holds it. The worker keeps the save,
// sealed, under the one revision rule of kept saves (../../platform/kept-game.js: a keep after every
// move, a resume on load; a tab that another tab has overtaken is told and offered the newer game),
// and the snapshots it sends name the rule only once the hand is over.
//
// Nothing the person did is lost on leaving (../../platform/pending-move.js): each of their moves
// (a card, a string, "No play", a guess, a prophet's ruling, "Go on"), the rule they deal for a
// whole game's last hand, a concession and an Undo is noted in localStorage (PENDING_KEY) as it is
// sent, until the worker has kept the game after it; a page reloaded or closed at once plays it
// again on the next visit, on the very game it was made on (the same kept revision, the same number
// of moves: snapshot.moves).
//
// Page state for tests and styles: <body data-phase="loading|busy|your-turn|bot-turn|between-hands|game-over|error"
// data-game="express|eleusis" data-hand-phase="play|judge|declare|guess|over" data-plays="N"
// data-saved="N"> (data-saved counts the saves the worker confirmed).
// URL: ?game=express|eleusis&bots=2..5&level=L or &levels=L1,L2,...&difficulty=D&seed=N starts that
// fresh game (then the URL is cleaned so that a reload resumes it; the seed also deals the visit's
// next New games, seededVisit); &pace=MS sets the pause before
// each computer move; &people=Ana,Ben makes it a classroom game (bots 0..4, E16) and &deal=CODE a
// teacher's rule (E17, teacher-link.js); &whole=1 makes it a whole game in which every player
// deals one hand (E13). A classroom game's hand-over screen: handover.js.
//
// A whole game (E13): between two hands the page shows the end-of-hand sheet with the game's
// totals and "Next hand" (data-phase="between-hands"); the next hand's computer dealer deals at
// the click, and for the last hand, the person's, the Deal dialog holds the You deal builder and
// sends the rule with eleusis.next_hand {rule}.

import { getEngine } from "../../platform/engine/client.js";
import { byId, button, dialog, el, select } from "../../platform/dom.js";
import { GameStorage } from "../../platform/storage.js";
import { clearNotices, dropNotice, showNotice } from "../../platform/notice.js";
import { KeptGame } from "../../platform/kept-game.js";
import { PendingMove } from "../../platform/pending-move.js";
import {
  announce, dropParams, phaseSetter, showLoadError, showLoadProgress, startFirstGame, tell, wireRulesAndNewGame, wireShell,
} from "../../platform/page-shell.js";
import { applyPreferences, paceOf, readPreferences } from "../../platform/preferences.js";
import { Sound } from "../../platform/sound.js";
import { initI18n, lang, setText, t } from "../../platform/i18n/i18n.js";
import { languageSwitch } from "../../platform/i18n/switch.js";
import { EleusisLoop } from "./turn-loop.js";
import { TableView } from "./table-view.js";
import { HandView } from "./hand-view.js";
import { ThinkAloud } from "./think-aloud.js";
import { betweenHands, gameTotals, showEndOfHand, wholeGame } from "./end-of-hand.js";
import { createRuleBuilder } from "./rule-builder.js";
import { createNotebook, handKey, noMarks } from "./notebook.js";
import { RuleDrafts } from "./drafts.js";
import { drawMarks } from "./notebook-marks.js";
import { createYouDeal } from "./you-deal.js";
import { wireYouDealForPeople } from "./you-deal-classroom.js";
import { StatusLine, patientEngine } from "./waiting.js";
import { Preparation } from "./preparation.js";
import { createClassroomSetup } from "./classroom-setup.js";
import { EleusisHandover, handTitleText } from "./handover.js";
import { LINK_PARAMS, classroomLink, linkClassroom } from "./teacher-link.js";
import { holdBackOf, readSettings as readGameSettings, writeSettings } from "./game-settings.js";
import { VIEW_KEY, VIEW_WHAT, readKeptView } from "./kept-view.js";
import { linkSeed, seedAfter, shortQuote } from "../../platform/link-input.js";
import { wireMore } from "./more.js";
import { CONCEDE, DEAL, LONGEST_MOVE, leftMoveFits, playLeftMove } from "./left-move.js";
import {
  LEVELS, eventWords, levelName, refusalWords, ruleWords, seatName, shownEvents, useSeatNames, withoutSections,
  yourTurnText,
} from "./words.js";

await initI18n();

/** @typedef {import("./types.js").EleusisSnapshot} EleusisSnapshot */
/** @typedef {import("./game-settings.js").EleusisSettings} EleusisSettings */
/** @typedef {import("./notebook.js").Marks} Marks */

const SAVE_KEY = "eleusis.game";
/** The person's move not kept yet (PendingMove, left-move.js). */
const PENDING_KEY = "leopard.eleusis.pending.v1";

const params = new URLSearchParams(location.search);
const storage = new GameStorage((problem) => showNotice(problem, { sticky: true }));
const pendingMove = new PendingMove(storage, PENDING_KEY, { longest: LONGEST_MOVE });
const drafts = new RuleDrafts(storage);
/** whether the rules being built on the last visit are shown again (till then no change is kept) */
let draftsShown = false;
const preferences = readPreferences(storage);
applyPreferences(preferences);
const sound = new Sound();
sound.enabled = preferences.sound;

const setPhase = phaseSetter({
  "your-turn": ["you", "eleusis.turn.you"],
  "bot-turn": ["computer", "eleusis.turn.computer"],
  "between-hands": ["over", "eleusis.turn.betweenHands"],
  "game-over": ["over", "eleusis.turn.over"],
}, (phase) => {
  if (phase === "game-over" && loop?.snap && wholeGame(loop.snap)) byId("turn").textContent = t("eleusis.turn.gameOver");
  // A classroom game: the banner names the person at the device ("Ana's turn"), not "Your turn".
  const name = loop?.snap?.classroom ? loop.snap.to_move_name : null;
  if (phase === "your-turn" && name) byId("turn").textContent = t("game.handover.turn.named", { name });
});

const engine = getEngine({ onProgress: showLoadProgress });
let saves = 0;

// The status line says what the page waits for; the computer players are made in slices (the
// worker is shared with the site's other pages) and the calls that need them wait for them.
const line = new StatusLine({ announce, tell });
const players = new Preparation(engine, { line, text: () => t("eleusis.status.preparing") });
const patient = patientEngine(engine, { line, slowText: () => t("eleusis.status.working"), playersReady: () => players.ready() });

const loop = new EleusisLoop(patient, {
  render,
  phase: setPhase,
  announce: (text) => line.say(text),
  persist,
  over: handOver,
  refused: (message) => line.tell(message),
  passDevice: (snap) => handover.show(snap),
  sending: noteMove,
}, { pace: paceOf(preferences, params) });
const handover = new EleusisHandover(loop, engine, (message) => showNotice(message));
const kept = new KeptGame(engine, "eleusis", SAVE_KEY, {
  show: showNotice,
  drop: dropNotice,
  // Another tab moved this game on: play on from its game, as it kept it.
  loadNewer: () => loop.replace(async () => {
    const newer = await kept.resume();
    if (!newer) return startNew(readSettings());
    players.begin();
    return newer;
  }, t("eleusis.status.newerLoaded"), { save: false }),
});

const table = new TableView({
  mainline: byId("mainline"), box: byId("mainline-box"), players: byId("players"), expulsion: byId("expulsion"),
});
const handView = new HandView(byId("hand"), chooseCard);
const think = new ThinkAloud(byId("think-panel"), byId("think-body"), patient);
const builder = createRuleBuilder({ engine, t, lang: lang(), onChange: () => { render(); keepDraft("guess"); } });
byId("guess-builder").append(builder.element);

/** @type {Marks} the notebook's marks now (empty while the notebook is closed) */
let marks = noMarks();
/** @type {EleusisSnapshot|null} the snapshot the notebook last marked */
let markedFor = null;
const notebook = createNotebook({
  engine, t, lang,
  onMarks: (next) => {
    marks = byId("notebook-panel").hidden ? noMarks() : next;
    drawMarks({ mainline: byId("mainline"), hand: byId("hand") }, marks);
  },
  onBuilt: () => keepDraft("notebook"),
});
byId("notebook-body").append(notebook.element);
// The person deals (You deal in the New game dialog): the dialog's Start is the builder's own.
const youDeal = createYouDeal({
  engine, t, lang, onStart: (rule) => startDealt(rule), onLink: copyClassroomLink, onBuilt: () => keepDraft("youDeal"),
});
byId("you-deal-box").append(youDeal.element);
// The person's hand of a whole game (E13), the last: the same builder in the Deal dialog.
const gameDeal = createYouDeal({ engine, t, lang, onStart: (rule) => dealNextHand(rule), onBuilt: () => keepDraft("deal") });
byId("deal-box").append(gameDeal.element);
const classroomSetup = createClassroomSetup({ t, bots: select("set-bots") });
// You deal is for one person: with several people the dialog points to the teacher's link (E16.6).
const showYouDealForPeople = wireYouDealForPeople({
  start: /** @type {HTMLElement} */ (youDeal.element.querySelector(".yd-start")),
  several: () => classroomSetup.people() !== null, t,
});
// Statistics, Settings and Undo (more.js).
const more = wireMore({
  storage, engine, loop, preferences, sound, params, render, tell,
  problem: (text) => showNotice(text, { sticky: true }),
  note: noteMove,
});

// ---------------------------------------------------------------- drawing

/** Everything from the loop's snapshot and the person's selection. */
function render() {
  const snap = loop.snap;
  if (!snap) return;
  useSeatNames(snap);
  byId("hand-title").textContent = handTitleText(snap);
  const body = document.body.dataset;
  body.game = snap.game;
  body.handPhase = snap.phase;
  body.plays = String(snap.plays.length);
  table.update(snap);
  const mine = loop.yourTurn;
  const playing = mine && snap.phase === "play";
  const legal = new Set(snap.legal_moves);
  const playable = new Set(snap.legal_moves.filter((m) => m.startsWith("play ")).map((m) => m.slice(5)));
  // A string (Eleusis) may hold cards the engine lists one by one; every card of the hand may start one.
  if (snap.game === "eleusis" && playing) snap.hand.forEach((c) => playable.add(c));
  handView.update(snap.hand, loop.selection, playing, playable);
  const show = (/** @type {string} */ id, /** @type {boolean} */ on) => { button(id).hidden = !on; };
  show("play-selected", playing && snap.game === "eleusis");
  button("play-selected").disabled = loop.selection.length === 0;
  setText(button("play-selected"), "eleusis.actions.playSelected", { count: loop.selection.length });
  show("clear-selection", playing && loop.selection.length > 0);
  show("no-play", playing && legal.has("noplay"));
  show("become-prophet", mine && legal.has("prophet"));
  show("go-on", mine && snap.phase === "declare");
  show("judge-right", mine && snap.phase === "judge");
  show("judge-wrong", mine && snap.phase === "judge");
  const guessing = mine && snap.phase === "guess";
  byId("guess-box").hidden = !guessing;
  button("guess-rule").disabled = !builder.rule();
  const waiting = betweenHands(snap);
  show("show-result", snap.over || waiting);
  show("next-hand", waiting);
  // The person who dealt may end a hand nobody is finding (E10.6).
  show("concede", snap.dealer === 0 && Boolean(snap.rule) && !snap.over && !waiting && snap.phase !== "deal");
  button("next-hand").disabled = loop.busy;
  drawHandOfGame(snap);
  byId("pending").replaceChildren(...pendingView(snap));
  renderLog(snap);
  think.update(snap);
  drawDealtRule(snap);
  drawMarks({ mainline: byId("mainline"), hand: byId("hand") }, marks);
  more.drawn();
  if (!byId("notebook-panel").hidden && markedFor !== snap) {
    markedFor = snap;
    notebook.refresh(snap);
  }
}

/** The rule the person dealt (they know it), or nothing; the dealer holds no hand. @param {EleusisSnapshot} snap */
function drawDealtRule(snap) {
  const dealing = snap.dealer === 0 && Boolean(snap.rule);
  const line = byId("dealt-rule");
  line.hidden = !dealing;
  if (dealing) line.textContent = t("eleusis.table.youDealt", { rule: ruleWords(String(snap.rule), snap.wordings) });
  document.body.dataset.dealer = dealing ? "you" : "computer";
}

/** "Hand 2 of 3" in a whole game (E13); nothing for a single hand. @param {EleusisSnapshot} snap */
function drawHandOfGame(snap) {
  const node = byId("hand-of-game");
  node.hidden = !wholeGame(snap);
  // Between hands the finished hand is the one the sheet shows.
  const number = Math.min(snap.hand_number + (betweenHands(snap) ? 0 : 1), snap.hands_in_game);
  if (!node.hidden) node.textContent = t("eleusis.table.handOfGame", { n: number, total: snap.hands_in_game });
}

/** The play the prophet (the person) must judge, or the hand shown with a "No play". @param {EleusisSnapshot} snap */
function pendingView(snap) {
  if (!snap.pending || snap.phase !== "judge") return [];
  const text = snap.pending.no_play ? "eleusis.judge.noPlay" : "eleusis.judge.play";
  return [el("span", "", t(text, { who: seatName(snap.pending.seat), cards: snap.pending.cards }))];
}

/** The hand's events so far (the engine's log), newest last. @param {EleusisSnapshot} snap */
function renderLog(snap) {
  const log = byId("event-log");
  if (log.dataset.size === `${snap.hand_number}:${snap.log_size}`) return;
  log.replaceChildren(...shownEvents(snap.log).map((event) => el("li", "", withoutSections(eventWords(event, snap.wordings)))));
  log.dataset.size = `${snap.hand_number}:${snap.log_size}`;
  log.scrollTop = log.scrollHeight;
}

// ---------------------------------------------------------------- the rules being built

/** Each rule builder of the page, by its draft's name (drafts.js). */
function draftBuilders() {
  return { guess: builder, notebook: notebook.builder, youDeal: youDeal.builder, deal: gameDeal.builder };
}

/** The hand a draft of `name` is about: the table's for a guess or a hypothesis, none for a rule to deal. @param {import("./drafts.js").DraftName} name */
function draftHand(name) {
  return (name === "guess" || name === "notebook") && loop.snap ? handKey(loop.snap) : "";
}

/** Keep the rule `name`'s builder holds now, so that leaving the page loses none of it. @param {import("./drafts.js").DraftName} name */
function keepDraft(name) {
  if (draftsShown) drafts.keep(name, draftHand(name), draftBuilders()[name].form());
}

/**
 * The rules the person was building on the last visit, shown again (a guess and a hypothesis on
 * their own hand only); a draft of which nothing fits the builder is kept aside and told.
 */
async function showDrafts() {
  const names = /** @type {import("./drafts.js").DraftName[]} */ (Object.keys(draftBuilders()));
  const shown = await Promise.all(names.map((name) => {
    const form = drafts.formOf(name, draftHand(name));
    return form ? draftBuilders()[name].setForm(form) : true;
  }));
  const unfit = names.filter((_, index) => !shown[index]);
  if (unfit.length) drafts.setAside(unfit);
  draftsShown = true;
}

// ---------------------------------------------------------------- the person's moves

/** A card of the hand chosen: played at once in Express, selected for a string in Eleusis. @param {number} index */
function chooseCard(index) {
  const snap = loop.snap;
  if (!loop.yourTurn || !snap || snap.phase !== "play") return;
  if (snap.game === "express") {
    act(`play ${snap.hand[index]}`);
    return;
  }
  const at = loop.selection.indexOf(index);
  if (at >= 0) loop.selection.splice(at, 1);
  else loop.selection.push(index);
  render();
}

/**
 * Note the person's move (or the page's own step, left-move.js) as it is sent, on the game in
 * play, so that it is played again if the page is left before the worker keeps the game after it.
 * @param {string} move
 */
function noteMove(move) {
  if (loop.snap) pendingMove.noteOn(kept, loop.snap.moves, move);
}

/** Play a move (E15 text) through the loop. @param {string} move */
function act(move) {
  sound.play("play");
  return loop.play(move);
}

function playSelection() {
  const snap = loop.snap;
  if (!snap || !loop.selection.length) return;
  act(`play ${loop.selection.map((i) => snap.hand[i]).join(" ")}`);
}

function guess() {
  const rule = builder.rule();
  if (rule) act(`guess ${rule}`).then(() => builder.reset());
}

// ---------------------------------------------------------------- the end of a hand

function handOver() {
  sound.play("end");
  showResult();
}

function showResult() {
  const snap = loop.snap;
  if (!snap || !(snap.over || betweenHands(snap))) return;
  showEndOfHand(snap, {
    rule: byId("result-rule"), reason: byId("result-reason"), scores: byId("result-scores"), replay: byId("result-replay"),
  });
  gameTotals(snap, byId("result-game"));
  const waiting = betweenHands(snap);
  setText(byId("result-title"), snap.over && wholeGame(snap) ? "eleusis.end.gameTitle" : "eleusis.end.title");
  // Between hands the table already waits for the next hand: there is nothing on it to look at.
  button("result-review").hidden = waiting;
  button("result-again").hidden = waiting;
  button("result-next").hidden = !waiting;
  if (!dialog("result").open) dialog("result").showModal();
}

/** "Next hand" of a whole game: its computer dealer deals now, or the person builds their rule. */
function nextHand() {
  const snap = loop.snap;
  if (!snap || !betweenHands(snap) || loop.busy) return;
  dialog("result").close();
  if (snap.dealer === 0) {
    if (!dialog("deal").open) dialog("deal").showModal();
    return;
  }
  const words = t("eleusis.status.nextHand", { n: snap.hand_number + 1, total: snap.hands_in_game, who: seatName(snap.dealer ?? 0) });
  loop.nextHand(undefined, words);
}

/** The person deals the last hand of a whole game (eleusis.next_hand {rule}). @param {string} rule */
function dealNextHand(rule) {
  dialog("deal").close();
  if (loop.snap && betweenHands(loop.snap) && !loop.busy) noteMove(DEAL + rule);
  loop.nextHand(rule, t("eleusis.status.youDeal"));
}

/** Back from the Deal dialog to the sheet (Next hand opens it again). */
function backToScores() {
  dialog("deal").close();
  showResult();
}

// ---------------------------------------------------------------- keeping the game

/** The worker keeps the save (it holds the secret rule); the page keeps the view for the next visit. */
async function persist() {
  try {
    if (await kept.keep()) {
      pendingMove.drop();
      saves += 1;
      document.body.dataset.saved = String(saves);
    }
  } catch (err) {
    showNotice(t("eleusis.notice.saveFailed", { reason: refusalWords(err) }));
  }
  const snap = loop.snap;
  // A classroom game's hand is for the person at the device now, not for the next visit's first look.
  if (snap) storage.write(VIEW_KEY, JSON.stringify(snap.classroom ? { ...snap, hand: [] } : snap));
  more.kept(snap);
}

// ---------------------------------------------------------------- choosing the game

/** The settings remembered from the last New game (game-settings.js). @returns {EleusisSettings} */
function readSettings() {
  return readGameSettings(storage);
}

/**
 * A link's settings (tests, teachers), or null when the link has none. What the page itself refuses
 * (a seed that is not one, an empty classroom code) is left out and named in `problems`, in the
 * page's words; the engine checks the rest.
 * @returns {{settings: EleusisSettings & {seed?: number, code?: string}, problems: string[]}|null}
 */
function settingsFromLink() {
  if (!["game", "bots", "level", "levels", "difficulty", "seed", "whole", ...LINK_PARAMS].some((k) => params.has(k))) return null;
  const remembered = readSettings();
  const bots = params.has("bots") ? Number(params.get("bots")) : remembered.bots;
  const one = params.get("level");
  const each = () => Array.from({ length: Number.isSafeInteger(bots) && bots >= 0 ? Math.min(bots, 5) : 0 }, () => one ?? "scientist");
  /** @type {string[]} */
  const problems = [];
  let levels = each();
  const listed = params.get("levels");
  if (listed !== null) {
    const list = listed.split(",");
    // Said in the page's words, the list quoted short: a link may list a thousand levels.
    if (Number.isSafeInteger(bots) && (list.length !== bots || !list.every((level) => LEVELS.includes(level)))) {
      problems.push(t("eleusis.notice.linkLevels", { value: shortQuote(listed), count: bots, levels: LEVELS.map(levelName) }));
    } else levels = list;
  }
  const { code, people } = linkClassroom(params);
  /** @type {EleusisSettings & {seed?: number, code?: string}} */
  const settings = {
    game: params.get("game") ?? remembered.game, bots, levels, difficulty: params.get("difficulty") ?? remembered.difficulty, people,
    whole: params.has("whole") ? params.get("whole") === "1" && !people : false,
    holdBack: people ? holdBackOf(params.get("hold") ?? remembered.holdBack) : 0,
  };
  const seedText = params.get("seed");
  if (seedText !== null) {
    const read = linkSeed(seedText);
    if ("seed" in read) settings.seed = read.seed;
    else problems.push(read.problem);
  }
  // E17.3: a code that is not a code is refused in plain words, and the computer deals as usual.
  if (code !== null && code.trim() === "") problems.push(t("game.link.emptyCode"));
  else if (code !== null) settings.code = code;
  return { settings, problems };
}

/**
 * Ask the engine for a new game, then make the computer players while the person reads the hand.
 * With a rule, the person deals it and the computer players play (eleusis.new {rule}).
 * With a code (a teacher's link), the computer dealer deals its rule; with people, a classroom game;
 * with whole, a whole game in which every player deals once (E13, one person only).
 * @param {EleusisSettings & {seed?: number, rule?: string, code?: string}} settings
 */
async function startNew(settings) {
  /** @type {Record<string, unknown>} */
  const args = { game: settings.game, bots: settings.bots, levels: settings.levels, difficulty: settings.difficulty };
  if (settings.seed !== undefined) args.seed = settings.seed;
  if (settings.rule) args.rule = settings.rule;
  else if (settings.people) args.people = settings.people;
  else if (settings.whole) args.all_deal = true;
  if (settings.code !== undefined) args.code = settings.code;
  if (settings.holdBack) args.hold_back = settings.holdBack;
  const snap = await engine.call("eleusis.new", args);
  more.newGame();
  // Not awaited: the worker makes the players next, while the page draws and the person reads.
  players.begin();
  return snap;
}

/**
 * A link's seed seeds the whole visit: the link's game, then every New game until the page is
 * reloaded (link-input.js, seed after), so that a seeded link plays the same games on every device,
 * a rule dealt in You deal included.
 * @type {{seed: number, games: number}|null}
 */
let seededVisit = null;

/** @param {EleusisSettings & {rule?: string, seed?: number}} settings the rule (You deal) is not remembered */
function newGame(settings) {
  clearNotices();
  if (settings.seed === undefined && seededVisit) {
    seededVisit.games += 1;
    settings = { ...settings, seed: seedAfter(seededVisit.seed, seededVisit.games) };
  }
  const people = settings.rule ? null : settings.people ?? null;
  const remembered = {
    game: settings.game, bots: settings.bots, levels: settings.levels, difficulty: settings.difficulty, people,
    whole: !settings.rule && !people && Boolean(settings.whole),
    holdBack: people ? settings.holdBack ?? 0 : 0,
  };
  const kept = writeSettings(storage, remembered);
  if (!kept.ok) showNotice(t("eleusis.notice.settingsNotKept", { reason: kept.reason }));
  dialog("result").close();
  const intro = settings.rule ? "eleusis.status.youDeal"
    : remembered.whole ? "eleusis.status.wholeGame" : `eleusis.status.newGame.${settings.game}`;
  return loop.replace(() => startNew(settings), t(intro));
}

/** You deal: the builder's Start, with the dialog's game and players. @param {string} rule */
function startDealt(rule) {
  if (classroomSetup.people()) return; // several people: a person does not deal to them (E16.6)
  dialog("new-game").close();
  newGame({ ...settingsFromDialog(), rule, whole: false });
}

/** The dialog's dealer choice: "computer", "you" or "all" (everyone deals once: a whole game). */
function dealerChoice() {
  return /** @type {HTMLInputElement|null} */ (document.querySelector("input[name=dealer]:checked"))?.value ?? "computer";
}

/**
 * The dialog's dealer choice: You deal shows the rule builder (and its own Start) instead of the
 * difficulty; a whole game keeps the difficulty (its computer dealers' rules). A classroom game
 * has no whole game (the engine deals a classroom every hand, E16): the choice is disabled, and says why.
 */
function showDealer() {
  const classroom = classroomSetup.people() !== null;
  const whole = /** @type {HTMLInputElement} */ (document.querySelector("input[name=dealer][value=all]"));
  whole.disabled = classroom;
  if (classroom && whole.checked) {
    /** @type {HTMLInputElement} */ (document.querySelector("input[name=dealer][value=computer]")).checked = true;
  }
  byId("whole-game-hint").hidden = classroom;
  byId("whole-game-why").hidden = !classroom;
  const you = dealerChoice() === "you";
  byId("you-deal-box").hidden = !you;
  byId("difficulty-choice").hidden = you;
  button("new-game-start").hidden = you;
  showYouDealForPeople();
}

/** The first sentence of the status line once the first game is up ("" but for a teacher's link). */
let firstIntro = "";

/** The game of this visit: the link's, the one the worker kept, or a new one. @returns {Promise<EleusisSnapshot>} */
async function chooseGame() {
  const pending = pendingMove.take(); // played again only on the kept game it was made on
  const link = settingsFromLink();
  if (link) {
    const fromLink = link.settings;
    if (fromLink.seed !== undefined) seededVisit = { seed: fromLink.seed, games: 0 };
    dropParams(["game", "bots", "level", "levels", "difficulty", "seed", "whole", ...LINK_PARAMS]);
    if (link.problems.length) showNotice(t("eleusis.notice.linkPartRefused", { problem: link.problems.join(" ") }));
    await kept.learn(); // the link's game takes the kept game's place
    try {
      const snap = await startNew(fromLink);
      // The hand's rule is the teacher's, not one the computer chose (E17.2).
      if (fromLink.code) firstIntro = t("eleusis.status.teachersRule");
      return snap;
    } catch (err) {
      if (err.kind === "engine_down") throw err;
      showNotice(t("eleusis.notice.badLink", { problem: refusalWords(err) }));
      // A teacher's code that cannot be read: the same table, with a rule the computer deals.
      if (fromLink.code !== undefined) return startNew({ ...fromLink, code: undefined }).catch(() => startNew(readSettings()));
      return startNew(readSettings());
    }
  }
  try {
    const resumed = await kept.resume();
    if (resumed) {
      players.begin();
      return await playPending(resumed, pending);
    }
  } catch (err) {
    if (err.kind === "engine_down") throw err;
    const why = refusalWords(err);
    showNotice(err.keptAs ? t("eleusis.notice.unreadableKept", { why, key: err.keptAs }) : t("eleusis.notice.unreadable", { why }));
  }
  return startNew(readSettings());
}

/**
 * The kept game with the person's move (or step) that the page was left before keeping, played
 * again when it was made on this very game (the same kept revision, the same number of moves) and
 * fits where the game stands (left-move.js); else the game as it is.
 * @param {EleusisSnapshot} snap @param {import("../../platform/pending-move.js").NotedMove|null} pending
 * @returns {Promise<EleusisSnapshot>}
 */
function playPending(snap, pending) {
  return PendingMove.playAgain(snap, pending, {
    revision: kept.revision, at: snap.moves, allows: leftMoveFits, play: (move) => playLeftMove(engine, snap, move),
  });
}

// ---------------------------------------------------------------- the New game dialog

function levelSelects() {
  const count = Number(select("set-bots").value);
  const current = readSettings();
  const holder = byId("level-choices");
  const kept = [...holder.querySelectorAll("select")].map((s) => /** @type {HTMLSelectElement} */ (s).value);
  holder.replaceChildren(...Array.from({ length: count }, (_, i) => {
    const choice = el("select", "");
    choice.id = `set-level-${i + 1}`;
    choice.append(...LEVELS.map((level) => Object.assign(el("option", "", levelName(level)), { value: level })));
    choice.value = kept[i] ?? current.levels[i] ?? "scientist";
    const label = el("label", "", t("eleusis.newGame.levelOf", { n: i + 1 }), choice);
    return label;
  }));
}

function openNewGame() {
  const people = loop.snap?.classroom ? loop.snap.names?.filter((name) => name !== null) ?? null : null;
  const current = loop.snap
    ? { ...readSettings(), game: loop.snap.game, bots: loop.snap.seats - (people?.length ?? 1), people }
    : readSettings();
  classroomSetup.open(/** @type {string[]|null} */ (current.people ?? null));
  select("set-hold-back").value = String(current.holdBack ?? 0);
  for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input[name=game]"))) {
    radio.checked = radio.value === current.game;
  }
  select("set-bots").value = String(current.bots);
  select("set-difficulty").value = current.difficulty;
  const whole = loop.snap ? wholeGame(loop.snap) : Boolean(current.whole);
  const dealer = whole ? "all" : loop.snap?.dealer === 0 ? "you" : "computer";
  for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input[name=dealer]"))) {
    radio.checked = radio.value === dealer;
  }
  showDealer();
  byId("level-choices").replaceChildren();
  levelSelects();
  dialog("new-game").showModal();
}

/** @returns {EleusisSettings} */
function settingsFromDialog() {
  const game = /** @type {HTMLInputElement|null} */ (document.querySelector("input[name=game]:checked"))?.value === "eleusis" ? "eleusis" : "express";
  const bots = Number(select("set-bots").value);
  const levels = [...byId("level-choices").querySelectorAll("select")].map((s) => /** @type {HTMLSelectElement} */ (s).value);
  const people = classroomSetup.people();
  return {
    game, bots, levels, difficulty: select("set-difficulty").value, people, whole: !people && dealerChoice() === "all",
    holdBack: people ? holdBackOf(select("set-hold-back").value) : 0,
  };
}

/** The teacher's link for a rule built in You deal, with the dialog's settings, copied. @param {string} rule */
async function copyClassroomLink(rule) {
  try {
    const link = await classroomLink(engine, rule, settingsFromDialog());
    // The rule is now a secret shared by the link: the device it opens on must not show it again
    // in You deal after a reload (the builder on this page keeps it for the teacher).
    drafts.keep("youDeal", "", null);
    byId("classroom-link").textContent = link;
    await navigator.clipboard.writeText(link).then(
      () => setText(byId("classroom-link-note"), "eleusis.classroom.linkCopied"),
      () => setText(byId("classroom-link-note"), "eleusis.classroom.linkShown"));
  } catch (err) {
    byId("classroom-link-note").textContent = t("eleusis.classroom.linkFailed", { reason: refusalWords(err) });
  }
}

// ---------------------------------------------------------------- wiring

function wireUi() {
  byId("language-slot").append(languageSwitch({ id: "eleusis-language" }));
  wireShell();
  wireRulesAndNewGame(openNewGame);
  select("set-bots").addEventListener("change", levelSelects);
  for (const radio of document.querySelectorAll("input[name=dealer], input[name=players]")) radio.addEventListener("change", showDealer);
  byId("new-game-form").addEventListener("submit", (event) => {
    event.preventDefault();
    dialog("new-game").close();
    newGame(settingsFromDialog());
  });
  const thinkButton = button("open-think");
  thinkButton.addEventListener("click", () => {
    const open = !think.open;
    thinkButton.setAttribute("aria-pressed", String(open));
    think.toggle(open, loop.snap);
  });
  button("think-close").addEventListener("click", () => {
    thinkButton.setAttribute("aria-pressed", "false");
    think.toggle(false, null);
  });
  const notebookButton = button("open-notebook");
  const showNotebook = (/** @type {boolean} */ open) => {
    notebookButton.setAttribute("aria-pressed", String(open));
    byId("notebook-panel").hidden = !open;
    markedFor = null;
    if (open) render();
    else notebook.refresh(null);
  };
  notebookButton.addEventListener("click", () => showNotebook(byId("notebook-panel").hidden));
  button("notebook-close").addEventListener("click", () => showNotebook(false));
  button("play-selected").addEventListener("click", playSelection);
  button("clear-selection").addEventListener("click", () => { loop.selection = []; render(); });
  button("no-play").addEventListener("click", () => act("noplay"));
  button("become-prophet").addEventListener("click", () => act("prophet"));
  button("go-on").addEventListener("click", () => act("pass"));
  button("judge-right").addEventListener("click", () => act("judge right"));
  button("judge-wrong").addEventListener("click", () => act("judge wrong"));
  button("guess-rule").addEventListener("click", guess);
  button("skip-guess").addEventListener("click", () => act("pass"));
  button("show-result").addEventListener("click", showResult);
  button("result-review").addEventListener("click", () => dialog("result").close());
  button("result-again").addEventListener("click", () => newGame(readSettings()));
  button("result-next").addEventListener("click", nextHand);
  button("next-hand").addEventListener("click", nextHand);
  button("concede").addEventListener("click", () => {
    noteMove(CONCEDE);
    loop.replace(() => engine.call("eleusis.concede"), "").catch((err) => tell(refusalWords(err)));
  });
  button("deal-back").addEventListener("click", backToScores);
  button("result-settings").addEventListener("click", () => { dialog("result").close(); openNewGame(); });
  document.addEventListener("keydown", (event) => {
    if (document.querySelector("dialog[open]") || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "Escape" && loop.selection.length) { loop.selection = []; render(); }
  });
}

function failedToLoad(/** @type {Error & {kind?: string}} */ err) {
  setPhase("error");
  showLoadError(t("eleusis.load.failed", { detail: refusalWords(err) }));
  setText(byId("turn"), "eleusis.turn.failed");
}

/** The last table at once, read-only, while Python starts. */
function drawStarting() {
  const view = readKeptView(storage);
  if (view) {
    try {
      useSeatNames(view);
      table.update(view);
      handView.update(view.hand, [], false, new Set());
    } catch {
      // A view its check let through and the drawing could not use: set aside like any bad record.
      storage.setAsideStored(VIEW_KEY, VIEW_WHAT);
      useSeatNames({ ...view, classroom: false });
      for (const id of ["mainline", "players", "hand"]) byId(id).replaceChildren();
    }
  }
  setText(byId("turn"), "eleusis.turn.starting");
  document.body.classList.add("starting");
}

async function boot() {
  setPhase("loading");
  wireUi();
  const first = await startFirstGame(engine, { before: async () => drawStarting(), choose: chooseGame, failed: failedToLoad });
  if (!first) return;
  button("open-new-game").disabled = false;
  await loop.replace(async () => first, firstIntro);
  await showDrafts();
  if (loop.yourTurn) line.say(yourTurnText(loop.snap));
  more.started();
}

boot();
