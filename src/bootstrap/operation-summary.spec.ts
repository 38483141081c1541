import { operationSummary } from './operation-summary';

describe('operationSummary', () => {
  it('counts operations by kind in a fixed order', () => {
    const kinds = ['command', 'query', 'query', 'report'] as const;
    expect(operationSummary(kinds.map((kind) => ({ kind })))).toBe(
      '4 operations: 2 query, 0 view, 1 report, 1 command',
    );
  });
});
