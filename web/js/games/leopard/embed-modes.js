// What Leopard contributes to embed.html (../../embed/modes.js): its modes, how each reads its URL
// settings, and the board that shows it. A setting that is wrong throws Error(message in the
// frame's language); the board classes are loaded only for the mode asked for.
//   mode=square    square=<N2> [variant=standard|classic|running]   one square, its lines and value
//   mode=position  n4=<N4> [card=<card>] [variant=...]             a position; the card's legal moves
//   mode=play      [variant] [level] [hands] [seed] [botseed]      a game against the computer
//                  [opponent=human] [p1] [p2]  two people on one device instead (names filled in)
//                  [pace]  milliseconds to wait before each computer move (default 350; 0 for tests)

import { t } from "../../platform/i18n/i18n.js";
import { shortQuote } from "../../platform/link-input.js";

/** @typedef {import("../../embed/modes.js").EmbedGame} EmbedGame */

/** @type {EmbedGame} */
export const LEOPARD_EMBED = {
  game: "leopard",
  defaultMode: "play",
  modes: {
    square: {
      read(params) {
        const square = params.get("square");
        if (!square) throw new Error(t("embed.problem.needSquare"));
        return { square, variant: params.get("variant") || "standard" };
      },
      board: async () => (await import("./embed-diagrams.js")).SquareBoard,
    },
    position: {
      read(params) {
        const n4 = params.get("n4");
        if (!n4) throw new Error(t("embed.problem.needPosition"));
        return { n4, card: params.get("card") || null, variant: params.get("variant") || "standard" };
      },
      board: async () => (await import("./embed-diagrams.js")).PositionBoard,
    },
    play: {
      read(params, { intSetting, pace }) {
        const opponent = params.get("opponent") || "computer";
        if (opponent !== "computer" && opponent !== "human") {
          throw new Error(t("embed.problem.opponent", { value: shortQuote(opponent) }));
        }
        return {
          variant: params.get("variant") || "standard",
          level: params.get("level") || undefined,
          hands: intSetting("hands", 0, 9999), // the engine says which counts it plays
          seed: intSetting("seed", 0, Number.MAX_SAFE_INTEGER),
          botseed: intSetting("botseed", 0, Number.MAX_SAFE_INTEGER),
          opponent,
          names: [params.get("p1") || "", params.get("p2") || ""],
          pace: pace(),
        };
      },
      board: async () => (await import("./embed-play.js")).PlayBoard,
    },
  },
};
