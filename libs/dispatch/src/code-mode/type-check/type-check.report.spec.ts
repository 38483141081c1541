import { renderDiagnostics, reportDiagnostics } from './type-check.report';

describe('renderDiagnostics', () => {
  it('sorts by line, caps at 10 and counts the rest, cuts long messages', () => {
    const diagnostics = Array.from({ length: 12 }, (_, i) => ({ line: 12 - i, column: 1, code: 1, message: 'x' }));
    diagnostics[11] = { line: 1, column: 2, code: 1, message: 'y'.repeat(800) };
    const lines = renderDiagnostics(diagnostics).split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe(`1:2 ${'y'.repeat(700)}…`);
    expect(lines[10]).toBe('… and 2 more');
  });

  it('gives the same diagnostics as data: in order, capped, cut, the expected type where there is one', () => {
    const diagnostics = Array.from({ length: 12 }, (_, i) => ({ line: 12 - i, column: 1, code: 1, message: 'x' }));
    diagnostics[11] = { line: 1, column: 2, code: 2322, message: 'y', expected: 'number' } as never;
    const report = reportDiagnostics(diagnostics);
    expect(report.diagnostics).toHaveLength(10);
    expect(report.diagnostics[0]).toEqual({ line: 1, column: 2, message: 'y', expected: 'number' });
    expect(report.diagnostics[1]).toEqual({ line: 2, column: 1, message: 'x' });
    expect(report.more).toBe(2);
  });
});
