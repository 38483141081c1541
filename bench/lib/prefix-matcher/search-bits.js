/**
 * Operation sets as bitsets over operation indices: bit `op & 31` of word `op >>> 5`. At 10,000
 * operations a set is 313 words, so intersecting, masking and counting whole sets costs less than
 * walking one common word's postings.
 */
Object.defineProperty(exports, '__esModule', { value: true });
exports.bitsetWords = bitsetWords;
exports.hasBit = hasBit;
exports.setBits = setBits;
exports.intersect = intersect;
exports.countBits = countBits;
/** Words in a bitset over `size` operations. */
function bitsetWords(size) {
  return (size + 31) >>> 5;
}
function hasBit(bits, op) {
  return (bits[op >>> 5] & (1 << (op & 31))) !== 0;
}
/** Sets the bits of `ops[from, to)`. */
function setBits(bits, ops, from, to) {
  for (let p = from; p < to; p++) {
    const op = ops[p];
    bits[op >>> 5] |= 1 << (op & 31);
  }
}
/** `into &= mask`, the mask starting at word `maskStart` of `mask`; true when something is left. */
function intersect(into, mask, maskStart = 0) {
  let any = 0;
  for (let w = 0; w < into.length; w++) {
    into[w] &= mask[maskStart + w];
    any |= into[w];
  }
  return any !== 0;
}
/** The number of set bits. */
function countBits(bits) {
  let count = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w];
    if (x === 0) continue;
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    count += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}
