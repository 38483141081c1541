/**
 * Operation sets as bitsets over operation indices: bit `op & 31` of word `op >>> 5`. At 10,000
 * operations a set is 313 words, so intersecting, masking and counting whole sets costs less than
 * walking one common word's postings.
 */

/** Words in a bitset over `size` operations. */
export function bitsetWords(size: number): number {
  return (size + 31) >>> 5;
}

export function hasBit(bits: Uint32Array, op: number): boolean {
  return (bits[op >>> 5] & (1 << (op & 31))) !== 0;
}

/** Sets the bits of `ops[from, to)`. */
export function setBits(bits: Uint32Array, ops: Int32Array, from: number, to: number): void {
  for (let p = from; p < to; p++) {
    const op = ops[p];
    bits[op >>> 5] |= 1 << (op & 31);
  }
}

/** `into &= mask`, the mask starting at word `maskStart` of `mask`; true when something is left. */
export function intersect(into: Uint32Array, mask: Uint32Array, maskStart = 0): boolean {
  let any = 0;
  for (let w = 0; w < into.length; w++) {
    into[w] &= mask[maskStart + w];
    any |= into[w];
  }
  return any !== 0;
}

/** The number of set bits. */
export function countBits(bits: Uint32Array): number {
  let count = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w];
    if (x === 0) continue;
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    count += (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
  }
  return count;
}
