import fc from 'fast-check';
import type { TestServer } from '../helpers/test-server';
import { edgeString } from './fuzz.arbitraries';
import { CaseCounter, fuzzParams, fuzzTimeout } from './fuzz.config';
import { assertPong, expectedOutcome, findLeak } from './fuzz.oracle';
import { anyBytes } from './fuzz.text.arbitraries';
import { assertServerMessage, type RawResponse, rawHttp, sseData, startFuzzServer } from './fuzz.wire';

const counter = new CaseCounter();
let server: TestServer;
let session: string;
let pings = 0;

const PROTOCOL = '2025-11-25';
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function post(body: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  const chunks = [Buffer.from(JSON.stringify(body))];
  return rawHttp(server.httpUrl, {
    method: 'POST',
    path: '/mcp',
    headers: { ...JSON_HEADERS, 'mcp-protocol-version': PROTOCOL, ...headers },
    chunks,
  });
}

beforeAll(async () => {
  server = await startFuzzServer();
  const init = await post({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'fuzz', version: '0' } },
  });
  session = String(init.headers['mcp-session-id']);
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': session });
});

afterAll(async () => {
  counter.report();
  await server?.close();
});

const token = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_'),
  minLength: 1,
  maxLength: 20,
});
const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) });
const headerValue = fc.oneof(
  printable,
  fc.integer({ min: 1000, max: 20_000 }).map((n) => 'v'.repeat(n)),
);

const httpCase = fc.record({
  method: fc.oneof(
    { weight: 8, arbitrary: fc.constant('POST') },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD') },
  ),
  path: fc.oneof(
    { weight: 8, arbitrary: fc.constant('/mcp') },
    { weight: 1, arbitrary: fc.constantFrom('/mcp?x=1', '/mcp/', '/MCP', '/mcp/../mcp', '/%ff', '/mcp%00', '/') },
  ),
  body: anyBytes,
  splits: fc.array(fc.nat(), { maxLength: 3 }),
  contentType: fc.oneof(
    { weight: 4, arbitrary: fc.constant('application/json') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8',
        'application/json; charset=latin1',
        'APPLICATION/JSON',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        '',
        'application/json;;;',
      ),
    },
    { weight: 1, arbitrary: printable },
  ),
  accept: fc.oneof(
    { weight: 4, arbitrary: fc.constant('application/json, text/event-stream') },
    { weight: 1, arbitrary: fc.constantFrom('application/json', 'text/event-stream', '*/*', 'text/html', '') },
    { weight: 1, arbitrary: printable },
  ),
  protocolVersion: fc.option(fc.oneof(fc.constantFrom(PROTOCOL, '2025-06-18', '2024-11-05', '1.0'), printable)),
  sessionHeader: fc.oneof(fc.constant('valid'), fc.constant('none'), printable),
  extra: fc.dictionary(token, headerValue, { maxKeys: 4 }),
});

function chunksOf(body: Buffer, splits: number[]): Buffer[] {
  const cuts = [...new Set(splits.map((s) => s % (body.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const cut of cuts) {
    chunks.push(body.subarray(from, cut));
    from = cut;
  }
  chunks.push(body.subarray(from));
  return chunks.filter((chunk) => chunk.length > 0);
}

/**
 * The ids an answer may carry: the request's (when the body parses) or null. The server decodes invalid
 * UTF-8 leniently (U+FFFD), so the oracle does too.
 */
function answerIds(body: Buffer): (string | number | null)[] {
  try {
    const expected = expectedOutcome(JSON.parse(body.toString('utf8')));
    return expected.kind === 'answer' ? [expected.id, null] : [null];
  } catch {
    return [null];
  }
}

function assertAnswer(res: RawResponse, body: Buffer): void {
  const input = body.toString('latin1');
  if (res.status >= 500) throw new Error(`server error ${res.status}: ${res.body.toString().slice(0, 300)}`);
  const text = res.body.toString('utf8');
  const type = String(res.headers['content-type'] ?? '');
  const execute = input.includes('execute');
  if (text === '') return;
  // Outside the MCP routes Nest's own 404 body answers ("Cannot PUT /x"): not JSON-RPC, only leak-checked.
  if (res.status === 404 && !text.includes('"jsonrpc"')) assertNoLeak(text, input);
  else if (type.startsWith('application/json')) assertServerMessage(text, answerIds(body), input, execute);
  else if (type.startsWith('text/event-stream')) {
    for (const data of sseData(text)) assertServerMessage(data, answerIds(body), input, execute);
  } else assertNoLeak(text, input);
}

function assertNoLeak(text: string, input: string): void {
  const leak = findLeak(text);
  if (leak && !findLeak(input, [new RegExp(leak, 'm')])) throw new Error(`leaks /${leak}/: ${text.slice(0, 300)}`);
}

describe('fuzz: Streamable HTTP framing', () => {
  it(
    'answers every raw request with a status below 500 and a well-formed body, and still answers ping',
    async () => {
      await counter.time('http', () =>
        fc.assert(
          fc.asyncProperty(httpCase, async (c) => {
            counter.hit('http');
            const headers: Record<string, string> = { ...c.extra, 'content-type': c.contentType, accept: c.accept };
            if (c.protocolVersion !== null) headers['mcp-protocol-version'] = c.protocolVersion;
            // A valid session is only offered to POST: a GET would open an endless stream, a DELETE end it.
            if (c.sessionHeader === 'valid' && c.method === 'POST') headers['mcp-session-id'] = session;
            else if (c.sessionHeader !== 'none' && c.sessionHeader !== 'valid')
              headers['mcp-session-id'] = c.sessionHeader;
            if (c.method === 'GET') headers.accept = 'application/json';
            const res = await rawHttp(server.httpUrl, {
              method: c.method,
              path: c.path,
              headers,
              // Bodies only on POST: Node's client reports a hang-up when a 404 for OPTIONS races its chunked body.
              chunks: c.method === 'POST' ? chunksOf(c.body, c.splits) : [],
            });
            assertAnswer(res, c.body);
            const id = `ping-${pings++}`;
            const pong = await post({ jsonrpc: '2.0', id, method: 'ping' }, { 'mcp-session-id': session });
            assertPong(JSON.parse(pong.body.toString()), id);
          }),
          fuzzParams(150, 0.1),
        ),
      );
    },
    fuzzTimeout(20_000),
  );

  it('keeps answering after header names and values built from edge strings', async () => {
    await fc.assert(
      fc.asyncProperty(edgeString, async (value) => {
        const safe = Buffer.from(value, 'latin1')
          .toString('latin1')
          .replace(/[^\x20-\x7e]/g, '?')
          .slice(0, 4000);
        const res = await post(
          { jsonrpc: '2.0', id: 1, method: 'ping' },
          { 'mcp-session-id': session, 'x-myko-fuzz': safe },
        );
        assertAnswer(res, Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}'));
      }),
      fuzzParams(30, 0.005),
    );
  });
});
