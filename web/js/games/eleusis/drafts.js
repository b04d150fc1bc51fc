// The rules a person is building on the Eleusis page, kept in localStorage as they are built, so
// that a reload (or a tab closed and opened again) shows them as they were left: the guess being
// built, the notebook's hypothesis, the rule being built to deal (You deal in New game, and the
// Deal dialog of a whole game's last hand). A guess and a hypothesis are about one hand's secret
// rule: each is kept with its hand (notebook.js handKey) and shown again only on that hand. A rule
// once sent (a guess made, a rule dealt) is dropped by the builder's reset. The forms are the
// builder's (lab-grammar.js), checked against the grammar again when shown (cleanForm); a form of
// which nothing fits is damaged: the page calls setAside, which keeps the record as it was aside,
// tells the player, and keeps the other drafts.
//
//   const drafts = new RuleDrafts(storage);
//   drafts.keep("guess", "0:7H", builder.form());      // after each change
//   drafts.formOf("guess", "0:7H")                     // the form to show again, or null
//
// Glossary:
//   draft -- {hand, form}: a form (or null: nothing being built) and the hand it is about ("" for a
//            rule to deal, which is about no hand of the table).

/** @typedef {import("../../platform/storage.js").GameStorage} GameStorage */
/** @typedef {{hand: string, form: object|null}} Draft */
/** @typedef {"guess"|"notebook"|"youDeal"|"deal"} DraftName */

export const DRAFTS_KEY = "leopard.eleusis.drafts.v1";
/** The most characters the drafts record holds: four rules built by clicks are far less. */
const DRAFTS_LIMIT = 20_000;
const NAMES = ["guess", "notebook", "youDeal", "deal"];
/** The record's name for the player (game.storage.record.what). */
const WHAT = "game.storage.record.what.ruleDrafts";

/** Why `drafts` is not a drafts record ("" when it is one): the first draft that is not one. @param {Record<string, any>} drafts */
function problemOf(drafts) {
  for (const [name, draft] of Object.entries(drafts)) {
    if (!NAMES.includes(name)) return name;
    if (typeof draft !== "object" || draft === null || typeof draft.hand !== "string" || typeof draft.form !== "object") return name;
  }
  return "";
}

export class RuleDrafts {
  /** @param {GameStorage} storage */
  constructor(storage) {
    this.storage = storage;
    /** @type {Record<string, Draft>|null} read once, on first use */
    this.drafts = null;
  }

  /** @returns {Record<string, Draft>} */
  all() {
    this.drafts ??= /** @type {Record<string, Draft>} */ (this.storage.readObject(DRAFTS_KEY, {
      what: WHAT, problemOf, limit: DRAFTS_LIMIT,
    }));
    return this.drafts;
  }

  /**
   * Keep what `name`'s builder holds now, about `hand`; null forgets it.
   * @param {DraftName} name @param {string} hand @param {object|null} form
   */
  keep(name, hand, form) {
    const drafts = { ...this.all() };
    if (form === null) delete drafts[name];
    else drafts[name] = { hand, form };
    this.drafts = drafts;
    if (Object.keys(drafts).length) this.storage.write(DRAFTS_KEY, JSON.stringify(drafts));
    else this.storage.remove(DRAFTS_KEY);
  }

  /**
   * The drafts `names` could not be shown (no part of their rule fits the builder): the record as it
   * was is kept aside and the player told, as for any damaged record (GameStorage.setAsideStored);
   * the other drafts stay kept. When the copy cannot be made, the record stays as it is.
   * @param {DraftName[]} names
   */
  setAside(names) {
    const stored = this.storage.read(DRAFTS_KEY) !== null;
    const drafts = { ...this.all() };
    for (const name of names) delete drafts[name];
    this.drafts = drafts;
    if (stored && this.storage.setAsideStored(DRAFTS_KEY, WHAT) && Object.keys(drafts).length) {
      this.storage.write(DRAFTS_KEY, JSON.stringify(drafts));
    }
  }

  /** The form `name`'s builder held about `hand`, or null. @param {DraftName} name @param {string} hand */
  formOf(name, hand) {
    const draft = this.all()[name];
    return draft && draft.hand === hand ? draft.form : null;
  }
}
