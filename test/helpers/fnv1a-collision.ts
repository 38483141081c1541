/** 32-bit FNV-1a as 8 hex digits: the hash approval keys were once built on (issue 39, finding 1). */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * Indexes `a`, `b` with `fnv1a(first(a)) === fnv1a(second(b))`: a birthday search over 2^17 variants of
 * the first text, as a script can run one in well under a second.
 */
export function fnv1aCollision(first: (i: number) => string, second: (i: number) => string): [number, number] {
  const seen = new Map<string, number>();
  for (let i = 0; i < 1 << 17; i++) seen.set(fnv1a(first(i)), i);
  for (let j = 0; j < 1 << 24; j++) {
    const hit = seen.get(fnv1a(second(j)));
    if (hit !== undefined) return [hit, j];
  }
  throw new Error('no FNV-1a collision found');
}
