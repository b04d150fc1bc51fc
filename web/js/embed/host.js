/* Leopard embed helper for host pages: include this classic script from the Leopard site, then write
 *   <leopard-board mode="square" square="AH,2H,3H/-,-,-/-,-,-"></leopard-board>
 * and it becomes an <iframe> of embed.html that sizes itself to its content.
 *
 * Attributes: mode (play|square|position|hunt), square, n4, card, variant, level, hands, seed, botseed, pace,
 *   side and capture (mode hunt: Cows and Leopards), game, bots, levels and difficulty (game eleusis), lang (the board's language: en or es; when
 *   absent, the host page's <html lang> if Leopard speaks it, else the frame chooses from the
 *   reader's browser)
 * (passed to embed.html as URL settings), base (the Leopard site's URL; default: where this script
 * came from), title (the frame's accessible name; default: the name the frame reports in its own
 * language), loading ("lazy" to defer offscreen frames).
 * This script shows no text of its own and loads no texts: the frame speaks its language (it
 * reports its name, which becomes the iframe's title), and the host page's developer reads the
 * frame's "error" messages.
 * Events on the element (CustomEvent, detail = the embed's message): "leopard-ready",
 * "leopard-height", "leopard-hand-over", "leopard-game-over", "leopard-error", and "leopard-message"
 * for all of them. Method: element.send({type: "show-square", square}) etc. (see embed-messages.js).
 * Only messages from the element's own frame and the Leopard site's origin are read.
 */
(function () {
  "use strict";
  if (window.customElements === undefined || window.customElements.get("leopard-board")) return;

  var script = /** @type {HTMLScriptElement|null} */ (document.currentScript);
  var DEFAULT_BASE = script && script.src ? new URL("../", script.src).href : new URL("./", location.href).href;
  var SETTINGS = ["mode", "square", "n4", "card", "variant", "level", "hands", "seed", "botseed", "pace", "side", "capture", "game", "bots", "levels", "difficulty"];
  var TYPES = ["ready", "height", "hand-over", "game-over", "error"];
  var LANGUAGES = ["en", "es"]; // the languages the frame speaks (web/i18n/*.json)
  var boards = new Set();
  var counter = 0;

  class LeopardBoard extends HTMLElement {
    static get observedAttributes() {
      return SETTINGS.concat(["lang", "base", "title", "loading"]);
    }

    connectedCallback() {
      boards.add(this);
      if (!this.frameId) {
        counter += 1;
        this.frameId = this.id || "leopard-board-" + counter;
      }
      if (!this.style.display) this.style.display = "block";
      this.build();
    }

    disconnectedCallback() {
      boards.delete(this);
    }

    attributeChangedCallback() {
      if (this.frame) this.build();
    }

    /** Write (or rewrite) the iframe from the attributes. */
    build() {
      var base = new URL(this.getAttribute("base") || DEFAULT_BASE, location.href);
      var url = new URL("embed.html", base);
      for (var i = 0; i < SETTINGS.length; i += 1) {
        var value = this.getAttribute(SETTINGS[i]);
        if (value !== null) url.searchParams.set(SETTINGS[i], value);
      }
      var lang = this.language();
      if (lang) url.searchParams.set("lang", lang);
      url.searchParams.set("id", this.frameId);
      this.origin = url.origin;
      if (!this.frame) {
        this.frame = document.createElement("iframe");
        this.frame.style.width = "100%";
        this.frame.style.border = "0";
        this.frame.style.display = "block";
        var tall = ["play", "hunt", "eleusis"].indexOf(this.getAttribute("mode") || this.getAttribute("game") || "") >= 0;
        this.frame.style.height = (tall ? 560 : 320) + "px";
        this.appendChild(this.frame);
      }
      // Until the frame reports its name in its language, the mode names it (author-facing words).
      this.frame.title = this.getAttribute("title") || this.reportedTitle || "Leopard " + (this.getAttribute("mode") || "board");
      if (this.getAttribute("loading") === "lazy" || this.getAttribute("loading") === "eager") {
        this.frame.loading = /** @type {"lazy"|"eager"} */ (this.getAttribute("loading"));
      }
      if (this.frame.src !== url.href) this.frame.src = url.href;
    }

    /** The board's language: its lang attribute, else the host page's if the board speaks it, else null. */
    language() {
      var own = this.getAttribute("lang");
      if (own) return own;
      var page = (document.documentElement.getAttribute("lang") || "").toLowerCase().split("-")[0];
      return LANGUAGES.indexOf(page) >= 0 ? page : null;
    }

    /** Send a command to the embed (it validates and may ignore it). */
    send(command) {
      if (!this.frame || !this.frame.contentWindow || !command || typeof command !== "object") return;
      var message = Object.assign({}, command, { source: "leopard-host" });
      this.frame.contentWindow.postMessage(message, this.origin);
    }

    /** Handle one message from our frame. */
    receive(data) {
      if (data.type === "height" && typeof data.height === "number" && data.height > 0 && data.height < 20000) {
        this.frame.style.height = Math.ceil(data.height) + "px";
      }
      if (typeof data.title === "string" && data.title.length > 0 && data.title.length <= 200) {
        this.reportedTitle = data.title;
        if (!this.getAttribute("title")) this.frame.title = data.title;
      }
      this.dispatchEvent(new CustomEvent("leopard-" + data.type, { detail: data, bubbles: true }));
      this.dispatchEvent(new CustomEvent("leopard-message", { detail: data, bubbles: true }));
    }
  }

  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || typeof data !== "object" || data.source !== "leopard-embed" || TYPES.indexOf(data.type) < 0) return;
    boards.forEach(function (board) {
      if (board.frame && event.source === board.frame.contentWindow && event.origin === board.origin) {
        board.receive(data);
      }
    });
  });

  customElements.define("leopard-board", LeopardBoard);
})();
