// The end of a hand and the end of the game. A hand's end shows both squares with their scoring
// lines, the hand's breakdown (R7) and the score sheet; the game's end is a result screen of its
// own: the winner, the sheet hand by hand, play again or change the settings.

import { lineName, renderSquare } from "./cards/square-view.js";
import { t } from "../../platform/i18n/i18n.js";
import { byId, button, dialog, el } from "../../platform/dom.js";
import { versusText } from "./challenge.js";
import { dailyText } from "./daily.js";
import { sideNames } from "./players.js";
import { levelWord, signedNumber, variantWord } from "./dialog-words.js";

/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */

/** A table row; the first cell is a row header when header is true. @param {(string|number)[]} values @param {boolean} [header] */
function row(values, header = false) {
  const tr = el("tr");
  tr.append(...values.map((v, i) => {
    const cell = el(header && i === 0 ? "th" : "td", "", String(v));
    if (header && i === 0 && cell instanceof HTMLTableCellElement) cell.scope = "row";
    return cell;
  }));
  return tr;
}

/**
 * Name both sides on the end dialogs' fixed labels (the squares' captions, the sheets' columns):
 * the players' names between two people, else "You" and "Computer".
 * @param {Snapshot} s
 */
function labelSides(s) {
  const names = sideNames(s);
  const own = names.people ? names.own : t("dialogs.you");
  const opp = names.people ? names.opp : t("dialogs.computer");
  const captions = dialog("hand-end").querySelectorAll(".end-squares figcaption");
  if (captions.length === 2) {
    captions[0].textContent = opp;
    captions[1].textContent = own;
  }
  for (const id of ["hand-end", "result"]) {
    for (const head of dialog(id).querySelectorAll("thead tr")) {
      const cells = head.querySelectorAll("th");
      if (cells.length >= 3) {
        cells[1].textContent = own;
        cells[2].textContent = opp;
      }
    }
  }
}

/** Who won, in words. @param {Snapshot} s */
export function winnerText(s) {
  const { own, opp } = s.game.totals;
  if (s.game.draw) return t("dialogs.result.draw", { own, opp });
  const names = sideNames(s);
  if (names.people) {
    return s.game.winner === "own"
      ? t("dialogs.result.personWins", { name: names.own, won: own, lost: opp })
      : t("dialogs.result.personWins", { name: names.opp, won: opp, lost: own });
  }
  return s.game.winner === "own" ? t("dialogs.result.youWin", { own, opp }) : t("dialogs.result.computerWins", { own, opp });
}

/** Open a modal dialog at its top, focusing its main button without scrolling to it. @param {HTMLDialogElement} box @param {HTMLElement} main */
function openAtTop(box, main) {
  if (!box.open) box.showModal();
  main.focus({ preventScroll: true });
  box.scrollTop = 0;
}

/** Fill the hand-end dialog from the snapshot of a finished hand and open it. @param {Snapshot} s */
export function showHandEnd(s) {
  const names = sideNames(s);
  labelSides(s);
  const outSide = s.went_out === "own" ? "own" : "opp";
  const reason = s.end_reason === "out"
    ? (names.people ? t("dialogs.handEnd.out.person", { name: names[outSide] })
      : t(outSide === "own" ? "dialogs.handEnd.out.you" : "dialogs.handEnd.out.computer"))
    : t("dialogs.handEnd.exhausted");
  byId("hand-end-title").textContent = t("dialogs.handEnd.titleOf", { hand: s.game.hand_number, hands: s.game.hands });
  byId("hand-end-reason").textContent = reason;
  /** @param {"own"|"opp"} side */
  const squareLabel = (side) => (names.people ? t("dialogs.handEnd.square.person", { name: names[side] })
    : t(side === "own" ? "dialogs.handEnd.square.you" : "dialogs.handEnd.square.computer"));
  renderSquare(byId("end-opp-square"), s.opp, { layout: s.layout, label: squareLabel("opp"), compact: true });
  renderSquare(byId("end-own-square"), s.own, { layout: s.layout, label: squareLabel("own"), compact: true });
  for (const side of ["own", "opp"]) {
    const lines = s[side].lines;
    byId(`end-${side}-lines`).textContent = lines.length
      ? t("dialogs.handEnd.lines", { count: lines.length, lines: lines.map(lineName).join("; ") })
      : t("dialogs.handEnd.noLines");
  }
  const bonusLine = s.rules?.bonus_line ?? 7;
  const rows = [
    [t("dialogs.handEnd.row.value"), s.own.raw, s.opp.raw],
    [t("dialogs.handEnd.row.bonus", { line: bonusLine }), s.own.bonus, s.opp.bonus],
    [t("dialogs.handEnd.row.out"), -s.own.out_penalty, -s.opp.out_penalty],
    [t("dialogs.handEnd.row.score"), s.own.score, s.opp.score],
  ];
  const body = byId("breakdown-body");
  body.replaceChildren(...rows.map((values) => row(values, true)));
  body.lastElementChild.className = "total";
  const totalCells = body.querySelectorAll("tr.total td");
  totalCells[0].id = "hand-score-own";
  totalCells[1].id = "hand-score-opp";
  byId("sheet-body").replaceChildren(...s.game.sheet.map((r, i) => row([i + 1, r.own, r.opp])));
  byId("sheet-foot").replaceChildren(row([t("dialogs.total"), s.game.totals.own, s.game.totals.opp], true));
  const marks = playAids(s);
  const sheetMarks = byId("sheet-marks");
  sheetMarks.hidden = !marks;
  sheetMarks.textContent = marks;
  const over = s.game.over;
  button("hand-end-review").hidden = !reviewable(s);
  button("next-hand").hidden = over;
  button("back-to-result").hidden = !over;
  openAtTop(dialog("hand-end"), over ? button("back-to-result") : button("next-hand"));
}

/**
 * Whether a finished hand can be reviewed: a game against the computer (between two people, each
 * of whom saw only their own hand, there is no one person's view to replay; the guided hand is a
 * script).
 * @param {Snapshot} s
 */
function reviewable(s) {
  return s.opponent !== "human" && !s.tutorial;
}

/** "In this game undo was used." when undo or hints were used, else "". @param {Snapshot} s */
function playAids(s) {
  const { undo_used: undo, hints_used: hints } = s.game;
  if (undo && hints) return t("dialogs.handEnd.aids.both");
  if (undo) return t("dialogs.handEnd.aids.undo");
  return hints ? t("dialogs.handEnd.aids.hints") : "";
}

/** Words for who went out in a hand of the sheet. @param {"own"|"opp"|null|undefined} who @param {Snapshot} s */
const wentOutWord = (who, s) => {
  const names = sideNames(s);
  if (names.people && who) return names[who];
  return t(`dialogs.result.wentOutBy.${who === "own" ? "you" : who === "opp" ? "computer" : "nobody"}`);
};

/** The result screen at the end of the game. @param {Snapshot} s */
export function showResult(s) {
  const { own, opp } = s.game.totals;
  const names = sideNames(s);
  labelSides(s);
  const winner = byId("winner");
  winner.textContent = winnerText(s);
  winner.dataset.winner = s.game.draw ? "draw" : s.game.winner;
  const winnerSide = s.game.winner === "own" ? "own" : "opp";
  byId("result-title").textContent = s.game.draw ? t("dialogs.result.titleDraw")
    : names.people ? t("dialogs.result.titlePerson", { name: names[winnerSide] })
      : t(winnerSide === "own" ? "dialogs.result.titleYou" : "dialogs.result.titleComputer");
  const detail = {
    count: s.game.sheet.length, variant: variantWord(s.variant), margin: signedNumber(own - opp), aids: playAids(s),
  };
  byId("result-detail").textContent = names.people
    ? t("dialogs.result.detailPeople", { ...detail, own: names.own, opp: names.opp })
    : t("dialogs.result.detailComputer", { ...detail, level: levelWord(s.level) });
  showOrigin(s);
  byId("result-sheet-body").replaceChildren(...s.game.sheet.map((r, i) => row([i + 1, r.own, r.opp, wentOutWord(r.went_out, s)])));
  const foot = row([t("dialogs.total"), own, opp, ""], true);
  foot.children[1].id = "total-own";
  foot.children[2].id = "total-opp";
  byId("result-sheet-foot").replaceChildren(foot);
  button("result-review-game").hidden = !reviewable(s);
  dialog("hand-end").close();
  openAtTop(dialog("result"), button("new-game"));
}

/** The daily deal's date, and a challenge's comparison with the friend's result. @param {Snapshot} s */
function showOrigin(s) {
  const daily = byId("result-daily");
  daily.textContent = dailyText(s);
  daily.hidden = !daily.textContent;
  const versus = byId("result-versus");
  const { text, outcome } = versusText(s);
  versus.textContent = text;
  versus.dataset.outcome = outcome;
  versus.hidden = !text;
}

/** The end of a hand, or the result when it was the game's last. @param {Snapshot} s */
export function showEnd(s) {
  if (s.game.over) showResult(s);
  else showHandEnd(s);
}
