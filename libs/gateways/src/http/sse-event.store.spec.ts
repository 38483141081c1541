import { SseEventStore } from './sse-event.store';

const seqs = (store: SseEventStore, streamId: string, after = 0) =>
  store.after(streamId, after).events.map((event) => event.seq);

describe('SseEventStore', () => {
  it('replays the events of one stream after a position, oldest first, leaving other streams out', () => {
    const store = new SseEventStore({ maxEvents: 100, maxBytes: 10_000 });
    store.append('r1', 1, '"a"');
    store.append('g', 1, '"x"');
    store.append('r1', 2, '"b"');
    store.append('r1', 3, '"c"');
    expect(store.after('r1', 1)).toEqual({
      events: [
        { streamId: 'r1', seq: 2, data: '"b"' },
        { streamId: 'r1', seq: 3, data: '"c"' },
      ],
      gap: false,
    });
    expect(seqs(store, 'g')).toEqual([1]);
    expect(seqs(store, 'r1', 3)).toEqual([]);
  });

  it('evicts the oldest events past the count bound, whatever their stream, and reports the gap', () => {
    const store = new SseEventStore({ maxEvents: 3, maxBytes: 10_000 });
    store.append('r1', 1, '1');
    store.append('g', 1, '1');
    store.append('r1', 2, '2');
    store.append('r1', 3, '3');
    expect(store.size).toBe(3);
    expect(store.after('r1', 0)).toMatchObject({ gap: true });
    expect(seqs(store, 'r1')).toEqual([2, 3]);
    expect(store.after('r1', 1).gap).toBe(false);
    expect(store.after('g', 0).gap).toBe(false);
  });

  it('evicts past the byte bound and never keeps an event larger than the bound', () => {
    const store = new SseEventStore({ maxEvents: 100, maxBytes: 10 });
    store.append('r1', 1, '12345');
    store.append('r1', 2, '12345');
    expect(store.byteSize).toBe(10);
    store.append('r1', 3, '1');
    expect(seqs(store, 'r1')).toEqual([2, 3]);
    // Too large on its own: sent, never kept, and it evicts nothing else; a resume past it sees the gap.
    store.append('r1', 4, 'x'.repeat(11));
    expect(seqs(store, 'r1')).toEqual([2, 3]);
    expect(store.after('r1', 3).gap).toBe(true);
  });

  it('tells when the last stored event of a stream is evicted', () => {
    const emptied: string[] = [];
    const store = new SseEventStore({ maxEvents: 2, maxBytes: 10_000 }, (id) => emptied.push(id));
    store.append('r1', 1, '1');
    store.append('r2', 1, '1');
    store.append('r2', 2, '2');
    expect(emptied).toEqual(['r1']);
    expect(store.holds('r1')).toBe(false);
    expect(store.holds('r2')).toBe(true);
  });

  it('stays bounded over many evictions (compaction keeps the order)', () => {
    const store = new SseEventStore({ maxEvents: 50, maxBytes: 1_000_000 });
    for (let seq = 1; seq <= 5_000; seq++) store.append(seq % 2 ? 'a' : 'b', seq, String(seq));
    expect(store.size).toBe(50);
    const a = seqs(store, 'a');
    expect(a).toHaveLength(25);
    expect(a[0]).toBe(4_951);
    expect(a.at(-1)).toBe(4_999);
  });

  it('forgets a stream with its remaining events', () => {
    const store = new SseEventStore({ maxEvents: 10, maxBytes: 1_000 });
    store.append('r1', 1, '1');
    store.append('r2', 1, '22');
    store.forget('r1');
    expect(store.size).toBe(1);
    expect(store.byteSize).toBe(2);
    expect(store.holds('r1')).toBe(false);
    expect(seqs(store, 'r2')).toEqual([1]);
  });
});
