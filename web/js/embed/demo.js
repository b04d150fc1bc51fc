/* The embedding demo (examples/embed-demo.html), written as a host page on ANOTHER site would be:
 * it loads embed-host.js from the Leopard site (the `base` URL setting, default: this site) and
 * shows the snippets it uses. A classic script, like the one a page author would write. It writes
 * no text of its own: the page's texts are translated by demo-page.js, and the boards start once
 * they are (so that <leopard-board> passes the page's language on to its frame). */
(function () {
  "use strict";

  var params = new URLSearchParams(location.search);
  var base = new URL("../", location.href);
  var asked = params.get("base");
  if (asked) {
    try {
      var parsed = new URL(asked, location.href);
      if (parsed.protocol === "http:" || parsed.protocol === "https:") base = parsed;
    } catch (err) { /* keep the default */ }
  }
  if (!base.pathname.endsWith("/")) base.pathname += "/";
  var BASE = base.href;
  var ORIGIN = base.origin;

  var SQUARE = "AS,-,10C/4S,5C,-/7H.KS,8S,9S";
  var N4 = "AH,2H,3D/4D,-,6H/7S,-,9H | -,2S,3S/-,5S,-/-,-,- | 7H,10D,KH,JC";
  var SQUARE_ES = "AH,2H,3H/4D,5C,6D/7S,8C,QS";

  /** An attribute value as a page author would type it: quotes and < escaped, but & left plain,
   * so that the address in a snippet reads (and copies) exactly as the browser uses it. */
  function esc(text) {
    return text.replace(/"/g, "&quot;").replace(/</g, "&lt;");
  }

  function show(id, text) {
    document.getElementById(id).textContent = text;
  }

  /** A <leopard-board> with these attributes, in the slot, and its snippet shown. With onSight,
   * the board is only written when its slot comes into view (each frame starts its own engine). */
  function board(slot, snippetId, attrs, onSight) {
    var el = document.createElement("leopard-board");
    var html = "<leopard-board";
    Object.keys(attrs).forEach(function (name) {
      el.setAttribute(name, attrs[name]);
      html += " " + name + '="' + esc(attrs[name]) + '"';
    });
    html += "></leopard-board>";
    show(snippetId, '<script src="' + BASE + 'js/embed-host.js"></script>\n' + html);
    var place = document.getElementById(slot);
    if (!onSight || !window.IntersectionObserver) {
      place.appendChild(el);
      return el;
    }
    var watcher = new IntersectionObserver(function (entries) {
      if (entries.some(function (entry) { return entry.isIntersecting; })) {
        watcher.disconnect();
        place.appendChild(el);
      }
    });
    watcher.observe(place);
    return el;
  }

  /** Record every well-formed message from a Leopard frame (the site's origin only). */
  function logMessage(event) {
    var data = event.data;
    if (event.origin !== ORIGIN || !data || data.source !== "leopard-embed") return;
    var item = document.createElement("li");
    item.dataset.type = String(data.type);
    item.dataset.id = String(data.id);
    item.textContent = JSON.stringify(data);
    document.getElementById("message-log").appendChild(item);
  }

  function start() {
    show("demo-base", BASE);
    window.addEventListener("message", logMessage);

    // 1. The one-line iframe, sized by this page's own listener (what embed-host.js does for you).
    var src = BASE + "embed.html?mode=square&id=plain-square&square=" + encodeURIComponent(SQUARE);
    var title = document.getElementById("slot-plain").dataset.frameTitle || "Leopard";
    show("snippet-plain", '<iframe src="' + esc(src) + '" title="' + esc(title) + '" width="100%" height="460" style="border:0"></iframe>');
    var frame = document.createElement("iframe");
    frame.src = src;
    frame.title = title;
    frame.width = "100%";
    frame.height = "460";
    frame.className = "demo-frame";
    document.getElementById("slot-plain").appendChild(frame);
    window.addEventListener("message", function (event) {
      var data = event.data;
      if (event.source === frame.contentWindow && event.origin === ORIGIN && data && data.type === "height") {
        frame.height = String(data.height);
      }
    });

    // 2-4. The helper script from the Leopard site, then custom elements.
    var script = document.createElement("script");
    script.src = BASE + "js/embed-host.js";
    script.onload = function () {
      board("slot-position", "snippet-position", { id: "demo-position", mode: "position", n4: N4, card: "JC" });
      var play = { id: "demo-play", mode: "play", hands: params.get("hands") || "1" };
      ["seed", "botseed", "variant", "level", "pace"].forEach(function (name) {
        if (params.get(name)) play[name] = params.get(name);
      });
      board("slot-play", "snippet-play", play);
      board("slot-bad", "snippet-bad", { id: "demo-bad", mode: "square", square: "AH,2H,3H/-,-,-" });
      board("slot-lang", "snippet-lang", { id: "demo-lang", mode: "square", square: SQUARE_ES, lang: "es" }, true);
      board("slot-eleusis", "snippet-eleusis", { id: "demo-eleusis", game: "eleusis", levels: "novice,expert", difficulty: "easy" }, true);
    };
    script.onerror = function () {
      show("demo-load-failed-src", script.src);
      document.getElementById("demo-load-failed").hidden = false;
    };
    document.head.appendChild(script);
  }

  /** Run fn once the page's texts are in (demo-page.js removes <html class="i18n-wait">), or after
   * a few seconds if they never come. */
  function whenTranslated(fn) {
    var html = document.documentElement;
    var started = false;
    var watcher = new MutationObserver(function () {
      if (!html.classList.contains("i18n-wait")) go();
    });
    function go() {
      if (started) return;
      started = true;
      watcher.disconnect();
      fn();
    }
    if (!html.classList.contains("i18n-wait")) return go();
    watcher.observe(html, { attributes: true, attributeFilter: ["class"] });
    setTimeout(go, 4000);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { whenTranslated(start); });
  else whenTranslated(start);
})();
