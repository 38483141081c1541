import { StemCache } from './stem.cache';

describe('StemCache', () => {
  it('holds at most twice its capacity, however many words it is given', () => {
    const cache = new StemCache(1_000);
    for (let i = 0; i < 100_000; i++) cache.set(`word${i}`, `stem${i}`);
    expect(cache.size).toBeLessThanOrEqual(2_000);
    expect(cache.get('word99999')).toBe('stem99999');
    expect(cache.get('word0')).toBeUndefined();
  });

  it('keeps a word that is read while a flood of new words passes', () => {
    const cache = new StemCache(100);
    cache.set('order', 'order');
    for (let i = 0; i < 10_000; i++) {
      cache.set(`flood${i}`, `flood${i}`);
      if (i % 50 === 0) expect(cache.get('order')).toBe('order');
    }
    expect(cache.get('order')).toBe('order');
  });
});
