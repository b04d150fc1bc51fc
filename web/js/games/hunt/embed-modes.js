// What Cows and Leopards contributes to embed.html (../../embed/modes.js): one mode, a game
// against the computer (embed-board.js).
//   mode=hunt (or game=hunt)  [side=L|C] [level] [seed] [capture=compulsory|free] [pace]

import { t } from "../../platform/i18n/i18n.js";
import { shortQuote } from "../../platform/link-input.js";

/** @typedef {import("../../embed/modes.js").EmbedGame} EmbedGame */

/** @type {EmbedGame} */
export const HUNT_EMBED = {
  game: "hunt",
  defaultMode: "hunt",
  modes: {
    hunt: {
      read(params, { intSetting, pace }) {
        const side = params.get("side") || "L";
        if (side !== "L" && side !== "C") throw new Error(t("embed.problem.side", { value: shortQuote(side) }));
        const capture = params.get("capture") || "compulsory";
        if (capture !== "compulsory" && capture !== "free") throw new Error(t("embed.problem.capture", { value: shortQuote(capture) }));
        return {
          side, capture, level: params.get("level") || undefined,
          seed: intSetting("seed", 0, Number.MAX_SAFE_INTEGER),
          pace: pace(),
        };
      },
      board: async () => (await import("./embed-board.js")).HuntPlayBoard,
    },
  },
};
