import type { BatchMessage } from './host-protocol.interface';
import { MessageBatcher, unbatch } from './message-batcher';

interface Note {
  type: 'call' | 'done';
  n: number;
}

const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function recording() {
  const written: Array<Note | BatchMessage<Note>> = [];
  return { written, batcher: new MessageBatcher<Note>((message) => written.push(message)) };
}

describe('MessageBatcher', () => {
  it('writes the messages queued in one callback as one batch, in order, once the callback is over', async () => {
    const { written, batcher } = recording();
    for (let n = 1; n <= 5; n++) batcher.send({ type: 'call', n });
    expect(written).toEqual([]);
    await endOfTurn();
    expect(written).toEqual([{ type: 'batch', messages: [1, 2, 3, 4, 5].map((n) => ({ type: 'call', n })) }]);
  });

  it('writes a lone message as itself, at the end of its callback, not wrapped and not later', async () => {
    const { written, batcher } = recording();
    batcher.send({ type: 'call', n: 1 });
    await endOfTurn();
    expect(written).toEqual([{ type: 'call', n: 1 }]);
    batcher.send({ type: 'call', n: 2 });
    await endOfTurn();
    expect(written).toEqual([
      { type: 'call', n: 1 },
      { type: 'call', n: 2 },
    ]);
  });

  it('writes what is queued before a message sent at once, keeping the order of both', async () => {
    const { written, batcher } = recording();
    batcher.send({ type: 'call', n: 1 });
    batcher.send({ type: 'call', n: 2 });
    batcher.sendNow({ type: 'done', n: 3 });
    batcher.send({ type: 'call', n: 4 });
    expect(written).toEqual([
      {
        type: 'batch',
        messages: [
          { type: 'call', n: 1 },
          { type: 'call', n: 2 },
        ],
      },
      { type: 'done', n: 3 },
    ]);
    await endOfTurn();
    expect(written.at(-1)).toEqual({ type: 'call', n: 4 });
    expect(written).toHaveLength(3);
  });

  it('coalesces what the promise jobs of the same callback queue, and writes it before any immediate', async () => {
    const { written, batcher } = recording();
    const order: string[] = [];
    setImmediate(() => order.push(`immediate saw ${written.length}`));
    batcher.send({ type: 'call', n: 1 });
    void Promise.resolve()
      .then(() => batcher.send({ type: 'call', n: 2 }))
      .then(() => batcher.send({ type: 'call', n: 3 }));
    expect(written).toEqual([]);
    await endOfTurn();
    expect(order).toEqual(['immediate saw 1']);
    expect(written).toEqual([{ type: 'batch', messages: [1, 2, 3].map((n) => ({ type: 'call', n })) }]);
  });

  it('forgets what is queued when cleared (the other side is gone)', async () => {
    const { written, batcher } = recording();
    batcher.send({ type: 'call', n: 1 });
    batcher.clear();
    await endOfTurn();
    expect(written).toEqual([]);
  });
});

describe('unbatch', () => {
  it('gives the messages of a batch in order, and a single message as itself', () => {
    const messages: Note[] = [
      { type: 'call', n: 1 },
      { type: 'done', n: 2 },
    ];
    expect(unbatch<Note>({ type: 'batch', messages })).toEqual(messages);
    expect(unbatch<Note>({ type: 'done', n: 3 })).toEqual([{ type: 'done', n: 3 }]);
  });

  it('gives nothing for a batch without a list (the other process is not trusted blindly)', () => {
    expect(unbatch({ type: 'batch', messages: 'nope' } as unknown as BatchMessage<Note>)).toEqual([]);
  });
});
