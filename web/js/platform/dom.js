// Typed look-ups of the game page's fixed elements (index.html), so a missing id fails loudly.

/**
 * The element with this id.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @returns {T}
 */
export function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page has no #${id}`);
  return /** @type {T} */ (node);
}

/** @param {string} id @returns {HTMLDialogElement} */
export const dialog = (id) => byId(id);

/** @param {string} id @returns {HTMLButtonElement} */
export const button = (id) => byId(id);

/** @param {string} id @returns {HTMLSelectElement} */
export const select = (id) => byId(id);

/**
 * A new element with a class and text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Text only screen readers read (the name of an icon-like control). @param {string} text */
export const hiddenText = (text) => el("span", "visually-hidden", text);
