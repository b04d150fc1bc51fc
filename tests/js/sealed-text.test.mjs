// The worker's sealing of a kept save (web/js/platform/engine/sealed-text.js): the same text as the
// engine's Python seals it (leopard_core.platform.saves.seal_kept, whose doctest has the same
// example), a secret rule not readable in it, and every text back as it was.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SEALED_PREFIX, seal, unseal } from "../../web/js/platform/engine/sealed-text.js";

test("the Python's example seals the same way", () => {
  assert.equal(seal("odd"), "k1.U9QN");
  assert.equal(unseal("k1.U9QN"), "odd");
});

test("a save's secret rule is not in its sealed text", () => {
  const save = JSON.stringify({ game: JSON.stringify({ dealt: ["lower | differ(colour)"], moves: [] }) });
  const sealed = seal(save);
  assert.ok(sealed.startsWith(SEALED_PREFIX));
  for (const secret of ["differ", "colour", "lower", "dealt"]) assert.ok(!sealed.includes(secret), secret);
  assert.equal(unseal(sealed), save);
});

test("long and non-ASCII texts come back as they were", () => {
  const text = `{"names":["Ana","Begoña"],"moves":"${"7H to own 7,".repeat(20000)}"}`;
  assert.equal(unseal(seal(text)), text);
});

test("a save kept before sealing is read as it is", () => {
  assert.equal(unseal('{"format":"leopard-eleusis-session"}'), '{"format":"leopard-eleusis-session"}');
});
