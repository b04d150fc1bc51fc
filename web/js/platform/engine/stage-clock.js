// The engine start's stage times (./worker.js): when each stage ended and how long it took. The page
// keeps the durations (client.js remember) to pace the progress bar of the next start on the same path.

/**
 * A clock started now; mark(stage) ends a stage. A stage marked twice adds both parts: a first visit
 * that chooses the normal start downloads in two steps (what both starts need, then the rest).
 * @param {() => number} now milliseconds
 */
export function stageClock(now = () => performance.now()) {
  const started = now();
  /** @type {Record<string, number>} when each stage ended, ms since the start */
  const stages = {};
  /** @type {Record<string, number>} how long each stage took, ms */
  const stageMs = {};
  let previous = 0;
  /** @param {string} name */
  const mark = (name) => {
    const at = Math.round(now() - started);
    stages[name] = at;
    stageMs[name] = (stageMs[name] || 0) + at - previous;
    previous = at;
  };
  return { mark, stages, stageMs, elapsed: () => Math.round(now() - started) };
}
