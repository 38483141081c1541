import { ClientFilters } from './client-filters';

/** mulberry32: a small seeded PRNG so the random combinations are the same on every run. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PATTERNS = ['query_*', 'command_*', '*Order*', 'view_Board', '{query,view}_Get*', 'search', 'execute', '*'];
const NAMES = ['query_GetOrders', 'query_Stats', 'view_Board', 'view_GetThing', 'command_CancelOrder', 'report_X'];
const META = ['search', 'execute'];
const VALUES = ['US-1', 'EU-1', 1, { a: 1 }];
const CALL_NAMES = ['command_CancelOrder', 'query_GetOrders'];

function randomFilters(random: () => number): ClientFilters {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const some = <T>(list: readonly T[]) => list.filter(() => random() < 0.3);
  const rules = () =>
    Object.fromEntries(some(CALL_NAMES).map((name) => [name, { w: some(VALUES).concat(pick(VALUES)) }]));
  return ClientFilters.from({
    visibility: { allow: some(PATTERNS), deny: some(PATTERNS).slice(0, 1) },
    callable: { allow: random() < 0.5 ? rules() : undefined, deny: random() < 0.5 ? rules() : undefined },
  });
}

describe('ClientFilters.and', () => {
  it('never widens: every answer of A.and(B) is the conjunction of the answers of A and B', () => {
    const random = prng(20250605);
    const seen = { hidden: 0, shown: 0, refused: 0, allowed: 0 };
    for (let round = 0; round < 200; round++) {
      const a = randomFilters(random);
      const b = randomFilters(random);
      const both = a.and(b);
      for (const name of NAMES) {
        expect(both.isVisible(name)).toBe(a.isVisible(name) && b.isVisible(name));
        seen[both.isVisible(name) ? 'shown' : 'hidden']++;
      }
      for (const name of META)
        expect(both.isMetaToolVisible(name)).toBe(a.isMetaToolVisible(name) && b.isMetaToolVisible(name));
      for (const name of CALL_NAMES) {
        for (const w of [...VALUES, undefined]) {
          const args = { w };
          const refusal = both.checkCallable(name, args);
          seen[refusal ? 'refused' : 'allowed']++;
          expect(refusal === undefined).toBe(
            a.checkCallable(name, args) === undefined && b.checkCallable(name, args) === undefined,
          );
          if (refusal) expect([a.checkCallable(name, args), b.checkCallable(name, args)]).toContain(refusal);
        }
      }
    }
    // The random combinations exercise both outcomes of every question, not just one.
    expect(Math.min(...Object.values(seen))).toBeGreaterThan(100);
  });

  it('returns the other side when one side allows all', () => {
    const narrow = ClientFilters.from({ visibility: { allow: 'query_*' } });
    expect(ClientFilters.ALLOW_ALL.and(narrow)).toBe(narrow);
    expect(narrow.and(ClientFilters.ALLOW_ALL)).toBe(narrow);
    expect(narrow.and(narrow)).toBe(narrow);
  });

  it('keeps the refusal message of the side that refused', () => {
    const profile = ClientFilters.from({ callable: { allow: { command_CancelOrder: { warehouse: ['US-1'] } } } });
    const headers = ClientFilters.from({ callable: { deny: { command_CancelOrder: { reason: ['test'] } } } });
    const both = profile.and(headers);
    expect(both.checkCallable('command_CancelOrder', { warehouse: 'EU-1' })).toContain(
      'not in the allowed list ["US-1"]',
    );
    expect(both.checkCallable('command_CancelOrder', { warehouse: 'US-1', reason: 'test' })).toContain(
      'in the denied list',
    );
  });

  it('cannot widen a profile with a header allow list', () => {
    const profile = ClientFilters.from({ visibility: { allow: ['query_*'] } });
    const headers = ClientFilters.from({ visibility: { allow: 'query_*, command_*' } });
    expect(profile.and(headers).isVisible('command_CancelOrder')).toBe(false);
    expect(profile.and(headers).isVisible('query_GetOrders')).toBe(true);
  });
});
