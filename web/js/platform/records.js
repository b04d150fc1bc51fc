// What every game's statistics store does with its stored records before counting them: keep the
// readable ones once each, and give a new record an id of its own. Each game knows the shape of its
// records (its own `recordProblem`); this module only applies it, so the card game's store
// (../games/leopard/stats-store.js) and the Eleusis store (../games/eleusis/stats-store.js) sort
// their records out alike.
//
// Glossary:
//   record problem  a game's function naming why a stored value is not one of its records (the
//                   first wrong field), or "" when it is one; e.g. problem(null) === "not an object"
//   damaged         a stored value with a problem, or a record whose id was already seen (it would
//                   count one game twice); e.g. sortOutRecords([a, a, null], problem) keeps [a] and
//                   counts 2 damaged
//   record id       a random id a store gives a new game, e.g. "mie3k2n1-5x0c9f2a1"

/**
 * The records that may be counted, in their order, and how many were damaged.
 * @template {{id: string}} R  the game's record
 * @param {unknown[]} records  as stored
 * @param {(record: unknown) => string} recordProblem  the game's check of one record
 * @returns {{good: R[], damaged: number}}
 */
export function sortOutRecords(records, recordProblem) {
  const ids = new Set();
  /** @type {R[]} */
  const good = [];
  for (const record of records) {
    if (recordProblem(record) || ids.has(/** @type {R} */ (record).id)) continue;
    ids.add(/** @type {R} */ (record).id);
    good.push(/** @type {R} */ (record));
  }
  return { good, damaged: records.length - good.length };
}

/** A new record id: the time in base 36 and 40 random bits, so two games never share one. */
export function newRecordId() {
  return `${Date.now().toString(36)}-${Math.floor(Math.random() * 2 ** 40).toString(36)}`;
}
