// A rule's section on the site's rules page (rules.html), from the rule's number in the card game's
// specification: the engine cites "R3.1"; a player reads plain words and follows a link.
//
// Example: ruleAddress("R3.1") is "rules.html#cards"; ruleAddress("R7") is "rules.html#scoring";
// a number the page does not know gives the rules page itself.

/** The rules page's section of each rule group (rules.html's ids). */
const SECTIONS = /** @type {Record<string, string>} */ ({
  R1: "deal", R2: "squares", R3: "cards", R4: "turn", R5: "value", R6: "out", R7: "scoring", R8: "variants", N: "notation",
});

/** The address of a rule's section. @param {string|null|undefined} rule */
export function ruleAddress(rule) {
  const group = /^(R\d+|N)/.exec(rule ?? "")?.[1] ?? "";
  const section = SECTIONS[group];
  return section ? `rules.html#${section}` : "rules.html";
}
