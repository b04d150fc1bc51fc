// The rule builder: a person makes an Eleusis rule by picking a family ("a card of one kind", "if
// the last card is ... then ... otherwise ...") and filling its parts with menus and buttons. The
// rule is shown in words as it is built, in the page's language (the engine words it:
// eleusis.describe); its notation is only handed to the caller (rule()), never shown.
//
//   const builder = createRuleBuilder({ engine, t, lang, onChange, report: true });
//   box.append(builder.element);
//   builder.rule();                  // "differ(colour)", or null while incomplete
//   await builder.set("if(last.face, red, black)");
//   builder.form();                  // the rule as built so far, complete or not (to keep it)
//   await builder.setForm(kept);     // shown again, checked against the grammar part by part
//
// With `report`, the builder also shows how hard the rule is for the computer players and the
// dealer's warnings (a dead end, a rule that takes almost every card or almost none).

import { el } from "../../platform/dom.js";
import { errorText, theCardName, tMsg } from "../../platform/i18n/i18n.js";
import { blankForm, buildNotation, cleanForm, words } from "./lab-grammar.js";

/** @typedef {import("./lab-grammar.js").Grammar} Grammar */
/** @typedef {import("./lab-grammar.js").Form} Form */
/** @typedef {import("./lab-grammar.js").Part} Part */
/** @typedef {{call: (method: string, args?: object) => Promise<any>}} EngineLike */
/**
 * What eleusis.describe answers (leopard_core/games/eleusis/lab.py).
 * @typedef {{notation: string, form: Form|null, wording: Record<string, string>, band?: string,
 *   difficulty?: number, measured?: boolean, beyond?: boolean, playable?: boolean, dead_end?: boolean,
 *   warnings?: import("../../platform/i18n/catalog.js").Msg[]}} Description
 */

/** @type {WeakMap<object, Promise<Grammar>>} one grammar request per engine */
const grammars = new WeakMap();

/** The grammar, asked once per engine. @param {EngineLike} engine @returns {Promise<Grammar>} */
export function grammarOf(engine) {
  if (!grammars.has(engine)) grammars.set(engine, engine.call("eleusis.grammar"));
  return grammars.get(engine);
}

let uniqueId = 0;

/**
 * @param {{engine: EngineLike, t: (key: string, params?: object) => string,
 *   lang: string | (() => string), onChange?: (notation: string|null) => void,
 *   onDescribed?: (description: Description|null) => void, report?: boolean, initial?: string}} options
 */
export function createRuleBuilder({ engine, t, lang, onChange = () => {}, onDescribed = () => {},
  report = false, initial }) {
  const language = () => (typeof lang === "function" ? lang() : lang);
  const element = el("div", "rule-builder");
  const tree = el("div", "rb-tree");
  const wording = el("p", "rb-wording");
  wording.setAttribute("aria-live", "polite");
  wording.dataset.state = "loading";
  const reportBox = el("div", "rb-report");
  reportBox.hidden = !report;
  reportBox.setAttribute("aria-live", "polite");
  element.append(tree, el("p", "rb-wording-title", t("eleusisLab.builder.inWords")), wording, reportBox);
  wording.textContent = t("eleusisLab.builder.loading");

  /** @type {Grammar|null} */
  let grammar = null;
  /** @type {{form: Form|null}} the root holder: its form is the whole rule */
  const root = { form: null };
  let sequence = 0;
  /** @type {Description|null} */
  let described = null;

  const notation = () => (grammar ? buildNotation(grammar, root.form) : null);

  /** Tell the caller and ask the engine for the words (and the report). */
  function changed() {
    const text = notation();
    element.dataset.complete = String(text !== null);
    onChange(text);
    describe(text);
  }

  /** @param {string|null} text */
  async function describe(text) {
    const mine = ++sequence;
    described = null;
    reportBox.replaceChildren();
    if (text === null) {
      wording.dataset.state = "incomplete";
      wording.textContent = t(root.form ? "eleusisLab.builder.incomplete" : "eleusisLab.builder.empty");
      onDescribed(null);
      return;
    }
    wording.dataset.state = "working";
    wording.textContent = t("eleusisLab.builder.working");
    if (report) reportBox.append(el("p", "rb-checking", t("eleusisLab.report.checking")));
    try {
      const answer = await engine.call("eleusis.describe", { rule: text, check: report });
      if (mine !== sequence) return;
      described = answer;
      wording.dataset.state = "ready";
      wording.textContent = words(answer.wording, language());
      if (report) showReport(answer);
      onDescribed(answer);
    } catch (err) {
      if (mine !== sequence) return;
      wording.dataset.state = "failed";
      wording.textContent = t("eleusisLab.builder.failed", { detail: errorText(err) });
      reportBox.replaceChildren();
      onDescribed(null);
    }
  }

  /** How hard the rule is for the computer players. @param {Description} answer */
  function bandLine(answer) {
    if (answer.beyond) return el("p", "rb-band", t("eleusisLab.report.beyond"));
    const band = t(`eleusisLab.report.band.${answer.band}`);
    const key = answer.measured ? "eleusisLab.report.measured" : "eleusisLab.report.predicted";
    const line = el("p", "rb-band", t(key, { band, turns: Math.round(answer.difficulty) }));
    line.dataset.band = answer.band;
    return line;
  }

  /** The difficulty (none for a dead end: play would stop) and the warnings. @param {Description} answer */
  function showReport(answer) {
    const lines = answer.dead_end ? [] : [bandLine(answer)];
    for (const warning of answer.warnings ?? []) {
      // A dead end names its cards in words (the engine's message writes them as codes, "KC").
      const reason = warning.code === "eleusis.rule.dead_end"
        ? t("eleusisLab.report.deadEnd", { cards: /** @type {string[]} */ (warning.params.mainline).map((card) => theCardName(card)) }) : tMsg(warning);
      const line = el("p", "rb-warning", t("eleusisLab.report.warning", { reason }));
      line.dataset.code = warning.code.split(".").pop();
      lines.push(line);
    }
    if (answer.playable) lines.push(el("p", "rb-fine", t("eleusisLab.report.fine")));
    reportBox.dataset.playable = String(Boolean(answer.playable));
    reportBox.replaceChildren(...lines);
  }

  /**
   * One place of the tree: a family menu and the chosen family's parts.
   * @param {{form: Form|null}} holder @param {string} slot @param {string} label @param {number} depth
   */
  function renderPlace(holder, slot, label, depth) {
    const id = `rb-${++uniqueId}`;
    const place = el(depth ? "fieldset" : "div", "rb-place");
    place.dataset.slot = slot;
    place.dataset.depth = String(depth);
    const menu = el("select", "rb-family");
    menu.id = id;
    menu.append(new Option(t(slot === "condition" ? "eleusisLab.builder.chooseCondition"
      : "eleusisLab.builder.choose"), ""));
    for (const name of grammar.slots[slot]) menu.append(new Option(words(grammar.families[name].label, language()), name));
    menu.value = holder.form?.family ?? "";
    const caption = el("label", "rb-caption", label);
    caption.htmlFor = id;
    const head = el(depth ? "legend" : "div", "rb-head", caption, menu);
    const parts = el("div", "rb-parts");
    const drawParts = () => parts.replaceChildren(...(holder.form ? renderParts(holder.form, depth) : []));
    menu.addEventListener("change", () => {
      holder.form = menu.value ? blankForm(grammar, menu.value) : null;
      place.dataset.family = menu.value;
      drawParts();
      changed();
    });
    place.dataset.family = menu.value;
    drawParts();
    place.append(head, parts);
    return place;
  }

  /** The controls of a family's parts. @param {Form} form @param {number} depth */
  function renderParts(form, depth) {
    return grammar.families[form.family].parts.map((part) => {
      const label = words(part.label, language());
      if (part.kind === "choice") return renderChoice(form, part, label);
      if (part.kind === "multi") return renderMulti(form, part, label);
      const holder = {
        get form() { return form.parts[part.name]; },
        set form(value) { form.parts[part.name] = value; },
      };
      return renderPlace(holder, part.slot, label, depth + 1);
    });
  }

  /** A menu of options. @param {Form} form @param {Part} part @param {string} label */
  function renderChoice(form, part, label) {
    const menu = el("select", "rb-choice");
    menu.id = `rb-${++uniqueId}`;
    menu.dataset.part = part.name;
    for (const option of part.options) menu.append(new Option(words(option.label, language()), option.value));
    menu.value = form.parts[part.name];
    menu.addEventListener("change", () => { form.parts[part.name] = menu.value; changed(); });
    const caption = el("label", "rb-caption", label);
    caption.htmlFor = menu.id;
    return el("div", "rb-part", caption, menu);
  }

  /** Toggle buttons, one per option. @param {Form} form @param {Part} part @param {string} label */
  function renderMulti(form, part, label) {
    const box = el("fieldset", "rb-part rb-multi", el("legend", "rb-caption", label));
    box.dataset.part = part.name;
    const row = el("div", "rb-toggles");
    for (const option of part.options) {
      const toggle = el("button", "rb-toggle", words(option.label, language()));
      toggle.type = "button";
      toggle.dataset.value = option.value;
      const pressed = () => form.parts[part.name].includes(option.value);
      toggle.setAttribute("aria-pressed", String(pressed()));
      toggle.addEventListener("click", () => {
        const picked = form.parts[part.name];
        form.parts[part.name] = pressed() ? picked.filter((v) => v !== option.value) : [...picked, option.value];
        toggle.setAttribute("aria-pressed", String(pressed()));
        changed();
      });
      row.append(toggle);
    }
    box.append(row);
    return box;
  }

  function draw() {
    tree.replaceChildren(renderPlace(root, grammar.top, t("eleusisLab.builder.family"), 0));
  }

  const ready = grammarOf(engine).then((loaded) => {
    grammar = loaded;
    element.dataset.ready = "true";
    draw();
    if (initial) return set(initial);
    changed();
    return true;
  }).catch((err) => {
    wording.dataset.state = "failed";
    wording.textContent = t("eleusisLab.builder.failed", { detail: errorText(err) });
    return false;
  });

  /**
   * Show a rule given in notation (the engine reads it into the builder's parts).
   * @param {string} text @returns {Promise<boolean>} false when the builder cannot build it
   */
  async function set(text) {
    if (!grammar) await grammarOf(engine).then((loaded) => { grammar = loaded; });
    let form;
    try {
      form = (await engine.call("eleusis.describe", { rule: text, check: false })).form;
    } catch {
      form = null;
    }
    root.form = form;
    draw();
    changed();
    return form !== null;
  }

  /**
   * Show a rule as built so far (a form()'s copy, kept from an earlier visit), checked against the
   * grammar part by part (lab-grammar.js cleanForm). @param {unknown} kept
   * @returns {Promise<boolean>} false when nothing of it fits
   */
  async function setForm(kept) {
    if (!grammar) await grammarOf(engine).then((loaded) => { grammar = loaded; });
    root.form = cleanForm(grammar, kept);
    draw();
    changed();
    return root.form !== null;
  }

  /** Back to no rule chosen. */
  function reset() {
    root.form = null;
    if (grammar) draw();
    changed();
  }

  return {
    element, ready, set, setForm, reset,
    /** The rule as built so far, complete or not, as a copy (JSON), or null when none is chosen. */
    form: () => (root.form ? /** @type {Form} */ (JSON.parse(JSON.stringify(root.form))) : null),
    /** The rule's notation, or null while it is incomplete. */
    rule: notation,
    /** What the engine last said about the rule (null while asking or incomplete). */
    described: () => described,
  };
}
