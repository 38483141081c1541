import fc from 'fast-check';
import { WebSocket } from 'ws';
import type { TestServer } from '../helpers/test-server';
import { CaseCounter, fuzzParams, fuzzTimeout } from './fuzz.config';
import { assertPong, expectedOutcome } from './fuzz.oracle';
import { anyBytes, anyMessageText, invalidUtf8 } from './fuzz.text.arbitraries';
import { assertServerMessage, startFuzzServer } from './fuzz.wire';

const counter = new CaseCounter();
let server: TestServer;
let pings = 0;

beforeAll(async () => {
  server = await startFuzzServer();
});

afterAll(async () => {
  counter.report();
  await server?.close();
});

function open(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(server.wsUrl, ['mcp']);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

interface Exchange {
  messages: { text: string; binary: boolean }[];
  closeCode?: number;
  pong?: unknown;
}

/** Sends the frames then a ping; collects what comes back until the pong (or the close), within 10 s. */
function exchange(socket: WebSocket, frames: Frame[], pingId: string): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const result: Exchange = { messages: [] };
    const timer = setTimeout(() => reject(new Error('no pong and no close within 10 s')), 10_000);
    const done = () => {
      clearTimeout(timer);
      resolve(result);
    };
    socket.on('message', (data: Buffer, binary: boolean) => {
      const text = data.toString('utf8');
      if (text.includes(`"id":"${pingId}"`)) {
        result.pong = JSON.parse(text);
        return done();
      }
      result.messages.push({ text, binary });
    });
    socket.once('close', (code: number) => {
      result.closeCode = code;
      done();
    });
    for (const frame of frames) socket.send(frame.data, { binary: frame.kind === 'binary' });
    if (socket.readyState === WebSocket.OPEN)
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: pingId, method: 'ping' }));
  });
}

type Frame = { kind: 'text' | 'binary' | 'invalid-text'; data: Buffer };

const frame: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 6, arbitrary: anyMessageText.map((t): Frame => ({ kind: 'text', data: Buffer.from(t) })) },
  { weight: 1, arbitrary: anyBytes.map((data): Frame => ({ kind: 'binary', data })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(anyMessageText, invalidUtf8)
      .map(([t, bad]): Frame => ({ kind: 'invalid-text', data: Buffer.concat([Buffer.from(t), Buffer.from(bad)]) })),
  },
);

function answerIds(frames: Frame[]): (string | number | null)[] {
  const ids: (string | number | null)[] = [null];
  for (const f of frames) {
    if (f.kind !== 'text') continue;
    try {
      const expected = expectedOutcome(JSON.parse(f.data.toString('utf8')));
      if (expected.kind === 'answer') ids.push(expected.id);
    } catch {}
  }
  return ids;
}

describe('fuzz: WebSocket framing', () => {
  it(
    'answers text frames well-formed, refuses binary ones, closes 1007 on invalid UTF-8, and still answers ping',
    async () => {
      await counter.time('ws', () =>
        fc.assert(
          fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 5 }), async (frames) => {
            counter.hit('ws');
            const socket = await open();
            const pingId = `ping-${pings++}`;
            try {
              const { messages, closeCode, pong } = await exchange(socket, frames, pingId);
              const input = frames.map((f) => f.data.toString('latin1')).join('\n');
              for (const m of messages) {
                if (m.binary) throw new Error('the server sent a binary frame');
                assertServerMessage(m.text, answerIds(frames), input, input.includes('execute'));
              }
              if (pong === undefined) {
                const invalid = frames.some((f) => f.kind === 'invalid-text');
                if (!invalid || closeCode !== 1007) throw new Error(`closed ${closeCode} without a pong`);
              } else {
                assertPong(pong, pingId);
              }
            } finally {
              socket.terminate();
            }
            const fresh = await open();
            try {
              const again = await exchange(fresh, [], `${pingId}-after`);
              assertPong(again.pong, `${pingId}-after`);
            } finally {
              fresh.terminate();
            }
          }),
          fuzzParams(100, 0.05),
        ),
      );
    },
    fuzzTimeout(20_000),
  );
});
