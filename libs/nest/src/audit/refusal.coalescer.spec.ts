import { RefusalCoalescer } from './refusal.coalescer';

describe('RefusalCoalescer', () => {
  let now: number;
  let lines: Array<{ event: string; count: number }>;
  const coalescer = (maxWindows?: number) =>
    new RefusalCoalescer<string>((event, count) => lines.push({ event, count }), {
      windowMs: 1_000,
      now: () => now,
      ...(maxWindows === undefined ? {} : { maxWindows }),
    });

  beforeEach(() => {
    now = 0;
    lines = [];
  });

  it('writes the first refusal of a key at once and counts the rest of its window into one line', () => {
    const c = coalescer();
    for (let i = 1; i <= 50; i++) c.add('key:a\0rateLimit', `r${i}`);
    expect(lines).toEqual([{ event: 'r1', count: 1 }]);
    now = 1_000;
    c.sweep();
    expect(lines).toEqual([
      { event: 'r1', count: 1 },
      { event: 'r50', count: 49 },
    ]);
    now = 2_000;
    c.sweep();
    expect(c.size).toBe(0);
  });

  it('keeps a steady flood to one line a window, every refusal counted once', () => {
    const c = coalescer();
    let sent = 0;
    for (now = 0; now < 5_000; now += 10) {
      c.add('k', `at ${now}`);
      sent++;
      if (now % 250 === 0) c.sweep();
    }
    c.flush();
    expect(lines.length).toBeLessThanOrEqual(6);
    expect(lines.reduce((sum, line) => sum + line.count, 0)).toBe(sent);
  });

  it('counts a window no sweep closed into the next line of its key', () => {
    const c = coalescer();
    c.add('k', 'a');
    c.add('k', 'b');
    c.add('k', 'c');
    now = 1_500;
    c.add('k', 'd');
    expect(lines).toEqual([
      { event: 'a', count: 1 },
      { event: 'd', count: 3 },
    ]);
  });

  it('keeps keys apart', () => {
    const c = coalescer();
    c.add('key:a\0rateLimit', 'a');
    c.add('key:b\0rateLimit', 'b');
    c.add('key:a\0unauthorized', 'c');
    expect(lines.map((line) => line.event)).toEqual(['a', 'b', 'c']);
  });

  it('holds at most maxWindows keys: a client rotating identities evicts the oldest, whose count is written', () => {
    const c = coalescer(100);
    c.add('first', 'first-1');
    c.add('first', 'first-2');
    for (let i = 0; i < 10_000; i++) c.add(`address:10.0.${i >> 8}.${i & 255}`, `r${i}`);
    expect(c.size).toBe(100);
    expect(lines).toContainEqual({ event: 'first-2', count: 1 });
    expect(lines.reduce((sum, line) => sum + line.count, 0)).toBe(10_002);
  });

  it('writes what it counted on flush', () => {
    const c = coalescer();
    c.add('k', 'a');
    c.add('k', 'b');
    c.flush();
    expect(lines).toEqual([
      { event: 'a', count: 1 },
      { event: 'b', count: 1 },
    ]);
    expect(c.size).toBe(0);
  });

  it('sweeps by itself one window after a refusal was counted', async () => {
    const c = new RefusalCoalescer<string>((event, count) => lines.push({ event, count }), { windowMs: 50 });
    c.add('k', 'a');
    c.add('k', 'b');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(lines).toEqual([
      { event: 'a', count: 1 },
      { event: 'b', count: 1 },
    ]);
  });
});
