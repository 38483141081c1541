import type { CheckVerdict } from './type-check.protocol';
import { VerdictCache } from './verdict.cache';

const verdict = (message: string): CheckVerdict => ({
  language: 'js',
  diagnostics: [{ line: 1, column: 1, code: 2339, message }],
});

describe('VerdictCache', () => {
  it('answers a script only for the declarations it was checked against', () => {
    const cache = new VerdictCache();
    cache.set({ code: 'return x.y;', declarations: 'A' }, verdict('a'));
    expect(cache.get({ code: 'return x.y;', declarations: 'A' })).toEqual(verdict('a'));
    expect(cache.get({ code: 'return x.y;', declarations: 'B' })).toBeUndefined();
    expect(cache.get({ code: 'return x.y; ', declarations: 'A' })).toBeUndefined();
  });

  it('cannot confuse a split between declarations and script', () => {
    const cache = new VerdictCache();
    cache.set({ code: 'b\u0000c', declarations: 'a' }, verdict('first'));
    expect(cache.get({ code: 'c', declarations: 'a\u0000b' })).toBeUndefined();
  });

  it('drops the least recently used past its count', () => {
    const cache = new VerdictCache({ entries: 2, chars: 1_000_000 });
    cache.set({ code: '1', declarations: '' }, verdict('1'));
    cache.set({ code: '2', declarations: '' }, verdict('2'));
    cache.get({ code: '1', declarations: '' });
    cache.set({ code: '3', declarations: '' }, verdict('3'));
    expect(cache.size).toBe(2);
    expect(cache.get({ code: '2', declarations: '' })).toBeUndefined();
    expect(cache.get({ code: '1', declarations: '' })).toEqual(verdict('1'));
  });

  it('stays within its characters and does not keep a script too large for them', () => {
    const cache = new VerdictCache({ entries: 100, chars: 1_600 });
    for (let i = 0; i < 20; i++) cache.set({ code: `${i}`.padEnd(90, ' '), declarations: '' }, verdict(`${i}`));
    expect(cache.size).toBeLessThanOrEqual(17);
    expect(cache.get({ code: '19'.padEnd(90, ' '), declarations: '' })).toEqual(verdict('19'));
    cache.set({ code: 'x'.repeat(200), declarations: '' }, verdict('big'));
    expect(cache.get({ code: 'x'.repeat(200), declarations: '' })).toBeUndefined();
  });

  it('keeps nothing with no entries allowed', () => {
    const cache = new VerdictCache({ entries: 0, chars: 1_000 });
    cache.set({ code: 'return 1;', declarations: '' }, verdict('1'));
    expect(cache.size).toBe(0);
  });
});
