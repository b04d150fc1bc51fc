// embed.html: a Leopard board for other people's pages, set up by its URL.
//
// Settings (query string):
//   mode=square    square=<N2> [variant=standard|classic|running]   one square, its lines and value
//   mode=position  n4=<N4> [card=<card>] [variant=...]             a position; the card's legal moves
//   mode=play      [variant] [level] [hands] [seed] [botseed]      a game against the computer
//                  [opponent=human] [p1] [p2]  two people on one device instead (names filled in)
//                  [pace]  milliseconds to wait before each computer move (default 350; 0 for tests)
//   mode=hunt      [side=L|C] [level] [seed] [capture=compulsory|free] [pace]   a game of Cows and
//                  Leopards against the computer (hunt-play.js)
//   id=<text>      echoed in every message to the host (see embed-messages.js)
//   lang=en|es     the frame's language (else the remembered choice, else the browser's languages:
//                  ../platform/i18n/language.js); <leopard-board lang="es"> passes it on (host.js)
// A bad setting shows a short message in the frame, in the frame's language (and an "error" message
// to the host). The engine's own words are used for bad notation; nothing here decides a rule.

import { renderSquare } from "../games/leopard/cards/square-view.js";
import { parseSquare, parsePosition, parseCard, parsePlay } from "../games/leopard/cards/notation.js";
import { labelCardButton, linesList, placesSentence, valueSentence } from "../games/leopard/cards/diagram.js";
import { post, readCommand, setIdentity, watchHeight } from "./messages.js";
import { problemText } from "./words.js";
import { initI18n, lang, t } from "../platform/i18n/i18n.js";
import { el } from "../platform/dom.js";

// The texts first: nothing is drawn before the page knows its language.
await initI18n();

const MODES = ["play", "square", "position", "hunt"];
const MAX_PARAM = 400;
const root = document.getElementById("embed-root");

/** The id and mode every message carries. */
const identity = { id: null, mode: null };

/** The frame's name in its language, for the tab and the host's iframe title; every message to
 * the host carries it with the id, the mode and the language. @param {string} mode */
function nameFrame(mode) {
  document.title = t(MODES.includes(mode) ? `embed.title.${mode}` : "embed.title.page");
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
    throw new Error(t("embed.problem.wholeNumber", { name, value: text, min, max }));
  }
  return Number(text);
}

/** Read and shape-check the URL settings; throws Error(message) for a bad one. */
export function readSettings(search) {
  const params = new URLSearchParams(search);
  for (const [key, value] of params) {
    if (value.length > MAX_PARAM) throw new Error(t("embed.problem.tooLong", { name: key }));
  }
  const mode = params.get("mode") || "";
  const settings = {
    mode,
    id: params.get("id"),
    variant: params.get("variant") || "standard",
  };
  if (!MODES.includes(mode)) {
    throw new Error(mode ? t("embed.problem.unknownMode", { mode }) : t("embed.problem.noMode"));
  }
  if (mode === "square") {
    settings.square = params.get("square");
    if (!settings.square) throw new Error(t("embed.problem.needSquare"));
  } else if (mode === "position") {
    settings.n4 = params.get("n4");
    if (!settings.n4) throw new Error(t("embed.problem.needPosition"));
    settings.card = params.get("card") || null;
  } else if (mode === "hunt") {
    const side = params.get("side") || "L";
    if (side !== "L" && side !== "C") throw new Error(t("embed.problem.side", { value: side }));
    const capture = params.get("capture") || "compulsory";
    if (capture !== "compulsory" && capture !== "free") throw new Error(t("embed.problem.capture", { value: capture }));
    Object.assign(settings, { side, capture, level: params.get("level") || undefined });
    settings.seed = intSetting(params, "seed", 0, Number.MAX_SAFE_INTEGER);
    const pace = intSetting(params, "pace", 0, 3000);
    settings.pace = pace === undefined ? 350 : pace;
  } else {
    settings.level = params.get("level") || undefined;
    settings.hands = intSetting(params, "hands", 0, 9999); // the engine says which counts it plays
    settings.seed = intSetting(params, "seed", 0, Number.MAX_SAFE_INTEGER);
    settings.botseed = intSetting(params, "botseed", 0, Number.MAX_SAFE_INTEGER);
    const opponent = params.get("opponent") || "computer";
    if (opponent !== "computer" && opponent !== "human") {
      throw new Error(t("embed.problem.opponent", { value: opponent }));
    }
    settings.opponent = opponent;
    settings.names = [params.get("p1") || "", params.get("p2") || ""];
    const pace = intSetting(params, "pace", 0, 3000);
    settings.pace = pace === undefined ? 350 : pace;
  }
  return settings;
}

/** Start the shared engine (one worker for the frame). */
async function loadEngine(onProgress) {
  const { getEngine } = await import("../platform/engine/client.js");
  const engine = getEngine({ onProgress });
  await engine.ready;
  return engine;
}

// ---------------------------------------------------------------- square mode

class SquareBoard {
  constructor(settings) {
    this.variant = settings.variant;
    this.figure = el("figure", "leopard-square embed-square");
    this.board = el("div", "diagram-board");
    this.caption = el("figcaption");
    this.value = el("p", "diagram-value", t("embed.square.working"));
    this.value.setAttribute("aria-live", "polite");
    this.caption.append(this.value);
    this.figure.append(this.board, this.caption);
    root.replaceChildren(this.figure, credit());
    this.draw(settings.square);
  }

  /** Draw a square from notation at once (or say it is not notation). */
  draw(n2) {
    this.n2 = n2;
    this.figure.dataset.n2 = n2;
    delete this.figure.dataset.raw;
    try {
      renderSquare(this.board, { stacks: parseSquare(n2) }, { label: t("cards.square") });
      return true;
    } catch (err) {
      this.value.textContent = t("embed.square.checking", { detail: err.message });
      return false;
    }
  }

  /** Ask the engine; show its value or its objection (unless a newer command took over). */
  async fill(engine, stale = () => false) {
    try {
      const info = await engine.call("square", { n2: this.n2, variant: this.variant });
      if (stale()) return;
      renderSquare(this.board, info, { layout: info.layout, label: t("cards.square") });
      this.figure.dataset.raw = String(info.raw);
      this.value.textContent = valueSentence(info);
      this.caption.querySelector(".lines-list")?.remove();
      if (info.lines.length) this.caption.append(linesList(info));
      root.dataset.state = "ready";
      post("ready", { n2: info.n2, raw: info.raw, score: info.score });
    } catch (err) {
      if (stale()) return;
      showProblem(problemText(err));
    }
  }

  /** A host asked for another square. */
  async command(cmd, engine, stale) {
    if (cmd.type !== "show-square") return;
    if (!root.contains(this.figure)) root.replaceChildren(this.figure, credit());
    this.draw(cmd.square);
    await this.fill(engine, stale);
  }
}

// ---------------------------------------------------------------- position mode

class PositionBoard {
  constructor(settings) {
    this.variant = settings.variant;
    this.engine = null;
    this.box = el("div", "embed-position");
    this.status = el("p", "embed-status", t("embed.position.working"));
    this.status.setAttribute("aria-live", "polite");
    this.oppBox = el("section", "embed-side");
    this.ownBox = el("section", "embed-side");
    this.oppBox.append(el("h2", "", t("embed.position.oppSquare")), el("div", "embed-board"), el("p", "embed-value"));
    this.ownBox.append(el("h2", "", t("embed.position.ownSquare")), el("div", "embed-board"), el("p", "embed-value"));
    this.oppBox.dataset.side = "opp";
    this.ownBox.dataset.side = "own";
    const boards = el("div", "embed-boards");
    boards.append(this.oppBox, this.ownBox);
    const handBox = el("section", "embed-hand-box");
    handBox.append(el("h2", "", t("embed.position.hand")));
    this.hand = el("ul", "embed-hand");
    handBox.append(this.hand);
    this.box.append(boards, handBox, this.status);
    root.replaceChildren(this.box, credit());
    this.load(settings.n4, settings.card);
  }

  /** Take a new position (and chosen card); false when it is not even notation. */
  load(n4, card) {
    this.n4 = n4;
    this.answer = null;
    try {
      this.position = parsePosition(n4);
    } catch (err) {
      this.position = null;
      this.problem = t("embed.problem.positionNotation", { detail: err.message });
      return false;
    }
    this.problem = null;
    if (card) {
      let wanted;
      try {
        wanted = parseCard(card);
      } catch (err) {
        this.problem = t("embed.problem.cardNotation", { detail: err.message });
        return false;
      }
      if (!this.position.hand.includes(wanted)) {
        const hand = this.position.hand;
        this.problem = hand.length ? t("embed.problem.notInHand", { card: wanted, hand: hand.join(", ") })
          : t("embed.problem.notInEmptyHand", { card: wanted });
        return false;
      }
      this.card = wanted;
    } else {
      this.card = this.position.hand[0] ?? null;
    }
    this.render();
    return true;
  }

  /** Spaces of one side where the chosen card may go. */
  targets(side) {
    const legal = this.answer ? this.answer.legal : [];
    return legal.map(parsePlay).filter((p) => p && p.side === side).map((p) => p.space);
  }

  /** Draw squares, hand and the legal-move sentence. */
  render() {
    for (const [side, box, label] of /** @type {Array<[string, HTMLElement, string]>} */ ([["opp", this.oppBox, t("embed.position.oppSquare")], ["own", this.ownBox, t("embed.position.ownSquare")]])) {
      const info = this.answer ? this.answer[side] : null;
      renderSquare(box.querySelector(".embed-board"), info || { stacks: this.position[side] }, {
        layout: info?.layout, label, targets: this.targets(side), idPrefix: `embed-${side}`,
      });
      box.querySelector(".embed-value").textContent = info ? valueSentence(info) : "";
    }
    this.hand.replaceChildren();
    this.position.hand.forEach((card) => {
      const item = el("li");
      const button = el("button", `embed-card ${/[HD]$/.test(card) ? "red" : "black"}`);
      labelCardButton(button, card);
      button.type = "button";
      button.dataset.card = card;
      button.setAttribute("aria-pressed", String(card === this.card));
      button.addEventListener("click", () => this.choose(card));
      item.append(button);
      this.hand.append(item);
    });
    if (!this.position.hand.length) this.hand.append(el("li", "", t("embed.position.emptyHand")));
    if (!this.answer) return;
    const plays = this.answer.legal.map(parsePlay).filter(Boolean);
    if (!this.card) {
      this.status.textContent = t("embed.position.handIsEmpty");
    } else {
      const places = placesSentence(plays);
      const discard = this.answer.legal.includes(`discard ${this.card}`);
      const key = places ? (discard ? "mayGoOrDiscard" : "mayGo") : (discard ? "onlyDiscard" : "cannot");
      this.status.textContent = t(`embed.position.${key}`, { card: this.card, places });
    }
  }

  /** Choose another card of the hand. */
  async choose(card) {
    this.card = card;
    this.answer = null;
    this.render();
    await this.fill(this.engine, () => false, false);
  }

  /** Ask the engine for the chosen card's legal moves (shown unless a newer command took over). */
  async fill(engine, stale = () => false, announce = true) {
    this.engine = engine;
    if (this.problem) { showProblem(this.problem); return; }
    try {
      const args = { n4: this.n4, variant: this.variant };
      if (this.card) args.card = this.card;
      const answer = await engine.call("position", args);
      if (stale()) return;
      this.answer = answer;
      this.render();
      root.dataset.state = "ready";
      if (announce) post("ready", { n4: this.n4, card: this.card, legal: this.answer.legal });
    } catch (err) {
      if (stale()) return;
      showProblem(problemText(err));
    }
  }

  /** A host asked for another position. */
  async command(cmd, engine, stale) {
    if (cmd.type !== "show-position") return;
    if (!root.contains(this.box)) root.replaceChildren(this.box, credit());
    this.load(cmd.n4, cmd.card);
    await this.fill(engine, stale);
  }
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
  let board;
  if (settings.mode === "square") {
    board = new SquareBoard(settings);
  } else if (settings.mode === "position") {
    board = new PositionBoard(settings);
    if (board.problem) { showProblem(board.problem); return; }
  } else if (settings.mode === "hunt") {
    const { HuntPlayBoard } = await import("./hunt-play.js");
    board = new HuntPlayBoard(root, settings, { credit, showProblem });
  } else {
    const { PlayBoard } = await import("./play.js");
    board = new PlayBoard(root, settings, { credit, showProblem });
  }
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
