// Challenge a friend (issue 13): a link that deals the same game against the same computer. The
// engine makes the link's query (webapi "challenge_link": the seeds, variant, level, hands, the
// sender's name and, once the game is over, their totals as vs=OWN,OPP) and reads links back
// (webapi "read_link"), checking every parameter; this module only shows the link, copies or
// shares it, and words the comparison. The challenge's name and result travel in the game itself
// (the session's "origin"), so they survive a reload mid-game.
//
// Copying: the Clipboard API when the browser allows it; otherwise the link is selected in its
// text field for the player to copy by hand. Sharing: the Web Share API, offered only where it
// exists (mostly phones).

import { errorText, t } from "../../platform/i18n/i18n.js";
import { button, byId, dialog } from "../../platform/dom.js";
import { signedNumber } from "./dialog-words.js";
import { showNotice } from "../../platform/notice.js";
import { LoopControl } from "../../platform/loop-control.js";

/** @typedef {import("../../platform/engine/client.js").Engine} Engine */
/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../../platform/storage.js").GameStorage} GameStorage */
/** @typedef {import("./turn-loop.js").LeopardLoop} TurnLoop */

/** The URL parameters of a game link (leopard_core.share.LINK_PARAMS). */
export const LINK_PARAMS = ["seed", "botseed", "variant", "level", "hands", "by", "vs"];
/** The name the player last put on a challenge, offered again next time. */
const NAME_KEY = "leopard.challenge.name.v1";
/** How long typing in the name field waits before the link is made again. */
const RETYPE_MS = 250;

/**
 * The game a link's parameters ask for, each checked by the engine; rejects with the engine's
 * reason (naming the parameter) when one is wrong.
 * @param {Engine} engine
 * @param {URLSearchParams} params
 * @returns {Promise<{seed?: number, botseed?: number, variant?: string, level?: string, hands?: number,
 *   origin: import("../../platform/engine/types.js").Origin|null}>}
 */
export async function linkSettings(engine, params) {
  const given = Object.fromEntries(LINK_PARAMS.filter((key) => params.has(key)).map((key) => [key, params.get(key)]));
  const { settings, origin } = await engine.call("read_link", { params: given });
  const { bot_seed: botseed, ...rest } = settings;
  return botseed === undefined ? { ...rest, origin } : { ...rest, botseed, origin };
}

/** A signed margin: +3, −2, 0. @param {number} n */
const signed = (n) => signedNumber(n);

/**
 * The comparison of a challenge game with the sender's result, for the result screen; "" when
 * the game did not come from a challenge. The outcome compares margins (total minus the
 * computer's): the computer answers each player's own moves, so its totals differ too.
 * @param {Snapshot} s
 * @returns {{text: string, outcome: "better"|"worse"|"equal"|"none"|""}}
 */
export function versusText(s) {
  const origin = s.origin;
  if (!origin || origin.kind !== "challenge") return { text: "", outcome: "" };
  const who = origin.by ?? t("dialogs.challenge.yourFriend");
  if (origin.own === null || origin.opp === null) {
    return { text: t("dialogs.challenge.challenged", { who }), outcome: "none" };
  }
  const { own, opp } = s.game.totals;
  const theirs = origin.own - origin.opp;
  const yours = own - opp;
  const outcome = yours > theirs ? "better" : yours < theirs ? "worse" : "equal";
  const text = t(`dialogs.challenge.${outcome}`, {
    who, theirOwn: origin.own, theirOpp: origin.opp, own, opp, yours: signed(yours), theirs: signed(theirs),
  });
  return { text, outcome };
}

/** Tell the player a challenge game has started from a link. @param {Snapshot} s */
export function greetChallenge(s) {
  const origin = s.origin;
  if (!origin || origin.kind !== "challenge") return;
  const who = origin.by ?? t("dialogs.challenge.aFriend");
  showNotice(origin.own === null || origin.opp === null
    ? t("dialogs.challenge.greet", { who })
    : t("dialogs.challenge.greetScore", { who, own: origin.own, opp: origin.opp }));
}

/** @extends {LoopControl<TurnLoop>} */
export class ChallengeControl extends LoopControl {
  /**
   * @param {TurnLoop} loop
   * @param {Engine} engine
   * @param {GameStorage} storage
   */
  constructor(loop, engine, storage) {
    super(loop, engine);
    this.storage = storage;
    /** @type {ReturnType<typeof setTimeout>|undefined} */
    this.retype = undefined;
    /** counts links made, so a slow answer never overwrites a newer link */
    this.made = 0;
    button("open-challenge").addEventListener("click", () => {
      /** @type {HTMLDetailsElement} */ (byId("more-menu")).open = false;
      this.open();
    });
    button("result-challenge").addEventListener("click", () => this.open());
    button("challenge-close").addEventListener("click", () => dialog("challenge").close());
    button("challenge-copy").addEventListener("click", () => this.copy());
    button("challenge-share").addEventListener("click", () => this.share());
    this.nameField.addEventListener("input", () => {
      clearTimeout(this.retype);
      this.retype = setTimeout(() => this.makeLink(), RETYPE_MS);
    });
    this.urlField.addEventListener("focus", () => this.urlField.select());
  }

  /** @returns {HTMLInputElement} */
  get nameField() {
    return byId("challenge-name");
  }

  /** @returns {HTMLInputElement} */
  get urlField() {
    return byId("challenge-url");
  }

  /** @param {string} text */
  status(text) {
    byId("challenge-status").textContent = text;
  }

  async open() {
    const box = dialog("challenge");
    if (!this.loop.snap) return;
    this.nameField.value = this.storage.read(NAME_KEY) ?? "";
    button("challenge-share").hidden = typeof navigator.share !== "function";
    this.status("");
    if (!box.open) box.showModal();
    await this.makeLink();
  }

  /** Ask the engine for this game's link with the name typed, and show it. */
  async makeLink() {
    const made = ++this.made;
    const name = this.nameField.value.trim().replace(/\s+/g, " ");
    const copy = button("challenge-copy");
    const box = dialog("challenge");
    box.dataset.link = "making";
    /** @type {{query: string, result: {own: number, opp: number}|null}} */
    let answer;
    try {
      answer = await this.engine.call("challenge_link", name ? { by: name } : {});
    } catch (err) {
      if (made !== this.made) return;
      this.urlField.value = "";
      copy.disabled = true;
      button("challenge-share").disabled = true;
      this.status(t("dialogs.challenge.noLink", { error: errorText(err) }));
      box.dataset.link = "refused";
      return;
    }
    if (made !== this.made) return;
    const kept = this.storage.write(NAME_KEY, name);
    if (!kept.ok) console.warn("the challenge name could not be remembered:", kept.reason);
    this.urlField.value = `${location.origin}${location.pathname}?${answer.query}`;
    copy.disabled = false;
    button("challenge-share").disabled = false;
    const { result } = answer;
    byId("challenge-what").textContent = result
      ? t("dialogs.challenge.whatResult", { own: result.own, opp: result.opp })
      : t("dialogs.challenge.whatFinish");
    this.status("");
    box.dataset.link = "ready";
  }

  /** Copy the link; when the browser refuses, select it for the player to copy. */
  async copy() {
    const url = this.urlField.value;
    if (!url) return;
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(url);
      this.status(t("dialogs.challenge.copied"));
      dialog("challenge").dataset.copied = "clipboard";
    } catch {
      this.urlField.focus();
      this.urlField.select();
      this.status(t("dialogs.challenge.selected"));
      dialog("challenge").dataset.copied = "selected";
    }
  }

  /** Hand the link to the system's share sheet (Web Share API). */
  async share() {
    const url = this.urlField.value;
    if (!url || typeof navigator.share !== "function") return;
    try {
      await navigator.share({ title: t("dialogs.challenge.shareTitle"), text: t("dialogs.challenge.shareText"), url });
    } catch (err) {
      if (err?.name !== "AbortError") this.status(t("dialogs.challenge.shareFailed", { error: err?.message ?? err }));
    }
  }
}
