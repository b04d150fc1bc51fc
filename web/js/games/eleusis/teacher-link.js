// The teacher's link (E17): a link that starts a hand whose computer dealer deals a given rule,
// without showing the rule in words. The engine writes the rule as a classroom code
// (eleusis.link_code, link_code.py), which the link carries as ?deal=CODE beside the game's
// settings (and the people's names for a classroom game, ?people=Ana,Ben); the page hands the code
// back to the engine (eleusis.new {code}), which alone reads it. No rule words are ever put in the
// link, the page or the engine's answers before the hand is over.
//
//   const link = await classroomLink(engine, "differ(colour)", { game: "express", bots: 2, ... });
//   // "https://…/eleusis.html?game=express&bots=2&levels=…&deal=e1…"

/** @typedef {{game: string, bots: number, levels: string[], difficulty: string, people?: string[]|null, holdBack?: number|string}} LinkSettings */

export const LINK_PARAMS = Object.freeze(["deal", "people", "hold"]);

/**
 * The link for `rule` (notation) with the dialog's settings.
 * @param {{call: (method: string, args?: object) => Promise<any>}} engine
 * @param {string} rule @param {LinkSettings} settings
 * @returns {Promise<string>}
 */
export async function classroomLink(engine, rule, settings) {
  const { code } = await engine.call("eleusis.link_code", { rule });
  const url = new URL("eleusis.html", location.href);
  url.searchParams.set("game", settings.game);
  url.searchParams.set("bots", String(settings.bots));
  if (settings.bots > 0) url.searchParams.set("levels", settings.levels.join(","));
  if (settings.people) url.searchParams.set("people", settings.people.join(","));
  if (settings.people && settings.holdBack) url.searchParams.set("hold", String(settings.holdBack));
  url.searchParams.set("deal", code);
  return url.href;
}

/**
 * A link's classroom part: the code and the people's names (null when absent).
 * @param {URLSearchParams} params
 * @returns {{code: string|null, people: string[]|null}}
 */
export function linkClassroom(params) {
  const people = params.get("people");
  return { code: params.get("deal"), people: people === null ? null : people.split(",") };
}
