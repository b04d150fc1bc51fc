// The memory snapshot as sent: Pyodide's snapshot with its heap XORed with the WebAssembly module's
// own initial memory (the data segments of pyodide.asm.wasm, which every visitor downloads anyway).
// The bytes that Python never changed since the module started become zeros, so the snapshot packs
// smaller (31 MB raw: 5.30 MB brotli as it was, 4.08 MB as this delta). XOR is its own inverse: the
// build (tools/snapshot.mjs) and the worker (./worker.js) call the same function, one to make the
// delta, the other to undo it, on the same wasm.
//
// Glossary:
//   data segment  -- a (offset, bytes) pair of the wasm's data section (id 11): the module's memory
//                    starts with these bytes at these offsets and zeros elsewhere.
//   heap          -- the snapshot's bytes after its header (Pyodide's header: u32 magic, u32 heap
//                    offset, ...): the module's whole memory at the moment of the snapshot.
//
// Pyodide's wasm has only active segments at constant i32 offsets (no threads, no memory64): anything
// else is refused with an error rather than guessed, so a new Pyodide with another layout fails the
// build, not a visitor's start.

/** The name the manifest gives this encoding (manifest.snapshot_delta). */
export const SNAPSHOT_DELTA = "wasm-data-xor";

/**
 * @param {Uint8Array} bytes @param {number} at
 * @returns {[number, number]} the unsigned LEB128 number at `at` and the offset after it
 */
function leb128(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    if (byte === undefined) throw new Error("wasm: truncated number");
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(byte & 0x80)) return [value, at];
  }
}

/**
 * The module's data segments, read from the wasm's binary.
 * @param {Uint8Array} wasm
 * @returns {{offset: number, start: number, length: number}[]} each segment's memory offset and
 *   where its bytes are in `wasm`
 */
export function dataSegments(wasm) {
  if (wasm.length < 8 || wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d) {
    throw new Error("wasm: not a WebAssembly module");
  }
  const segments = [];
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at++];
    let size;
    [size, at] = leb128(wasm, at);
    const end = at + size;
    if (id === 11) {
      let count;
      [count, at] = leb128(wasm, at);
      for (let i = 0; i < count; i++) {
        let flags;
        [flags, at] = leb128(wasm, at);
        if (flags !== 0) throw new Error(`wasm: data segment ${i} is not an active segment of memory 0`);
        if (wasm[at++] !== 0x41) throw new Error(`wasm: data segment ${i}'s offset is not an i32 constant`);
        // A signed LEB128 i32; memory offsets are below 2^31, so its sign bit is never set.
        let offset;
        [offset, at] = leb128(wasm, at);
        if (wasm[at++] !== 0x0b) throw new Error(`wasm: data segment ${i}'s offset is not a constant`);
        let length;
        [length, at] = leb128(wasm, at);
        if (at + length > end) throw new Error(`wasm: data segment ${i} runs past its section`);
        segments.push({ offset, start: at, length });
        at += length;
      }
    }
    at = end;
  }
  return segments;
}

/**
 * XORs the snapshot's heap with the module's initial memory, in place: turns a snapshot into its
 * delta and a delta back into the snapshot.
 * @param {Uint8Array} snapshot Pyodide's snapshot bytes (header and heap)
 * @param {Uint8Array} wasm the pyodide.asm.wasm the snapshot was made with
 */
export function xorWithInitialMemory(snapshot, wasm) {
  const header = new DataView(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength).getUint32(4, true);
  const heap = snapshot.subarray(header);
  for (const { offset, start, length } of dataSegments(wasm)) {
    if (offset + length > heap.length) throw new Error("wasm: a data segment lies past the snapshot's heap");
    for (let i = 0; i < length; i++) heap[offset + i] ^= wasm[start + i];
  }
}
