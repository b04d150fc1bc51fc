// The browser's localStorage itself, reached only through here (and ./storage.js, built on it).
// Nothing here throws: storage can be blocked (reading `window.localStorage` throws in some
// privacy modes and sandboxed frames) or full. The platform's own small values (the language
// chosen, the engine's start timings) use quietRead/quietWrite; games use GameStorage (storage.js),
// which reports problems to the player.
//
// Example: quietWrite("leopard.lang", "es") -> true; quietRead("leopard.lang") -> "es".

/**
 * Storage the page may use, or null when the browser refuses it.
 * @param {string} probeKey a key to read once (some browsers only refuse on first use)
 * @returns {globalThis.Storage|null}
 */
export function openArea(probeKey) {
  try {
    const area = window.localStorage;
    area.getItem(probeKey);
    return area;
  } catch {
    return null;
  }
}

/** The text stored under key; null when absent or storage is refused. @param {string} key @returns {string|null} */
export function quietRead(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keep text under key; false when the browser refuses (blocked or full). @param {string} key @param {string} text */
export function quietWrite(key, text) {
  try {
    window.localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}
