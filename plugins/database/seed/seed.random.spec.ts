import { SeededRandom } from './seed.random';

describe('SeededRandom', () => {
  it('produces the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: number) => {
      const rng = new SeededRandom(seed);
      return Array.from({ length: 20 }, () => rng.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('keeps ints within bounds and reaches both ends', () => {
    const rng = new SeededRandom(7);
    const values = Array.from({ length: 2000 }, () => rng.int(3, 6));
    expect(Math.min(...values)).toBe(3);
    expect(Math.max(...values)).toBe(6);
  });

  it('samples distinct items and honours zero weights', () => {
    const rng = new SeededRandom(1);
    const sample = rng.sample([1, 2, 3, 4, 5], 3);
    expect(new Set(sample).size).toBe(3);
    for (let i = 0; i < 200; i++) expect(rng.weighted(['a', 'b', 'c'], [0, 1, 0])).toBe('b');
  });
});
