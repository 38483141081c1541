import type { OperationKind } from '@myko/registry';
import { SearchEntries } from './search-entries';
import { SearchResultJson } from './search-result.json';

const ops = (['query', 'command'] as OperationKind[]).map((kind, i) => ({
  name: `${kind}_Op${i}`,
  kind,
  id: `Op${i}`,
  description: i === 0 ? 'Says "hi"\n\u2028 and more' : '',
  args: [{ name: 'a', tsType: "'x' | 'y'", optional: i === 0, description: 'A \\ B' }],
  inputSchema: Object.freeze({ type: 'object' }),
  outputSchema: Object.freeze({ type: 'string' }),
  outputType: 'string',
  readOnly: true,
  idempotent: true,
  destructive: false,
  source: 'spec',
}));

describe('SearchResultJson', () => {
  const entries = new SearchEntries(ops);
  const json = new SearchResultJson();

  it('renders exactly what JSON.stringify renders, again and again', () => {
    const results = [
      { operations: [entries.detail(0), entries.detail(1)], total: 2 },
      { operations: [entries.detail(1), entries.detail(0)], total: 9, nextCursor: 'abc"d' },
      { operations: [], total: 0 },
    ];
    for (const result of [...results, ...results]) expect(json.stringify(result)).toBe(JSON.stringify(result));
  });

  it('falls back to JSON.stringify for entries it cannot cache and for other shapes', () => {
    const loose = { ...entries.detail(0) };
    const result = { operations: [loose], total: 1 };
    json.stringify(result);
    loose.id = 'Changed';
    expect(json.stringify(result)).toBe(JSON.stringify(result));
    const extra = { total: 1, operations: [entries.detail(0)], note: 'x' };
    expect(json.stringify(extra)).toBe(JSON.stringify(extra));
  });

  it('hands out frozen entries, so their cached text cannot go stale', () => {
    expect(Object.isFrozen(entries.detail(0))).toBe(true);
    expect(Object.isFrozen(entries.detail(0).args[0])).toBe(true);
    expect(Object.isFrozen(entries.compact(0))).toBe(true);
    expect(Object.isFrozen(entries.confident(0))).toBe(true);
    expect(Object.isFrozen(entries.types(0))).toBe(true);
    expect(entries.detail(0)).toBe(entries.detail(0));
    expect(entries.compact(1)).toBe(entries.compact(1));
  });
});
