import type { SandboxRunResult, SandboxStats } from '@myko/sandbox';
import type { TextContent } from '../../features/tools/tool-definition.interface';
import { CommandJournal } from './command-journal';
import { formatExecuteResult } from './execute-result.formatter';

const STATS = {} as SandboxStats;

function ran(value: unknown, consoleText = ''): SandboxRunResult {
  return {
    ok: true,
    resultJson: JSON.stringify(value),
    console: { text: consoleText, truncated: false },
    stats: STATS,
  };
}

function texts(value: unknown, budget: number, consoleText = ''): string[] {
  const result = formatExecuteResult(ran(value, consoleText), new CommandJournal(), undefined, budget);
  return result.content.map((block) => (block as TextContent).text);
}

const ROWS = Array.from({ length: 1_200 }, (_, i) => ({ sku: `SKU-${i}`, name: `Product ${i}`, quantity: i }));

describe('formatExecuteResult: the result budget', () => {
  it('returns a result within the budget as it is, with no note', () => {
    const value = { rows: ROWS.slice(0, 3) };
    expect(texts(value, 8_000)).toEqual([JSON.stringify(value)]);
  });

  it('cuts an over-budget result to valid JSON within the budget, and says what was cut and how to get the rest', () => {
    const [json, note] = texts({ total: 1_200, rows: ROWS }, 4_000);
    const shown = JSON.parse(json) as { total: number; rows: typeof ROWS };
    expect(shown.total).toBe(1_200);
    expect(shown.rows.length).toBeGreaterThan(10);
    expect(shown.rows).toEqual(ROWS.slice(0, shown.rows.length));
    expect(note).toContain(`rows: ${shown.rows.length} of 1,200 shown`);
    expect(note).toMatch(/aggregate in the script, or return a slice \(rows\.slice\(\d+, \d+\)\)/);
    expect(Buffer.byteLength(json) + Buffer.byteLength(note)).toBeLessThanOrEqual(4_000);
  });

  it('cuts long strings at a character boundary, never inside a surrogate pair', () => {
    const text = '😀'.repeat(5_000);
    const [json, note] = texts({ text }, 2_000);
    const shown = JSON.parse(json) as { text: string };
    expect(shown.text.endsWith('…')).toBe(true);
    expect(shown.text.slice(0, -1)).toBe('😀'.repeat((shown.text.length - 1) / 2));
    expect(note).toContain('text: strings cut at');
  });

  it('elides values nested past the depth it can show, naming what they were', () => {
    let deep: unknown = { leaf: 'x'.repeat(5_000) };
    for (let i = 0; i < 20; i++) deep = { next: deep };
    const [json, note] = texts(deep, 1_024);
    expect(json).toMatch(/"\[object: 1 keys\]"/);
    expect(note).toContain('nested values elided');
  });

  it('cuts the same result the same way every time', () => {
    const value = { rows: ROWS, notes: ROWS.map((r) => `${r.name} `.repeat(40)) };
    expect(texts(value, 3_000)).toEqual(texts(value, 3_000));
  });

  it('keeps the console block after the result and its note', () => {
    const blocks = texts({ rows: ROWS }, 2_000, '[log] hello');
    expect(blocks).toHaveLength(3);
    expect(blocks[2]).toBe('console:\n[log] hello');
  });
});
