// "You deal" when several people share the device (docs/eleusis-rules.md E16.6): the dealer does
// not play and nobody who plays may see the rule, so a person cannot deal to the people around the
// same device. The New game dialog then hides You deal's own "Deal this rule" and says, in plain
// words, what a teacher does instead: copy the classroom link (E17), which the same dialog still
// offers, and open it on the device; the computer dealer deals the teacher's rule, kept secret.
//
//   const update = wireYouDealForPeople({ start, several: () => setup.people() !== null, t });
//   update();   // after the dialog is set up; it follows the "Who plays" radios by itself
//
// Glossary:
//   several  whether the dialog's "Who plays" says several people (a classroom game)
//   start    You deal's "Deal this rule" button (hidden, not disabled: its builder re-enables it)

import { el } from "../../platform/dom.js";

/**
 * Hide "Deal this rule" and show why while several people are chosen.
 * @param {{start: HTMLElement, several: () => boolean, t: (key: string, params?: object) => string}} options
 * @returns {() => void} shows the dialog's present choice
 */
export function wireYouDealForPeople({ start, several, t }) {
  const note = el("p", "yd-people", t("eleusis.classroom.dealByLink"));
  note.id = "you-deal-people";
  note.hidden = true;
  start.before(note);
  const update = () => {
    const people = several();
    start.hidden = people;
    note.hidden = !people;
  };
  for (const radio of document.querySelectorAll("input[name=players]")) radio.addEventListener("change", update);
  return update;
}
