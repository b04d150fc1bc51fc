// The game page: draws the engine's view and forwards the player's choices. No rules live here:
// legality, the bot's moves and every score come from Python (leopard_core.webapi via the worker).
//
// Page state for tests and styles: <body data-phase="loading|busy|your-turn|bot-turn|hand-over|
// game-over|error" data-moves="N"> (N = moves played in this hand); <html data-sw="controlled"> once a service
// worker controls the page.
// URL: ?seed=N&botseed=N&variant=V&level=L&hands=N starts that fresh game (then the URL is cleaned so
// a reload resumes it); &pace=MS sets the pause before each computer move (default 350).

import { getEngine } from "./engine-client.js";
import { cardName, cardShort, lineName, renderCard, renderSquare } from "./square-view.js";

const SAVE_KEY = "leopard.game.v1";
const PREVIOUS_KEY = "leopard.game.previous";
const UNREADABLE_PREFIX = "leopard.game.unreadable.";
const SETTINGS_KEY = "leopard.settings.v1";
const GAME_PARAMS = ["seed", "botseed", "variant", "level", "hands"];
const VARIANT_HINTS = {
  standard: "Abbott's 2008 rules: suit line 3, colour line 1, go out at 7.",
  classic: "The 1963 rules: suit line 2, go out at 5, keypad layout.",
  running: "Draw two; play several cards in one turn or discard one.",
};

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const pace = Math.min(3000, Math.max(0, Number(params.get("pace") ?? 350) || 0));

let engine = null;
let snap = null;
let selected = null; // index in snap.hand of the chosen card
let busy = false;
let levelsInfo = { levels: ["random"], default: "random", variants: ["standard", "classic", "running"] };
let focusAfterRender = null;

// ------------------------------------------------------------------ small helpers
function setPhase(phase) {
  document.body.dataset.phase = phase;
}

function announce(text) {
  $("status").textContent = text;
}

function showNotice(text) {
  $("notice-text").textContent = text;
  $("notice").hidden = false;
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function loadSettings() {
  try {
    const data = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "{}");
    return typeof data === "object" && data ? data : {};
  } catch {
    return {};
  }
}

function validSettings() {
  // Settings saved by an older page may name a level or variant the engine no longer offers.
  const saved = loadSettings();
  const settings = {};
  if (levelsInfo.variants.includes(saved.variant)) settings.variant = saved.variant;
  if (levelsInfo.levels.includes(saved.level)) settings.level = saved.level;
  if (Number.isSafeInteger(saved.hands) && saved.hands >= 1 && saved.hands <= 50) settings.hands = saved.hands;
  return settings;
}

function titleCase(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function squareWord(entry, mover) {
  // entry.square is relative to the viewer (the person): "own" = the person's square.
  if (entry.square === "own") return "your space";
  return mover === "opp" ? "its own space" : "the computer's space";
}

function describeMove(entry) {
  const who = entry.by === "own" ? "You" : "The computer";
  switch (entry.kind) {
    case "play": {
      const what = entry.card ? cardName(entry.card) : "a face-down card";
      return `${who} played ${what} on ${squareWord(entry, entry.by)} ${entry.space}`;
    }
    case "discard":
      return `${who} discarded ${cardName(entry.card)}`;
    case "out":
      return `${who} went out`;
    case "end":
      return `${who} ended the turn`;
    case "pass":
      return `${who} passed (no cards left)`;
    default:
      return `${who}: ${entry.text}`;
  }
}

function shortMove(entry) {
  switch (entry.kind) {
    case "play": {
      const what = entry.card ? cardShort(entry.card) : "face-down card";
      const where = entry.square === "own" ? "your" : "computer's";
      return `${what} → ${where} ${entry.space}`;
    }
    case "discard":
      return `discards ${cardShort(entry.card)}`;
    default:
      return describeMove(entry).replace(/^(You|The computer) /, "");
  }
}

// ------------------------------------------------------------------ legal moves of the selection
function movesOf(card) {
  const targets = { own: new Set(), opp: new Set() };
  let discard = false;
  for (const move of snap.legal_moves) {
    const words = move.split(" ");
    if (words[0] === card && words[1] === "to") targets[words[2]].add(Number(words[3]));
    if (words[0] === "discard" && words[1] === card) discard = true;
  }
  return { targets, discard };
}

function selectedCard() {
  return selected === null ? null : snap.hand[selected];
}

// ------------------------------------------------------------------ rendering
function lastOpponentPlay() {
  const last = snap.log[snap.log.length - 1];
  return last && last.by === "opp" ? last : null;
}

function render() {
  const yourTurn = snap.to_move === "own" && !busy;
  const card = yourTurn ? selectedCard() : null;
  const { targets, discard } = card ? movesOf(card) : { targets: { own: new Set(), opp: new Set() }, discard: false };
  const oppMove = lastOpponentPlay();
  const highlight = (side) => (oppMove && oppMove.kind === "play" && oppMove.square === side ? oppMove.space : null);
  const playOn = (side) => (space) => play(`${selectedCard()} to ${side} ${space}`);

  renderSquare($("opp-square"), snap.opp, {
    layout: snap.layout, targets: targets.opp, onSpace: playOn("opp"), label: "Computer's square",
    highlight: highlight("opp"), idPrefix: "opp",
  });
  renderSquare($("own-square"), snap.own, {
    layout: snap.layout, targets: targets.own, onSpace: playOn("own"), label: "Your square",
    highlight: highlight("own"), idPrefix: "own",
  });
  $("opp-raw").textContent = snap.opp.raw;
  $("own-raw").textContent = snap.own.raw;
  $("opp-level").textContent = `(${snap.level})`;
  $("opp-hand-count").textContent = `${snap.opp_hand_count} card${snap.opp_hand_count === 1 ? "" : "s"}`;
  $("stock-count").textContent = snap.stock_count;
  $("stock-count").parentElement.setAttribute("aria-label", `Stock: ${snap.stock_count} cards`);

  renderHand(yourTurn);

  const top = snap.discards[snap.discards.length - 1];
  const target = $("discard-target");
  const targetName = Object.assign(document.createElement("span"), {
    className: "visually-hidden",
    textContent: (top ? `Discard pile, top card ${cardName(top)}` : "Discard pile, empty")
      + (discard ? `: discard ${cardName(card)} here` : ""),
  });
  target.replaceChildren(targetName, top ? renderCard(top) : Object.assign(document.createElement("span"),
    { className: "card empty", textContent: "" }));
  target.classList.toggle("target", discard);
  target.classList.toggle("just-played", Boolean(oppMove && oppMove.kind === "discard"));
  target.setAttribute("aria-disabled", String(!discard));
  target.dataset.card = top ?? "";
  $("show-discards").textContent = `All discards (${snap.discards.length})`;

  const canOut = yourTurn && snap.legal_moves.includes("out");
  const out = $("go-out");
  out.disabled = !canOut;
  out.textContent = canOut ? `Go out (you score ${snap.out_score})` : "Go out";
  const end = $("end-turn");
  end.hidden = snap.variant !== "running";
  end.disabled = !(yourTurn && snap.legal_moves.includes("end"));
  $("show-result").hidden = !snap.over;

  const game = snap.game;
  $("game-info").textContent = `${titleCase(snap.variant)} · hand ${game.hand_number} of ${game.hands}`;
  $("totals").textContent = `You ${game.totals.own} – ${game.totals.opp} Computer`
    + (game.sheet.length ? ` after ${game.sheet.length} hand${game.sheet.length === 1 ? "" : "s"}` : "");
  renderLog();
  document.body.dataset.moves = String(snap.log.length);
  if (focusAfterRender) {
    const node = document.querySelector(focusAfterRender);
    focusAfterRender = null;
    if (node) node.focus();
  }
}

function renderHand(yourTurn) {
  const hand = $("hand");
  const drawn = [...snap.drawn];
  const nodes = snap.hand.map((card, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "hand-card";
    button.id = `hand-card-${index}`;
    button.dataset.card = card;
    const isDrawn = drawn.indexOf(card) >= 0;
    if (isDrawn) {
      drawn.splice(drawn.indexOf(card), 1);
      button.classList.add("drawn");
    }
    const playable = yourTurn && snap.legal_moves.some((m) => m.startsWith(`${card} `) || m === `discard ${card}`);
    button.setAttribute("aria-pressed", String(selected === index));
    button.setAttribute("aria-disabled", String(!playable));
    // The name is real (hidden) text rather than aria-label, so it matches what is read and shown.
    const name = Object.assign(document.createElement("span"), {
      className: "visually-hidden", textContent: `${cardName(card)}${isDrawn ? ", just drawn" : ""}`,
    });
    button.append(name, renderCard(card));
    button.addEventListener("click", (event) => chooseCard(index, event.detail === 0));
    return button;
  });
  hand.replaceChildren(...nodes);
  if (!snap.hand.length) hand.append(Object.assign(document.createElement("p"), { className: "empty-hand", textContent: "No cards in hand" }));
}

function renderLog() {
  const log = $("log");
  const items = snap.log.map((entry) => {
    const li = document.createElement("li");
    li.className = `by-${entry.by}`;
    li.dataset.move = entry.text;
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = entry.by === "own" ? "You" : "CPU";
    who.setAttribute("aria-hidden", "true");
    const what = document.createElement("span");
    what.textContent = shortMove(entry);
    what.setAttribute("aria-hidden", "true");
    const spoken = Object.assign(document.createElement("span"), { className: "visually-hidden", textContent: describeMove(entry) });
    li.append(who, what, spoken);
    return li;
  });
  log.replaceChildren(...items);
  log.scrollTop = log.scrollHeight;
}

function renderHandEnd() {
  const s = snap;
  const reason = s.end_reason === "out"
    ? (s.went_out === "own" ? "You went out." : "The computer went out.")
    : "The stock and both hands ran out.";
  $("hand-end-title").textContent = `Hand ${s.game.hand_number} of ${s.game.hands} is over`;
  $("hand-end-reason").textContent = reason;
  renderSquare($("end-opp-square"), s.opp, { layout: s.layout, label: "Computer's square", compact: true });
  renderSquare($("end-own-square"), s.own, { layout: s.layout, label: "Your square", compact: true });
  for (const side of ["own", "opp"]) {
    const lines = s[side].lines;
    $(`end-${side}-lines`).textContent = lines.length
      ? `${lines.length} scoring line${lines.length === 1 ? "" : "s"}: ${lines.map(lineName).join("; ")}`
      : "No scoring line";
  }
  const rows = [
    ["Square value", s.own.raw, s.opp.raw],
    ["Bonus above the line", s.own.bonus, s.opp.bonus],
    ["Going out", -s.own.out_penalty, -s.opp.out_penalty],
    ["Hand score", s.own.score, s.opp.score],
  ];
  $("breakdown-body").replaceChildren(...rows.map(([name, a, b], i) => {
    const tr = document.createElement("tr");
    if (i === rows.length - 1) tr.className = "total";
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = name;
    tr.append(th, ...[a, b].map((v) => Object.assign(document.createElement("td"), { textContent: String(v) })));
    return tr;
  }));
  $("breakdown-body").querySelector("tr.total td").id = "hand-score-own";
  $("breakdown-body").querySelectorAll("tr.total td")[1].id = "hand-score-opp";
  $("sheet-body").replaceChildren(...s.game.sheet.map((row, i) => {
    const tr = document.createElement("tr");
    tr.append(...[i + 1, row.own, row.opp].map((v) => Object.assign(document.createElement("td"), { textContent: String(v) })));
    return tr;
  }));
  const foot = document.createElement("tr");
  foot.append(...["Total", s.game.totals.own, s.game.totals.opp].map((v, i) => {
    const td = document.createElement(i ? "td" : "th");
    td.textContent = String(v);
    if (i === 1) td.id = "total-own";
    if (i === 2) td.id = "total-opp";
    return td;
  }));
  $("sheet-foot").replaceChildren(foot);
  const winner = $("winner");
  winner.hidden = !s.game.over;
  if (s.game.over) {
    const { own, opp } = s.game.totals;
    winner.textContent = s.game.draw ? `A draw, ${own} to ${opp}.`
      : (s.game.winner === "own" ? `You win, ${own} to ${opp}!` : `The computer wins, ${opp} to ${own}.`);
    winner.dataset.winner = s.game.draw ? "draw" : s.game.winner;
  }
  $("next-hand").hidden = s.game.over;
  $("new-game").hidden = !s.game.over;
  const dialog = $("hand-end");
  if (!dialog.open) dialog.showModal();
  (s.game.over ? $("new-game") : $("next-hand")).focus();
}

// ------------------------------------------------------------------ saving
async function save() {
  const { text } = await engine.call("save");
  try {
    localStorage.setItem(SAVE_KEY, text);
  } catch (err) {
    showNotice(`The game could not be saved in this browser: ${err.message}`);
  }
}

function setAside(text, reason) {
  const key = `${UNREADABLE_PREFIX}${new Date().toISOString()}`;
  try {
    localStorage.setItem(key, text);
    localStorage.removeItem(SAVE_KEY);
  } catch {
    // Storage full or blocked: leave the old save where it is rather than lose it.
  }
  showNotice(`Your saved game could not be read (${reason}). It was kept in this browser as “${key}”, and a new game has started.`);
}

// ------------------------------------------------------------------ flow
async function advance() {
  // Runs computer turns and forced passes until the person must choose (or the hand ends).
  busy = true;
  const happened = [];
  try {
    for (;;) {
      render();
      if (snap.over) {
        setPhase(snap.game.over ? "game-over" : "hand-over");
        announce(describeEnd());
        renderHandEnd();
        return;
      }
      if (snap.bot_to_move) {
        setPhase("bot-turn");
        announce("The computer is thinking…");
        await delay(pace);
        const { move, snapshot } = await engine.call("bot_move");
        snap = snapshot;
        await save();
        happened.push(describeMove(move));
        announce(happened[happened.length - 1]);
        continue;
      }
      if (snap.legal_moves.length === 1 && snap.legal_moves[0] === "pass") {
        snap = await engine.call("play", { move: "pass" });
        await save();
        happened.push("You have no cards left and nothing to draw: you pass");
        announce(happened[happened.length - 1]);
        continue;
      }
      break;
    }
  } finally {
    busy = false;
  }
  setPhase("your-turn");
  render();
  if (happened.length) announce(`${happened.slice(-3).join(". ")}. ${yourTurnText()}`);
  else if (!$("status").textContent) announce(yourTurnText());
}

function describeEnd() {
  const own = snap.own.score;
  const opp = snap.opp.score;
  return `Hand over. You score ${own}, the computer ${opp}.`;
}

function yourTurnText() {
  const drawn = snap.drawn.length ? `You drew ${snap.drawn.map(cardName).join(" and ")}. ` : "";
  return `${drawn}Your turn: choose a card.`;
}

async function play(move) {
  if (busy) return;
  selected = null;
  busy = true;
  setPhase("busy");
  try {
    snap = await engine.call("play", { move });
    await save();
  } catch (err) {
    busy = false;
    showNotice(`That move was refused: ${err.message}`);
    setPhase("your-turn");
    render();
    return;
  }
  busy = false;
  const last = snap.log[snap.log.length - 1];
  announce(last ? describeMove(last) : "");
  focusAfterRender = "#hand .hand-card";
  await advance();
}

function chooseCard(index, byKeyboard) {
  if (busy || !snap || snap.to_move !== "own") return;
  selected = selected === index ? null : index;
  const card = selectedCard();
  if (card) {
    const { targets, discard } = movesOf(card);
    const where = [...[...targets.own].map((s) => `your space ${s}`), ...[...targets.opp].map((s) => `computer's space ${s}`)];
    if (discard) where.push("the discard pile");
    announce(where.length ? `${cardName(card)}: may go to ${where.join(", ")}.` : `${cardName(card)} cannot be played now.`);
    if (byKeyboard) {
      const first = targets.own.size ? `#own-space-${[...targets.own][0]}`
        : targets.opp.size ? `#opp-space-${[...targets.opp][0]}` : discard ? "#discard-target" : null;
      focusAfterRender = first ?? `#hand-card-${index}`;
    } else {
      focusAfterRender = `#hand-card-${index}`;
    }
  } else {
    announce("No card chosen.");
    focusAfterRender = `#hand-card-${index}`;
  }
  render();
}

async function startNew(options) {
  const args = {};
  for (const key of ["variant", "level"]) if (options[key]) args[key] = String(options[key]);
  if (options.hands !== undefined && options.hands !== null && options.hands !== "") args.hands = Number(options.hands);
  if (options.seed !== undefined && options.seed !== null) args.seed = Number(options.seed);
  if (options.botseed !== undefined && options.botseed !== null) args.bot_seed = Number(options.botseed);
  for (const key of ["hands", "seed", "bot_seed"]) {
    if (key in args && !Number.isSafeInteger(args[key])) throw Object.assign(new Error(`${key} must be a whole number`), { kind: "bad_request" });
  }
  const result = await engine.call("new_game", args);
  selected = null;
  return result;
}

async function newGameFromSettings(settings) {
  setPhase("busy");
  const old = localStorage.getItem(SAVE_KEY);
  if (old) localStorage.setItem(PREVIOUS_KEY, old);
  snap = await startNew(settings);
  await save();
  $("notice").hidden = true;
  announce("New game. " + yourTurnText());
  await advance();
}

// ------------------------------------------------------------------ dialogs
function fillSettings() {
  const settings = { variant: "standard", level: levelsInfo.default, hands: 4, ...validSettings() };
  const fill = (select, values, current, label = titleCase) => {
    select.replaceChildren(...values.map((v) => Object.assign(document.createElement("option"), { value: String(v), textContent: label(v) })));
    select.value = values.map(String).includes(String(current)) ? String(current) : String(values[0]);
  };
  fill($("set-variant"), levelsInfo.variants, snap?.variant ?? settings.variant);
  fill($("set-level"), levelsInfo.levels, snap?.level ?? settings.level,
    (v) => titleCase(v) + (v === levelsInfo.default ? " (recommended)" : ""));
  fill($("set-hands"), [1, 2, 3, 4, 5, 6, 8, 10], snap?.game.hands ?? settings.hands, String);
  $("variant-hint").textContent = VARIANT_HINTS[$("set-variant").value] ?? "";
}

function wireUi() {
  $("reload").addEventListener("click", () => location.reload());
  $("notice-close").addEventListener("click", () => { $("notice").hidden = true; });
  $("go-out").addEventListener("click", () => play("out"));
  $("end-turn").addEventListener("click", () => play("end"));
  $("discard-target").addEventListener("click", () => {
    const card = selectedCard();
    if (card && snap.legal_moves.includes(`discard ${card}`)) play(`discard ${card}`);
  });
  $("show-discards").addEventListener("click", () => {
    const list = $("discards-list");
    list.replaceChildren(...(snap?.discards ?? []).map((card) => {
      const li = document.createElement("li");
      li.append(renderCard(card));
      li.setAttribute("aria-label", cardName(card));
      return li;
    }));
    if (!snap?.discards.length) list.append(Object.assign(document.createElement("li"), { textContent: "No discards yet." }));
    $("discards-dialog").showModal();
  });
  $("discards-close").addEventListener("click", () => $("discards-dialog").close());
  $("open-rules").addEventListener("click", () => $("rules").showModal());
  $("rules-close").addEventListener("click", () => $("rules").close());
  $("open-settings").addEventListener("click", () => { fillSettings(); $("settings").showModal(); });
  $("set-variant").addEventListener("change", () => { $("variant-hint").textContent = VARIANT_HINTS[$("set-variant").value] ?? ""; });
  $("settings-cancel").addEventListener("click", () => $("settings").close());
  $("settings-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!engine || busy) return;
    const settings = { variant: $("set-variant").value, level: $("set-level").value, hands: Number($("set-hands").value) };
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
    $("settings").close();
    $("hand-end").close();
    await newGameFromSettings(settings);
  });
  $("review-table").addEventListener("click", () => $("hand-end").close());
  $("show-result").addEventListener("click", () => renderHandEnd());
  $("next-hand").addEventListener("click", async () => {
    if (busy) return;
    setPhase("busy");
    $("hand-end").close();
    snap = await engine.call("next_hand");
    await save();
    announce(`Hand ${snap.game.hand_number} dealt.`);
    await advance();
  });
  $("new-game").addEventListener("click", async () => {
    $("hand-end").close();
    await newGameFromSettings({ variant: snap.variant, level: snap.level, hands: snap.game.hands });
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && selected !== null && !document.querySelector("dialog[open]")) {
      const index = selected;
      selected = null;
      focusAfterRender = `#hand-card-${index}`;
      announce("No card chosen.");
      render();
    }
  });
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const mark = () => { if (navigator.serviceWorker.controller) document.documentElement.dataset.sw = "controlled"; };
  mark();
  navigator.serviceWorker.addEventListener("controllerchange", mark);
  navigator.serviceWorker.register("sw.js").catch((err) => console.warn("service worker:", err.message));
}

function showLoadError(err) {
  setPhase("error");
  $("load-error-text").textContent = err.kind === "timeout"
    ? `${err.message} Your connection may be slow, or this browser may block WebAssembly. Try again, or use a current Chrome, Firefox, Edge or Safari.`
    : `${err.message} Try again, or use a current Chrome, Firefox, Edge or Safari.`;
  $("load-error").hidden = false;
  $("loading-title").textContent = "The game could not start";
}

async function boot() {
  setPhase("loading");
  wireUi();
  engine = getEngine({
    onProgress: ({ fraction, label }) => {
      $("load-progress").value = fraction;
      $("load-label").textContent = `${label} – ${Math.round(fraction * 100)}%`;
    },
  });
  try {
    await engine.ready;
    // Registered only now so that its precache download does not slow down the first start.
    registerServiceWorker();
    levelsInfo = await engine.call("levels");
  } catch (err) {
    showLoadError(err);
    return;
  }
  const wanted = GAME_PARAMS.some((key) => params.has(key));
  const saved = localStorage.getItem(SAVE_KEY);
  try {
    if (wanted) {
      const options = Object.fromEntries(GAME_PARAMS.filter((k) => params.has(k)).map((k) => [k, params.get(k)]));
      try {
        snap = await startNew({ ...validSettings(), ...options });
      } catch (err) {
        showNotice(`The link's game settings were not understood (${err.message}); a default game started.`);
        snap = await startNew(validSettings());
      }
      const keep = new URLSearchParams(location.search);
      for (const key of GAME_PARAMS) keep.delete(key);
      history.replaceState(null, "", location.pathname + (keep.toString() ? `?${keep}` : ""));
      if (saved) localStorage.setItem(PREVIOUS_KEY, saved);
      await save();
    } else if (saved) {
      try {
        snap = await engine.call("restore", { text: saved });
      } catch (err) {
        if (err.kind !== "corrupt_save") throw err;
        setAside(saved, err.message);
        snap = await startNew(validSettings());
        await save();
      }
    } else {
      snap = await startNew(validSettings());
      await save();
    }
  } catch (err) {
    showLoadError(err);
    return;
  }
  $("loading").hidden = true;
  $("table").hidden = false;
  announce(yourTurnText());
  await advance();
}

boot();
