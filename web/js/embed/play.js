// embed.html?mode=play: a compact game against the computer for a host page's frame. The engine's
// snapshot says everything (hand, squares, legal moves, scores); this module draws it, sends back the
// move the person chose and asks for the computer's moves. It tells the host when a hand and the game
// are over (embed-messages.js). With opponent=human two people play on one device: the names are
// asked first and a hand-over screen comes up between turns (pass-and-play.js); no computer move
// is ever asked for, and the frame holds no hand while the screen is up.

import { renderSquare, cardName, cardShort } from "../cards/square-view.js";
import { parsePlay } from "../cards/notation.js";
import { post } from "./messages.js";
import { labelCardButton, nameSpacesByText } from "../cards/diagram.js";
import { HandoverPanel, askNames } from "./pass-and-play.js";

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(text, className, onClick) {
  const b = el("button", className, text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

/** A computer move from the log, in words. */
function describeBotMove(entry) {
  const card = entry.card ? cardName(entry.card) : "a face-down card";
  switch (entry.kind) {
    case "play": return `The computer played the ${card} on ${entry.square === "opp" ? "its" : "your"} space ${entry.space}.`;
    case "discard": return `The computer discarded the ${card}.`;
    case "out": return "The computer went out.";
    case "end": return "The computer ended its turn.";
    case "pass": return "The computer passed.";
    default: return `The computer: ${entry.text}.`;
  }
}

/**
 * What the person may do with the chosen card, from the engine's legal moves: in running Leopard,
 * once a card has been played this turn, discarding is no longer legal and "End turn" is (R8.3).
 * @param {boolean} playable  whether the card has a lit space
 * @param {string[]} legal    the engine's legal moves
 * @param {string} card       the chosen card
 */
export function cardHint(playable, legal, card) {
  const canDiscard = legal.includes(`discard ${card}`);
  const canEnd = legal.includes("end");
  if (playable) {
    if (canDiscard) return "Tap a lit space to play it, or discard it.";
    return canEnd ? "Tap a lit space to play it, or press End turn." : "Tap a lit space to play it.";
  }
  if (canDiscard) return "That card cannot be played now: discard it or choose another.";
  return canEnd ? "That card cannot be played now: choose another or press End turn."
    : "That card cannot be played now: choose another.";
}

export class PlayBoard {
  constructor(root, settings, { credit, showProblem }) {
    this.root = root;
    this.settings = settings;
    this.showProblem = showProblem;
    this.snap = null;
    this.selected = null;
    this.busy = true;
    this.lastBot = "";
    this.box = el("div", "embed-play");
    this.status = el("p", "embed-status", "Shuffling the decks\u2026");
    this.status.setAttribute("aria-live", "polite");
    this.meter = el("progress", "embed-progress");
    this.meter.max = 1;
    this.meter.value = 0;
    this.meter.setAttribute("aria-label", "Loading the game");
    this.info = el("p", "embed-info");
    this.oppBox = el("section", "embed-side");
    this.ownBox = el("section", "embed-side");
    this.oppBox.append(el("h2", "", "Computer's square"), el("div", "embed-board"), el("p", "embed-value"));
    this.ownBox.append(el("h2", "", "Your square"), el("div", "embed-board"), el("p", "embed-value"));
    const boards = el("div", "embed-boards");
    boards.append(this.oppBox, this.ownBox);
    this.boards = boards;
    this.handover = new HandoverPanel(() => this.reveal());
    this.hand = el("ul", "embed-hand");
    this.hand.setAttribute("aria-label", "Your hand");
    this.actions = el("div", "embed-actions");
    this.discardButton = button("Discard", "ghost", () => this.act(`discard ${this.selected}`));
    this.outButton = button("Go out", "", () => this.act("out"));
    this.endButton = button("End turn", "ghost", () => this.act("end"));
    this.passButton = button("Pass", "ghost", () => this.act("pass"));
    this.discardButton.dataset.action = "discard";
    this.outButton.dataset.action = "out";
    this.endButton.dataset.action = "end";
    this.passButton.dataset.action = "pass";
    this.actions.append(this.discardButton, this.outButton, this.endButton, this.passButton);
    this.result = el("section", "embed-result");
    this.result.hidden = true;
    this.box.append(this.status, this.meter, this.handover.box, boards, this.hand, this.actions, this.info, this.result);
    root.replaceChildren(this.box, credit());
    root.dataset.turn = "loading";
  }

  /** Python's start-up progress. */
  progress(p) {
    this.meter.value = p.fraction || 0;
    this.status.textContent = `${p.label || "Starting Python"}\u2026`;
  }

  /** True in a game between two people on this device. */
  get people() {
    return this.settings.opponent === "human";
  }

  /** The new_game arguments of the address's settings. */
  gameArgs() {
    const args = { variant: this.settings.variant };
    if (this.people) {
      args.opponent = "human";
      args.names = this.names;
    } else if (this.settings.level) {
      args.level = this.settings.level;
    }
    if (this.settings.hands !== undefined) args.hands = this.settings.hands;
    return args;
  }

  /** Start the game (engine ready). */
  async fill(engine) {
    this.engine = engine;
    const args = this.gameArgs();
    if (this.settings.seed !== undefined) args.seed = this.settings.seed;
    if (!this.people && this.settings.botseed !== undefined) args.bot_seed = this.settings.botseed;
    if (this.people) {
      // Both players type their names; the engine checks them, and its reason stays in the form.
      this.meter.hidden = true;
      this.status.textContent = "Enter both players' names.";
      this.root.dataset.turn = "names";
      await askNames(this.box, this.settings.names ?? [], async (names) => {
        try {
          this.snap = await engine.call("new_game", { ...args, names });
          this.names = this.snap.names;
          return "";
        } catch (err) {
          return `${err.message}.`;
        }
      });
    } else {
      try {
        this.snap = await engine.call("new_game", args);
      } catch (err) {
        this.showProblem(err.message);
        return;
      }
    }
    this.meter.hidden = true;
    this.render();
    this.root.dataset.state = "ready";
    post("ready", { hand: this.snap.game.hand_number, hands: this.snap.game.hands, variant: this.snap.variant });
    await this.continue();
  }

  /** Let the computer move while it is its turn, then end the hand if it is over. */
  async continue() {
    this.busy = true;
    try {
      while (this.snap.bot_to_move) {
        this.root.dataset.turn = "computer";
        this.status.textContent = "The computer is thinking\u2026";
        if (this.settings.pace) await new Promise((resolve) => setTimeout(resolve, this.settings.pace));
        const answer = await this.engine.call("bot_move", {});
        this.snap = answer.snapshot;
        this.lastBot = describeBotMove(answer.move);
        this.lastBotPlace = answer.move.kind === "play" ? { side: answer.move.square, space: answer.move.space } : null;
        this.render();
      }
    } catch (err) {
      this.showProblem(`The game stopped: ${err.message}`);
      return;
    }
    this.busy = false;
    if (this.snap.over) this.handOver();
    this.render();
    if (this.snap.handover) this.handover.show(this.snap.to_move_name);
  }

  /** Pass-and-play: the player to move holds the device; show their hand. */
  async reveal() {
    if (this.busy || !this.snap?.handover) return;
    this.busy = true;
    try {
      this.snap = await this.engine.call("reveal", {});
    } catch (err) {
      this.showProblem(`The game stopped: ${err.message}`);
      return;
    }
    this.handover.hide();
    this.lastBot = "";
    await this.continue();
  }

  /** Send the person's move. */
  async act(move) {
    if (this.busy || !this.snap || !this.snap.legal_moves.includes(move)) return;
    this.busy = true;
    try {
      this.snap = await this.engine.call("play", { move });
    } catch (err) {
      this.busy = false;
      this.status.textContent = `That move was refused: ${err.message}`;
      return;
    }
    this.selected = null;
    this.lastBot = "";
    this.lastBotPlace = null;
    await this.continue();
  }

  /** Choose a card of the hand (again: unchoose). */
  choose(card) {
    if (this.busy) return;
    this.selected = this.selected === card ? null : card;
    this.render();
  }

  /** Report the end of a hand (and of the game) to the host, and show the scores. */
  handOver() {
    const s = this.snap;
    const who = (side) => (side === "own" ? "you" : side === "opp" ? "computer" : null);
    // Pass-and-play: "you" is the first player and "computer" the second, named in "players".
    const players = this.people ? { players: { you: s.players.own, computer: s.players.opp } } : {};
    post("hand-over", {
      ...players,
      hand: s.game.hand_number, hands: s.game.hands, end_reason: s.end_reason, went_out: who(s.went_out),
      scores: { you: s.own.score, computer: s.opp.score },
      raw: { you: s.own.raw, computer: s.opp.raw },
      totals: { you: s.game.totals.own, computer: s.game.totals.opp },
    });
    if (s.game.over) {
      post("game-over", {
        ...players,
        totals: { you: s.game.totals.own, computer: s.game.totals.opp },
        winner: who(s.game.winner), draw: Boolean(s.game.draw),
      });
    }
  }

  /** Words and buttons for the end of a hand. */
  renderResult() {
    const s = this.snap;
    this.result.hidden = !s.over;
    if (!s.over) return;
    const line = (name, sq) => {
      let text = `${name}: raw ${sq.raw}`;
      if (sq.bonus) text += ` + bonus ${sq.bonus}`;
      if (sq.out_penalty) text += ` \u2212 ${sq.out_penalty} for going out`;
      return el("li", "", `${text} = ${sq.score}`);
    };
    const list = el("ul", "embed-scores");
    const names = this.sideNames();
    list.append(line(names.own, s.own), line(names.opp, s.opp));
    const heading = el("h2", "", s.game.over ? "Game over" : `Hand ${s.game.hand_number} of ${s.game.hands} is over`);
    const totals = el("p", "embed-totals", this.people
      ? `Totals: ${names.own} ${s.game.totals.own}, ${names.opp} ${s.game.totals.opp}.`
      : `Totals: you ${s.game.totals.own}, computer ${s.game.totals.opp}.`);
    const parts = [heading, list, totals];
    if (s.game.over) {
      const verdict = s.game.draw ? "It is a draw."
        : this.people ? `${names[s.game.winner === "own" ? "own" : "opp"]} wins!`
          : s.game.winner === "own" ? "You win!" : "The computer wins.";
      parts.push(el("p", "embed-verdict", verdict), button("New game", "", () => this.newGame()));
    } else {
      parts.push(button("Next hand", "", () => this.nextHand()));
    }
    this.result.replaceChildren(...parts);
  }

  /** Deal the next hand. */
  async nextHand() {
    if (this.busy) return;
    this.busy = true;
    this.snap = await this.engine.call("next_hand", {});
    this.lastBot = "";
    this.render();
    await this.continue();
  }

  /** Start a fresh game with the same settings (new random deal). */
  async newGame() {
    if (this.busy) return;
    this.busy = true;
    this.snap = await this.engine.call("new_game", this.gameArgs());
    this.lastBot = "";
    this.render();
    await this.continue();
  }

  /** "You" and "Computer", or the players' names (own = the side the snapshot shows at the bottom). */
  sideNames() {
    const s = this.snap;
    return this.people && s?.players ? { own: s.players.own, opp: s.players.opp } : { own: "You", opp: "Computer" };
  }

  /** Draw the whole table from the snapshot. */
  render() {
    const s = this.snap;
    if (!s) return;
    const names = this.sideNames();
    const passing = Boolean(s.handover);
    this.boards.hidden = passing;
    this.hand.hidden = passing;
    this.actions.hidden = passing;
    this.oppBox.querySelector("h2").textContent = this.people ? `${names.opp}’s square` : "Computer's square";
    this.ownBox.querySelector("h2").textContent = this.people ? `${names.own}’s square` : "Your square";
    this.hand.setAttribute("aria-label", this.people ? `${names.own}’s hand` : "Your hand");
    const legal = this.busy ? [] : s.legal_moves;
    const plays = legal.map(parsePlay).filter((p) => p && p.card === this.selected);
    for (const [side, box] of [["opp", this.oppBox], ["own", this.ownBox]]) {
      const label = box.querySelector("h2").textContent;
      const sq = s[side];
      nameSpacesByText(renderSquare(box.querySelector(".embed-board"), sq, {
        layout: s.layout, label, idPrefix: `play-${side}`,
        highlight: this.lastBotPlace && this.lastBotPlace.side === side ? this.lastBotPlace.space : null,
        targets: plays.filter((p) => p.side === side).map((p) => p.space),
        onSpace: (space) => this.act(`${this.selected} to ${side} ${space}`),
      }));
      box.querySelector(".embed-value").textContent = `Worth ${sq.raw} ${sq.raw === 1 ? "point" : "points"}`;
    }
    this.hand.replaceChildren();
    s.hand.forEach((card, index) => {
      const item = el("li");
      const b = button("", `embed-card ${/[HD]$/.test(card) ? "red" : "black"}`, () => this.choose(card));
      labelCardButton(b, card);
      b.id = `play-card-${index}`;
      b.dataset.card = card;
      b.setAttribute("aria-pressed", String(card === this.selected));
      b.disabled = this.busy || s.over || s.to_move !== "own";
      item.append(b);
      this.hand.append(item);
    });
    this.discardButton.hidden = !this.selected || !legal.some((m) => m.startsWith("discard "));
    this.discardButton.disabled = !legal.includes(`discard ${this.selected}`);
    this.outButton.hidden = !legal.includes("out");
    this.outButton.textContent = s.out_score === null || s.out_score === undefined
      ? "Go out" : `Go out (score ${s.out_score})`;
    this.endButton.hidden = !legal.includes("end");
    this.passButton.hidden = !legal.includes("pass");
    this.info.textContent = `Hand ${s.game.hand_number} of ${s.game.hands} \u00b7 stock ${s.stock_count}`
      + ` \u00b7 discard pile ${s.discards.length ? cardShort(s.discards[s.discards.length - 1]) : "empty"}`
      + (this.people ? ` \u00b7 totals: ${names.own} ${s.game.totals.own}, ${names.opp} ${s.game.totals.opp}`
        : ` \u00b7 totals: you ${s.game.totals.own}, computer ${s.game.totals.opp}`);
    this.root.dataset.ply = String(s.log.length);
    this.root.dataset.hand = String(s.game.hand_number);
    if (passing) {
      this.root.dataset.turn = "pass-device";
      this.status.textContent = `Pass the device to ${s.to_move_name}.`;
    } else if (s.over) {
      this.root.dataset.turn = s.game.over ? "game-over" : "hand-over";
      this.status.textContent = `${this.lastBot} The hand is over.`.trim();
    } else if (!this.busy && s.to_move === "own") {
      this.root.dataset.turn = "you";
      const hint = this.selected ? cardHint(plays.length > 0, legal, this.selected) : "Your turn: choose a card.";
      this.status.textContent = `${this.lastBot} ${hint}`.trim();
    }
    this.renderResult();
  }
}
