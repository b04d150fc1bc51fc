// Whether things on the page may move: the system's "reduce motion" setting, read at each use (it can
// change while the page is open), for every game that animates (the card game's travelling cards,
// the hunt's sliding pieces). <html data-motion="on|off"> says which is in force, for styles and tests.
//
//   if (motionAllowed()) piece.animate(...);   // nothing moves under prefers-reduced-motion: reduce
//   watchMotionSetting();                      // once at start: data-motion follows the setting

const REDUCED = "(prefers-reduced-motion: reduce)";

/** True when things may move; also marks <html data-motion>. */
export function motionAllowed() {
  const on = !(typeof matchMedia === "function" && matchMedia(REDUCED).matches);
  const word = on ? "on" : "off";
  if (document.documentElement.dataset.motion !== word) document.documentElement.dataset.motion = word;
  return on;
}

/** Keep <html data-motion> true to the system setting as it changes. */
export function watchMotionSetting() {
  motionAllowed();
  if (typeof matchMedia === "function") matchMedia(REDUCED).addEventListener("change", () => motionAllowed());
}
