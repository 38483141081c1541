import { PassThrough } from 'node:stream';
import { ClientFilters } from '@myko/filter';
import { StdioTransport } from '@myko/gateways';
import fc from 'fast-check';
import type { TestServer } from '../helpers/test-server';
import { CaseCounter, fuzzParams, fuzzTimeout } from './fuzz.config';
import { assertPong, expectedOutcome } from './fuzz.oracle';
import { anyBytes, anyMessageText } from './fuzz.text.arbitraries';
import { assertServerMessage, startFuzzServer } from './fuzz.wire';

const counter = new CaseCounter();
let server: TestServer;
let stdio: StdioTransport;
let pings = 0;

beforeAll(async () => {
  server = await startFuzzServer();
  stdio = server.app.get(StdioTransport);
});

afterAll(async () => {
  counter.report();
  await server?.close();
});

/** Runs one stdio session over in-memory streams: writes `chunks`, ends stdin, returns the output lines. */
async function session(chunks: Buffer[]): Promise<string[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  const written: Buffer[] = [];
  output.on('data', (chunk: Buffer) => written.push(chunk));
  const served = stdio.serve({ filters: ClientFilters.ALLOW_ALL, input, output });
  for (const chunk of chunks) input.write(chunk);
  input.end();
  await served;
  const text = Buffer.concat(written).toString('utf8');
  if (text !== '' && !text.endsWith('\n')) throw new Error(`output does not end with a newline: ${text.slice(-200)}`);
  return text.split('\n').filter((line) => line !== '');
}

/** Lines as the transport splits them (\n, \r\n, \r), decoded as it decodes them. */
function answerIds(bytes: Buffer): (string | number | null)[] {
  const ids: (string | number | null)[] = [null];
  for (const line of bytes.toString('utf8').split(/\r\n|\n|\r/)) {
    try {
      const expected = expectedOutcome(JSON.parse(line));
      if (expected.kind === 'answer') ids.push(expected.id);
    } catch {}
  }
  return ids;
}

// Lines of messages, raw bytes (invalid UTF-8 included), with or without the final newline.
const line = fc.oneof(
  { weight: 3, arbitrary: anyMessageText.map((t) => Buffer.from(`${t.replace(/[\r\n\u2028\u2029]/g, ' ')}\n`)) },
  { weight: 2, arbitrary: anyBytes },
  { weight: 1, arbitrary: fc.constantFrom('\n', '\r\n', '   \n', '\r').map((t) => Buffer.from(t)) },
);

describe('fuzz: stdio framing', () => {
  it(
    'answers every line well-formed (or not at all), writes only JSON lines, and still answers ping',
    async () => {
      await counter.time('stdio', () =>
        fc.assert(
          fc.asyncProperty(
            fc.array(line, { maxLength: 6 }),
            fc.array(fc.nat(), { maxLength: 4 }),
            async (lines, cuts) => {
              counter.hit('stdio');
              const id = `ping-${pings++}`;
              // The ping follows a newline so a partial last line cannot swallow it.
              const bytes = Buffer.concat([
                ...lines,
                Buffer.from(`\n${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`),
              ]);
              const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
              const chunks = [0, ...points].map((from, i) => bytes.subarray(from, [...points, bytes.length][i]));
              const out = await session(chunks);
              const input = bytes.toString('latin1');
              const ids = answerIds(bytes);
              const pongs = out.filter((text) => text.includes(`"id":"${id}"`));
              if (pongs.length !== 1) throw new Error(`expected one pong, got ${pongs.length}: ${out.join('\n')}`);
              assertPong(JSON.parse(pongs[0]), id);
              for (const text of out)
                if (text !== pongs[0]) assertServerMessage(text, ids, input, input.includes('execute'));
            },
          ),
          fuzzParams(200, 0.05),
        ),
      );
    },
    fuzzTimeout(20_000),
  );
});
