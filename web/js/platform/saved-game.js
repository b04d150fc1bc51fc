// Restoring a saved game on a game page: a save the engine cannot read is never lost and never
// stops the page; it is set aside (the page's own way: under a key of its own, or held in place)
// and the page goes on with another game. Only an engine that is down stops the restore.
//
// Example: const snap = await restoreOrSetAside(saved, restore, setAside, whyText) ?? startNew();

/**
 * The engine's snapshot of the restored save, or null when the engine could not read it (then
 * setAside(text, why(err)) has kept it). An engine that is down throws.
 * @template S
 * @param {string} text the save
 * @param {(text: string) => Promise<S>} restore asks the engine to restore it
 * @param {(text: string, why: string) => void} setAside keeps an unreadable save
 * @param {(err: any) => string} why the reason in the page's language
 * @returns {Promise<S|null>}
 */
export async function restoreOrSetAside(text, restore, setAside, why) {
  try {
    return await restore(text);
  } catch (err) {
    if (err.kind === "engine_down") throw err;
    setAside(text, why(err));
    return null;
  }
}
