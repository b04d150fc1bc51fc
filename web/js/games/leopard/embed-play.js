// embed.html?mode=play: a compact game against the computer for a host page's frame. The engine's
// snapshot says everything (hand, squares, legal moves, scores); this module draws it, sends back the
// move the person chose and asks for the computer's moves. It tells the host when a hand and the game
// are over (embed-messages.js). With opponent=human two people play on one device: the names are
// asked first and a hand-over screen comes up between turns (pass-and-play.js); no computer move
// is ever asked for, and the frame holds no hand while the screen is up.

import { renderSquare } from "./cards/square-view.js";
import { cardShort } from "../../cards/cards.js";
import { parsePlay } from "./cards/notation.js";
import { post } from "../../embed/messages.js";
import { labelCardButton, nameSpacesByText } from "./cards/diagram.js";
import { HandoverPanel, askNames, shownName } from "./embed-pass-and-play.js";
import { problemText } from "../../embed/words.js";
import { t } from "../../platform/i18n/i18n.js";
import { el } from "../../platform/dom.js";
import { EmbedBoard } from "../../embed/board.js";
import { reviewLink } from "./review/review-link.js";

function button(text, className, onClick) {
  const b = el("button", className, text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

/** A computer move from the log, in words (a jack or queen it played face down stays unnamed). */
function describeBotMove(entry) {
  const params = { card: entry.card, space: entry.space };
  switch (entry.kind) {
    case "play": {
      const where = entry.square === "opp" ? "Own" : "Yours"; // "opp" is the computer's own square
      return t(`embed.play.bot.${entry.card ? "play" : "hidden"}${where}`, params);
    }
    case "discard": return t("embed.play.bot.discard", params);
    case "out": return t("embed.play.bot.out");
    case "end": return t("embed.play.bot.end");
    case "pass": return t("embed.play.bot.pass");
    default: return t("embed.play.bot.unknown", { move: entry.text });
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
    if (canDiscard) return t("embed.play.hint.playOrDiscard");
    return t(canEnd ? "embed.play.hint.playOrEnd" : "embed.play.hint.play");
  }
  if (canDiscard) return t("embed.play.hint.noPlayDiscard");
  return t(canEnd ? "embed.play.hint.noPlayEnd" : "embed.play.hint.noPlay");
}

export class PlayBoard extends EmbedBoard {
  /** @param {HTMLElement} root @param {any} settings @param {import("../../embed/board.js").FrameHelpers} helpers */
  constructor(root, settings, helpers) {
    super(root, settings, helpers);
    this.snap = null;
    this.selected = null;
    this.busy = true;
    this.lastBot = "";
    this.box = el("div", "embed-play");
    this.status = el("p", "embed-status", t("embed.play.shuffling"));
    this.status.setAttribute("aria-live", "polite");
    this.meter = el("progress", "embed-progress");
    this.meter.max = 1;
    this.meter.value = 0;
    this.meter.setAttribute("aria-label", t("embed.play.loading"));
    this.info = el("p", "embed-info");
    this.oppBox = el("section", "embed-side");
    this.ownBox = el("section", "embed-side");
    this.oppBox.append(el("h2", "", t("embed.play.computerSquare")), el("div", "embed-board"), el("p", "embed-value"));
    this.ownBox.append(el("h2", "", t("embed.play.yourSquare")), el("div", "embed-board"), el("p", "embed-value"));
    const boards = el("div", "embed-boards");
    boards.append(this.oppBox, this.ownBox);
    this.boards = boards;
    this.handover = new HandoverPanel(() => this.reveal());
    this.hand = el("ul", "embed-hand");
    this.hand.setAttribute("aria-label", t("embed.play.yourHand"));
    this.actions = el("div", "embed-actions");
    this.discardButton = button(t("embed.play.discard"), "ghost", () => this.act(`discard ${this.selected}`));
    this.outButton = button(t("embed.play.goOut"), "", () => this.act("out"));
    this.endButton = button(t("embed.play.endTurn"), "ghost", () => this.act("end"));
    this.passButton = button(t("embed.play.pass"), "ghost", () => this.act("pass"));
    this.discardButton.dataset.action = "discard";
    this.outButton.dataset.action = "out";
    this.endButton.dataset.action = "end";
    this.passButton.dataset.action = "pass";
    this.actions.append(this.discardButton, this.outButton, this.endButton, this.passButton);
    /** @type {string|null} the address reviewing the finished game on the game's page */
    this.review = null;
    this.result = el("section", "embed-result");
    this.result.hidden = true;
    // Nothing of the table before there is a game: no square headings, no dead buttons (above a
    // pass-and-play names form, or while Python starts). render() shows them.
    this.boards.hidden = true;
    this.hand.hidden = true;
    this.actions.hidden = true;
    this.box.append(this.status, this.meter, this.handover.box, boards, this.hand, this.actions, this.info, this.result);
    root.replaceChildren(this.box, this.credit());
    root.dataset.turn = "loading";
  }

  /** Python's start-up progress (the bar; the status keeps saying the decks are being shuffled). */
  progress(p) {
    this.meter.value = p.fraction || 0;
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
      this.status.textContent = t("embed.play.enterNames");
      this.root.dataset.turn = "names";
      await askNames(this.box, this.settings.names ?? [], async (names) => {
        try {
          this.snap = await engine.call("new_game", { ...args, names });
          this.names = this.snap.names;
          return "";
        } catch (err) {
          return problemText(err);
        }
      });
    } else {
      try {
        this.snap = await engine.call("new_game", args);
      } catch (err) {
        this.showProblem(problemText(err));
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
        this.status.textContent = t("embed.play.thinking");
        if (this.settings.pace) await new Promise((resolve) => setTimeout(resolve, this.settings.pace));
        const answer = await this.engine.call("bot_move", {});
        this.snap = answer.snapshot;
        this.lastBot = describeBotMove(answer.move);
        this.lastBotPlace = answer.move.kind === "play" ? { side: answer.move.square, space: answer.move.space } : null;
        this.render();
      }
    } catch (err) {
      this.showProblem(t("embed.problem.gameStopped", { detail: problemText(err) }));
      return;
    }
    this.busy = false;
    if (this.snap.over) this.handOver();
    this.render();
    if (this.snap.handover) this.handover.show(shownName(this.snap.to_move_name));
  }

  /** Pass-and-play: the player to move holds the device; show their hand. */
  async reveal() {
    if (this.busy || !this.snap?.handover) return;
    this.busy = true;
    try {
      this.snap = await this.engine.call("reveal", {});
    } catch (err) {
      this.showProblem(t("embed.problem.gameStopped", { detail: problemText(err) }));
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
      this.status.textContent = t("embed.play.refused", { reason: problemText(err) });
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
    if (s.game.over && !this.people) this.offerReview();
    if (s.game.over) {
      post("game-over", {
        ...players,
        totals: { you: s.game.totals.own, computer: s.game.totals.opp },
        winner: who(s.game.winner), draw: Boolean(s.game.draw),
      });
    }
  }

  /**
   * A finished game against the computer can be reviewed on the game's page (review-link.js): a
   * link opening it in a new tab with the game's save, once the engine has given it.
   */
  async offerReview() {
    this.review = null;
    try {
      const { text } = await this.engine.call("save", {});
      this.review = reviewLink(text, location.href);
    } catch {
      return; // no save, no link: the result stands as it is
    }
    this.renderResult();
  }

  /** Words and buttons for the end of a hand. */
  renderResult() {
    const s = this.snap;
    this.result.hidden = !s.over;
    if (!s.over) return;
    const line = (name, sq) => {
      const key = sq.bonus ? (sq.out_penalty ? "bonusOut" : "bonus") : (sq.out_penalty ? "out" : "plain");
      const params = { name, raw: sq.raw, bonus: sq.bonus, penalty: sq.out_penalty, score: sq.score };
      return el("li", "", t(`embed.play.score.${key}`, params));
    };
    const list = el("ul", "embed-scores");
    const names = this.sideNames();
    list.append(line(names.own, s.own), line(names.opp, s.opp));
    const heading = el("h2", "", s.game.over ? t("embed.play.gameOver")
      : t("embed.play.handOverTitle", { hand: s.game.hand_number, hands: s.game.hands }));
    const totals = el("p", "embed-totals", t(this.people ? "embed.play.totalsPeople" : "embed.play.totals", {
      ownName: names.own, own: s.game.totals.own, oppName: names.opp, opp: s.game.totals.opp,
    }));
    /** @type {HTMLElement[]} */
    const parts = [heading, list, totals];
    if (s.game.over) {
      const verdict = s.game.draw ? t("embed.play.draw")
        : this.people ? t("embed.play.personWins", { name: names[s.game.winner === "own" ? "own" : "opp"] })
          : t(s.game.winner === "own" ? "embed.play.youWin" : "embed.play.computerWins");
      parts.push(el("p", "embed-verdict", verdict), button(t("embed.play.newGame"), "", () => this.newGame()));
      if (this.review) {
        const link = el("a", "button ghost embed-review", t("embed.play.review"));
        link.href = this.review;
        link.target = "_blank";
        link.rel = "noopener";
        parts.push(link);
      }
    } else {
      parts.push(button(t("embed.play.nextHand"), "", () => this.nextHand()));
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
    this.review = null;
    this.lastBot = "";
    this.render();
    await this.continue();
  }

  /** "You" and "Computer", or the players' names (own = the side the snapshot shows at the bottom). */
  sideNames() {
    const s = this.snap;
    return this.people && s?.players ? { own: shownName(s.players.own), opp: shownName(s.players.opp) }
      : { own: t("embed.play.you"), opp: t("embed.play.computer") };
  }

  /** The computer's last move (when there is one), then a sentence. @param {string} before @param {string} after */
  then(before, after) {
    return before ? t("embed.play.then", { before, after }) : after;
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
    this.oppBox.querySelector("h2").textContent = this.people ? t("embed.play.personSquare", { name: names.opp })
      : t("embed.play.computerSquare");
    this.ownBox.querySelector("h2").textContent = this.people ? t("embed.play.personSquare", { name: names.own })
      : t("embed.play.yourSquare");
    this.hand.setAttribute("aria-label", this.people ? t("embed.play.personHand", { name: names.own })
      : t("embed.play.yourHand"));
    const legal = this.busy ? [] : s.legal_moves;
    const plays = legal.map(parsePlay).filter((p) => p && p.card === this.selected);
    for (const [side, box] of /** @type {Array<[string, HTMLElement]>} */ ([["opp", this.oppBox], ["own", this.ownBox]])) {
      const label = box.querySelector("h2").textContent;
      const sq = s[side];
      nameSpacesByText(renderSquare(box.querySelector(".embed-board"), sq, {
        layout: s.layout, label, idPrefix: `play-${side}`,
        highlight: this.lastBotPlace && this.lastBotPlace.side === side ? this.lastBotPlace.space : null,
        targets: plays.filter((p) => p.side === side).map((p) => p.space),
        onSpace: (space) => this.act(`${this.selected} to ${side} ${space}`),
      }));
      box.querySelector(".embed-value").textContent = t("embed.play.worth", { count: sq.raw });
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
      ? t("embed.play.goOut") : t("embed.play.goOutScore", { score: s.out_score });
    this.endButton.hidden = !legal.includes("end");
    this.passButton.hidden = !legal.includes("pass");
    this.info.textContent = t(this.people ? "embed.play.infoPeople" : "embed.play.info", {
      hand: s.game.hand_number, hands: s.game.hands, stock: s.stock_count,
      top: s.discards.length ? cardShort(s.discards[s.discards.length - 1]) : t("embed.play.emptyPile"),
      ownName: names.own, own: s.game.totals.own, oppName: names.opp, opp: s.game.totals.opp,
    });
    this.root.dataset.ply = String(s.log.length);
    this.root.dataset.hand = String(s.game.hand_number);
    if (passing) {
      this.root.dataset.turn = "pass-device";
      this.status.textContent = t("embed.play.passTo", { name: shownName(s.to_move_name) });
    } else if (s.over) {
      this.root.dataset.turn = s.game.over ? "game-over" : "hand-over";
      this.status.textContent = this.then(this.lastBot, t("embed.play.handOver"));
    } else if (!this.busy && s.to_move === "own") {
      this.root.dataset.turn = "you";
      const hint = this.selected ? cardHint(plays.length > 0, legal, this.selected) : t("embed.play.chooseCard");
      this.status.textContent = this.then(this.lastBot, hint);
    }
    this.renderResult();
  }
}
