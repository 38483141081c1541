import { PassThrough } from 'node:stream';
import { classifyMessage } from '@myko/dispatch';
import { ClientFilters } from '@myko/filter';
import { StdioTransport } from '@myko/gateways';
import type { WebSocket } from 'ws';
import { openSession, openWs, postMcp } from '../helpers/raw-mcp';
import { startTestServer, type TestServer } from '../helpers/test-server';

// biome-ignore lint/suspicious/noExplicitAny: raw JSON-RPC answers
type Json = any;

/**
 * One rule for what a JSON-RPC message is, from dispatch's classifier, at every edge: a gateway answers,
 * counts and refuses a message as dispatch reads it (an id of 1.5 is no request id anywhere).
 */
const CASES: Array<[label: string, message: unknown, expected: { id: unknown; code: number } | 'silent']> = [
  ['a request with a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'ping' }, { id: null, code: -32600 }],
  ['a request with a boolean id', { jsonrpc: '2.0', id: true, method: 'ping' }, { id: null, code: -32600 }],
  ['a request without jsonrpc', { id: 7, method: 'ping' }, { id: 7, code: -32600 }],
  ['a request with array params', { jsonrpc: '2.0', id: 8, method: 'ping', params: [1] }, { id: 8, code: -32602 }],
  ['a notification', { jsonrpc: '2.0', method: 'notifications/initialized' }, 'silent'],
  ['a client response with an unreadable id', { jsonrpc: '2.0', id: {}, result: {} }, 'silent'],
  ['a client response with a fractional id', { jsonrpc: '2.0', id: 1.5, result: {} }, 'silent'],
];

const MARKER = { jsonrpc: '2.0', id: 'marker', method: 'ping' };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(() => server?.close());

/** Sends `text` on a line/frame transport, then a ping; the answers that came before the ping's. */
async function answersBeforeMarker(
  send: (text: string) => void,
  onAnswer: (listener: (answer: Json) => void) => () => void,
  text: string,
): Promise<Json[]> {
  const answers: Json[] = [];
  await new Promise<void>((resolve) => {
    const stop = onAnswer((answer) => {
      if (answer.id !== 'marker') return void answers.push(answer);
      stop();
      resolve();
    });
    send(text);
    send(JSON.stringify(MARKER));
  });
  return answers;
}

function expectAnswers(answers: Json[], expected: (typeof CASES)[number][2]): void {
  if (expected === 'silent') expect(answers).toEqual([]);
  else
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: expected.id, error: expect.objectContaining({ code: expected.code }) },
    ]);
}

describe("dispatch's classifier", () => {
  it.each(CASES)('reads %s as the table says', (_label, message, expected) => {
    const incoming = classifyMessage(message);
    if (expected === 'silent') expect(['notification', 'response']).toContain(incoming.type);
    else expect(incoming).toMatchObject({ type: 'invalid', id: expected.id });
  });
});

describe('Streamable HTTP edge', () => {
  let sessionId: string;
  beforeAll(async () => {
    sessionId = await openSession(server.httpUrl);
  });

  it.each(CASES)('answers %s as dispatch classifies it', async (_label, message, expected) => {
    const reply = await postMcp(server.httpUrl, message, sessionId);
    if (expected === 'silent') {
      expect(reply.status).toBe(202);
    } else {
      expect(reply.status).toBe(400);
      expectAnswers([reply.body], expected);
    }
  });
});

describe('WebSocket edge', () => {
  let socket: WebSocket;
  const onAnswer = (listener: (answer: Json) => void) => {
    const handler = (data: Buffer) => listener(JSON.parse(data.toString()));
    socket.on('message', handler);
    return () => socket.off('message', handler);
  };

  beforeAll(async () => {
    socket = await openWs(server.wsUrl);
  });

  afterAll(() => socket?.close());

  it.each(CASES)('answers %s as dispatch classifies it', async (_label, message, expected) => {
    const answers = await answersBeforeMarker((text) => socket.send(text), onAnswer, JSON.stringify(message));
    expectAnswers(answers, expected);
  });

  it('answers an oversized message with a fractional id with id null, as dispatch would', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1.5, method: 'ping', params: { pad: 'x'.repeat(1_100_000) } });
    const answers = await answersBeforeMarker((text) => socket.send(text), onAnswer, big);
    expectAnswers(answers, { id: null, code: -32600 });
  });
});

describe('stdio edge', () => {
  it.each(CASES)('answers %s as dispatch classifies it', async (_label, message, expected) => {
    const input = new PassThrough();
    const output = new PassThrough();
    const onAnswer = (listener: (answer: Json) => void) => {
      const handler = (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n').filter(Boolean)) listener(JSON.parse(line));
      };
      output.on('data', handler);
      return () => output.off('data', handler);
    };
    const served = server.app.get(StdioTransport).serve({ filters: ClientFilters.ALLOW_ALL, input, output });
    const answers = await answersBeforeMarker((text) => input.write(`${text}\n`), onAnswer, JSON.stringify(message));
    input.end();
    await served;
    expectAnswers(answers, expected);
  });
});
