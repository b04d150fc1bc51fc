// The undo key every game page answers: Ctrl+Z (Cmd+Z on a Mac), without Shift (which is redo
// elsewhere) or Alt. A game decides what it takes back; this module only says whether a key press
// is the undo key and whether it was meant for a field being typed in (which undoes its own text).
//
//   document.addEventListener("keydown", (event) => {
//     if (isUndoKey(event) && !typedInField(event)) takeBack();
//   });

/** True when a key press is Ctrl+Z (Cmd+Z on a Mac), without Shift or Alt. @param {KeyboardEvent} event */
export function isUndoKey(event) {
  return (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === "z";
}

/** True when the key press went to a field being typed in (its own undo applies). @param {KeyboardEvent} event */
export function typedInField(event) {
  const target = /** @type {HTMLElement|null} */ (event.target);
  return Boolean(target?.closest?.("input, select, textarea, [contenteditable=true]"));
}
