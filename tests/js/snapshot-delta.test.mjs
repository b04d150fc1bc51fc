// The memory snapshot's delta from the wasm's initial memory (web/js/platform/engine/snapshot-delta.js),
// on a wasm module written out by hand: a custom section, then a data section of two active segments.
import { test } from "node:test";
import assert from "node:assert/strict";
import { dataSegments, xorWithInitialMemory } from "../../web/js/platform/engine/snapshot-delta.js";

const MAGIC_AND_VERSION = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
const CUSTOM = [0, 3, 1, 0x61, 0x62]; // section 0, 3 bytes: the name "a", then "b"
// Section 11: two segments, [1, 2, 3] at 4 and [0xff, 0x10] at 200 (i32.const 200 is C8 01).
const SEGMENT_BYTES = [2, 0, 0x41, 4, 0x0b, 3, 1, 2, 3, 0, 0x41, 0xc8, 0x01, 0x0b, 2, 0xff, 0x10];
const DATA = [11, SEGMENT_BYTES.length, ...SEGMENT_BYTES];
const WASM = new Uint8Array([...MAGIC_AND_VERSION, ...CUSTOM, ...DATA]);

/** A snapshot of an 8-byte header (its second word the heap's offset) and a 256-byte heap. */
function snapshot(heapAt) {
  const bytes = new Uint8Array(8 + 256);
  new DataView(bytes.buffer).setUint32(0, 0x12345678, true);
  new DataView(bytes.buffer).setUint32(4, 8, true);
  for (const [offset, value] of Object.entries(heapAt)) bytes[8 + Number(offset)] = value;
  return bytes;
}

test("the data segments are read with their memory offsets, past other sections", () => {
  const segments = dataSegments(WASM);
  assert.deepEqual(segments.map(({ offset, length }) => ({ offset, length })), [
    { offset: 4, length: 3 }, { offset: 200, length: 2 },
  ]);
  assert.deepEqual([...WASM.subarray(segments[1].start, segments[1].start + 2)], [0xff, 0x10]);
});

test("bytes unchanged since the module started become zeros, and a second pass gives them back", () => {
  // Python left the first segment alone, changed the second one's second byte, wrote 7 at 100.
  const bytes = snapshot({ 4: 1, 5: 2, 6: 3, 100: 7, 200: 0xff, 201: 0x11 });
  const original = bytes.slice();
  xorWithInitialMemory(bytes, WASM);
  assert.deepEqual(bytes, snapshot({ 100: 7, 201: 0x01 }), "the header is left alone");
  xorWithInitialMemory(bytes, WASM);
  assert.deepEqual(bytes, original);
});

test("what the delta cannot stand for is refused, not guessed", () => {
  assert.throws(() => dataSegments(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])), /not a WebAssembly module/);
  const passive = new Uint8Array([...MAGIC_AND_VERSION, 11, 4, 1, 1, 1, 9]);
  assert.throws(() => dataSegments(passive), /not an active segment/);
  const truncated = new Uint8Array([...MAGIC_AND_VERSION, 11, 9, 1, 0, 0x41, 4, 0x0b, 40, 1, 2, 3]);
  assert.throws(() => dataSegments(truncated), /runs past its section/);
  const small = new Uint8Array(8 + 100);
  new DataView(small.buffer).setUint32(4, 8, true);
  assert.throws(() => xorWithInitialMemory(small, WASM), /past the snapshot's heap/);
});
