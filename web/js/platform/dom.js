// DOM helpers of every page: typed look-ups of a page's fixed elements, so a missing id fails
// loudly, and the one element maker, el().

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
 * A new element with a class and children (a string becomes text): el("p", "hint", "Your turn.").
 * The one element maker of every page.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {...(string|Node|undefined)} children undefined is skipped (an optional text)
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children.filter((child) => child !== undefined));
  return node;
}

/** Text only screen readers read (the name of an icon-like control). @param {string} text */
export const hiddenText = (text) => el("span", "visually-hidden", text);
