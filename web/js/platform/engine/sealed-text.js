// A kept save written so that nobody reads it at a glance in the browser's storage tools (runs in
// the engine worker, and in node for the tests). Eleusis's save names the secret rule in its own
// notation ("lower | differ(colour)"), a pass-and-play save both hands: in IndexedDB they are held
// no more readably than the teacher's link holds a rule (leopard_core/games/eleusis/link_code.py):
// the text's UTF-8 bytes mixed with a fixed key, in base 64. It is not encryption: anybody who reads
// this module can unseal it; it only keeps the secret out of sight. leopard_core/platform/saves.py
// (seal_kept, unseal_kept) does the same in Python, for the tests and the command line.
//
// Glossary:
//   sealed text -- SEALED_PREFIX then the base 64 of the mixed bytes.
//   mix         -- byte i XOR KEY[i mod 32] XOR (i * 29 mod 256); the same call unmixes.
// Example: seal("odd") === "k1.U9QN" and unseal("k1.U9QN") === "odd" (the same in saves.py).

export const SEALED_PREFIX = "k1.";
// The SHA-256 of "leopard kept save", as saves.py computes it.
const KEY = [
  60, 173, 83, 43, 142, 96, 30, 222, 229, 191, 95, 240, 223, 19, 124, 197,
  165, 107, 55, 32, 252, 0, 202, 49, 193, 136, 94, 72, 124, 65, 57, 109,
];
const CHUNK = 0x8000; // bytes per String.fromCharCode call (an argument list has its limits)

/** @param {Uint8Array} bytes @returns {Uint8Array} */
function mix(bytes) {
  return bytes.map((byte, i) => byte ^ KEY[i % KEY.length] ^ ((i * 29) & 0xff));
}

/** The sealed form of text. @param {string} text @returns {string} */
export function seal(text) {
  const bytes = mix(new TextEncoder().encode(text));
  let binary = "";
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return SEALED_PREFIX + btoa(binary);
}

/**
 * The text a sealed text holds; a text that is not sealed (a save kept before saves were sealed) is
 * given back as it is. Throws on a sealed text whose base 64 is damaged.
 * @param {string} sealed
 * @returns {string}
 */
export function unseal(sealed) {
  if (!sealed.startsWith(SEALED_PREFIX)) return sealed;
  const binary = atob(sealed.slice(SEALED_PREFIX.length));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(mix(bytes));
}
