// embed.html: a board of one of the site's games for other people's pages, set up by its URL.
//
// Settings (query string):
//   mode=<mode>    a mode of one of the games (modes.js: each game contributes its modes and
//                  their settings, for example ../games/leopard/embed-modes.js: square, position,
//                  play; ../games/hunt/embed-modes.js: hunt)
//   game=<game>    instead of mode: that game's default mode (game=hunt, game=leopard); with
//                  mode=, one of that game's modes
//   id=<text>      echoed in every message to the host (see embed-messages.js)
//   lang=en|es     the frame's language (else the remembered choice, else the browser's languages:
//                  ../platform/i18n/language.js); <leopard-board lang="es"> passes it on (host.js)
// A bad setting shows a short message in the frame, in the frame's language (and an "error" message
// to the host). The engine's own words are used for bad notation; nothing here decides a rule.

import { GAMES, MODES } from "./modes.js";
import { post, readCommand, setIdentity, watchHeight } from "./messages.js";
import { initI18n, lang, t } from "../platform/i18n/i18n.js";
import { el } from "../platform/dom.js";
import { shortQuote } from "../platform/link-input.js";

// The texts first: nothing is drawn before the page knows its language.
await initI18n();

const MAX_PARAM = 400;
const root = document.getElementById("embed-root");

/** The id and mode every message carries. */
const identity = { id: null, mode: null };

/** The frame's name in its language, for the tab and the host's iframe title; every message to
 * the host carries it with the id, the mode and the language. @param {string} mode */
function nameFrame(mode) {
  document.title = t(mode in MODES ? `embed.title.${mode}` : "embed.title.page");
  setIdentity(identity.id, identity.mode, { lang: lang(), title: document.title });
}

/** Replace the frame's content with a message saying what is wrong (in the frame's language). */
export function showProblem(message) {
  root.dataset.state = "error";
  const box = el("div", "embed-problem");
  box.setAttribute("role", "alert");
  box.append(el("p", "embed-problem-title", t("embed.problem.title")), el("p", "embed-problem-text", message));
  root.replaceChildren(box, credit());
  post("error", { message });
}

/** The small link back to the rules (opens outside the frame). */
function credit() {
  const p = el("p", "embed-credit");
  const a = el("a", "", t("embed.credit"));
  a.href = new URL("rules.html", document.baseURI).href;
  a.target = "_blank";
  a.rel = "noopener";
  p.append(a);
  return p;
}

/** An integer setting, or undefined when absent; throws a readable message when malformed. */
function intSetting(params, name, min, max) {
  const text = params.get(name);
  if (text === null || text === "") return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new Error(t("embed.problem.wholeNumber", { name, value: shortQuote(text), min, max }));
  }
  return Number(text);
}

/**
 * The mode the address asks for: ?mode= (the old addresses), or ?game= with its default mode or
 * one of its own modes. Throws Error(message) when there is none or it is unknown.
 * @param {URLSearchParams} params
 */
function modeOf(params) {
  const gameName = params.get("game");
  const modeName = params.get("mode") || "";
  if (gameName) {
    const game = GAMES.find((g) => g.game === gameName);
    if (!game) throw new Error(t("embed.problem.unknownGame", { game: gameName, games: GAMES.map((g) => `game=${g.game}`) }));
    if (!modeName) return game.defaultMode;
    if (!(modeName in game.modes)) {
      throw new Error(t("embed.problem.notThisGame", { game: gameName, mode: modeName, modes: Object.keys(game.modes).map((m) => `mode=${m}`) }));
    }
    return modeName;
  }
  if (!(modeName in MODES)) {
    throw new Error(modeName ? t("embed.problem.unknownMode", { mode: modeName }) : t("embed.problem.noMode"));
  }
  return modeName;
}

/** Read and shape-check the URL settings (the mode's own through its game's table); throws Error(message) for a bad one. */
export function readSettings(search) {
  const params = new URLSearchParams(search);
  for (const [key, value] of params) {
    if (value.length > MAX_PARAM) throw new Error(t("embed.problem.tooLong", { name: key }));
  }
  const mode = modeOf(params);
  /** @type {import("./modes.js").ReadHelpers} */
  const helpers = {
    intSetting: (name, min, max) => intSetting(params, name, min, max),
    pace: () => intSetting(params, "pace", 0, 3000) ?? 350,
  };
  return { mode, game: MODES[mode].game, id: params.get("id"), ...MODES[mode].read(params, helpers) };
}

/** Start the shared engine (one worker for the frame). */
async function loadEngine(onProgress) {
  const { getEngine } = await import("../platform/engine/client.js");
  const engine = getEngine({ onProgress });
  await engine.ready;
  return engine;
}

// ---------------------------------------------------------------- start

async function main() {
  let settings;
  try {
    settings = readSettings(location.search);
  } catch (err) {
    identity.id = new URLSearchParams(location.search).get("id");
    nameFrame("");
    watchHeight(root);
    showProblem(t("embed.problem.badSetting", { detail: err.message }));
    return;
  }
  Object.assign(identity, { id: settings.id, mode: settings.mode });
  nameFrame(settings.mode);
  document.body.dataset.mode = settings.mode;
  const height = watchHeight(root);
  const Board = await MODES[settings.mode].board();
  const board = new Board(root, settings, { credit, showProblem });
  if (board.problem) { showProblem(board.problem); return; }
  let engine;
  try {
    engine = await loadEngine((p) => (/** @type {any} */ (board)).progress?.(p));
  } catch (err) {
    showProblem(t("embed.problem.engineStart", { detail: err.message }));
    return;
  }
  // The host's commands are applied one at a time, in the order they came, and the last one wins:
  // a command overtaken by a newer one before it starts is skipped, and one overtaken while the
  // engine works on it shows nothing and tells the host nothing.
  let latest = 0;
  /** @type {Promise<unknown>} */
  let queue = Promise.resolve();
  /** @param {(stale: () => boolean) => Promise<unknown>|undefined} task */
  const inTurn = (task) => {
    const ticket = ++latest;
    const stale = () => ticket !== latest;
    queue = queue.then(() => (stale() ? undefined : task(stale))).catch((err) => console.warn("embed:", err));
    return queue;
  };
  window.addEventListener("message", (event) => {
    const cmd = readCommand(event);
    if (!cmd) return;
    if (cmd.type === "get-height") height.send();
    else if ("command" in board) inTurn((stale) => board.command(cmd, engine, stale));
  });
  await inTurn((stale) => board.fill(engine, stale));
}

main();
