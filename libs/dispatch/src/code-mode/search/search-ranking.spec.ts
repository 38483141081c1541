import { TopScores } from './search-ranking';

describe('TopScores', () => {
  it('keeps the best entries by score, then lower index, like a full sort', () => {
    let seed = 1;
    const draw = (n: number) => {
      seed = (Math.imul(seed, 48271) >>> 0) % 2147483647;
      return seed % n;
    };
    const top = new TopScores(500);
    for (let run = 0; run < 200; run++) {
      const entries = Array.from({ length: draw(300) }, (_, op) => ({ op: op * 3, score: 1 + draw(5) * 10 }));
      const shuffled = [...entries].sort(() => draw(3) - 1);
      const capacity = draw(320);
      const skip = draw(capacity + 5);
      top.reset(capacity);
      for (const { op, score } of shuffled) top.offer(op, score);
      const expected = entries
        .sort((a, b) => b.score - a.score || a.op - b.op)
        .slice(0, capacity)
        .slice(skip)
        .map((e) => e.op);
      expect(top.drain(skip)).toEqual(expected);
    }
  });

  it('is empty after drain and clamps its capacity', () => {
    const top = new TopScores(2);
    top.reset(10);
    for (const op of [5, 4, 3]) top.offer(op, 1);
    expect(top.drain(0)).toEqual([3, 4]);
    expect(top.drain(0)).toEqual([]);
  });

  it('drains the scores beside the entries when asked', () => {
    const top = new TopScores(8);
    top.reset(4);
    for (const [op, score] of [
      [1, 5],
      [2, 9],
      [3, 7],
      [4, 1],
      [5, 8],
    ])
      top.offer(op, score);
    const scores: number[] = [7];
    expect(top.drain(1, scores)).toEqual([5, 3, 1]);
    expect(scores).toEqual([8, 7, 5]);
  });
});
