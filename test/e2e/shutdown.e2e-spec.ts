import { type ChildProcess, spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { LAUNCHER } from '../helpers/mcp-client';
import { RawWsSession } from '../helpers/raw-ws-session';
import { allStarted } from '../helpers/releases';
import { killServeProcess, type ServeProcess, startServeProcess } from '../helpers/serve-process';
import { type Json, RawSession, SseReader } from '../helpers/sse-client';

jest.setTimeout(60_000);

const SHUTTING_DOWN = -32000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A script that keeps the sandbox busy for `ms`, then returns `result`. */
function busyFor(ms: number, result: string): string {
  return `const end = Date.now() + ${ms}; while (Date.now() < end) {} return '${result}';`;
}

function executeCall(id: number, code: string): Json {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'execute', arguments: { code } } };
}

/** The raw HTTP/1.1 response read until the server closes the connection. */
interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function readUntilClosed(socket: Socket): Promise<RawResponse> {
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString();
  });
  return new Promise((resolve) =>
    socket.once('close', () => {
      const [head, body] = text.split('\r\n\r\n', 2);
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    }),
  );
}

/**
 * A kept-alive connection (one request answered on it) that has begun sending a second request, a
 * tools/call of `session`: `finish()` sends the rest and resolves with the answer.
 */
async function keptAliveConnection(session: RawSession, origin: string): Promise<{ finish(): Promise<RawResponse> }> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  const host = `${hostname}:${port}`;
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`GET /health HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
  await new Promise((resolve) => socket.once('data', resolve));
  const headers = { Host: host, 'Content-Type': 'application/json', Accept: 'application/json', ...session.headers() };
  socket.write(
    `POST /mcp HTTP/1.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}`,
  );
  return {
    finish() {
      const answer = readUntilClosed(socket);
      const body = JSON.stringify(executeCall(9, 'return 1;'));
      socket.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      return answer;
    },
  };
}

/** Each test's grace period: every test signals a server of its own. */
const GRACE_MS = { drain: 8_000, overLong: 1_000, secondSignal: 20_000 };

describe('myko-nest serve on SIGTERM', () => {
  const servers: Partial<Record<keyof typeof GRACE_MS, ServeProcess>> = {};

  // Started together, so their boots overlap instead of adding up; each waits idle for its test.
  beforeAll(async () => {
    const started = Object.entries(GRACE_MS).map(async ([name, ms]) => {
      const server = await startServeProcess(['--shutdown-grace-ms', String(ms)]);
      servers[name as keyof typeof GRACE_MS] = server;
    });
    await allStarted(started);
  }, 180_000);
  afterAll(() => {
    for (const server of Object.values(servers)) killServeProcess(server);
  });

  it('answers in-flight HTTP and WebSocket calls, refuses new work, closes WebSockets with 1001, ends SSE streams, exits 0', async () => {
    const server = servers.drain as ServeProcess;
    const http = await RawSession.open(`${server.origin}/mcp`);
    const standalone = new SseReader(await http.get());
    const ws = await RawWsSession.open(`${server.origin.replace('http', 'ws')}/mcp`);
    const keptAlive = await keptAliveConnection(http, server.origin);
    const httpCall = http.callTool(1, 'execute', { code: busyFor(2_000, 'http done') });
    const wsCall = ws.execute(1, busyFor(2_000, 'ws done'));
    await sleep(500);

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await sleep(300);
    await expect(fetch(`${server.origin}/health`)).rejects.toThrow();
    const refused = await keptAlive.finish();
    expect(refused).toMatchObject({ status: 503, headers: { connection: 'close', 'retry-after': '5' } });
    expect(JSON.parse(refused.body)).toMatchObject({ jsonrpc: '2.0', error: { code: SHUTTING_DOWN } });
    expect(await ws.execute(2, 'return 1;')).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: SHUTTING_DOWN, message: expect.stringMatching(/shutting down/) },
    });

    const httpAnswer = await httpCall;
    expect(httpAnswer.headers.get('connection')).toBe('close');
    expect(((await httpAnswer.json()) as Json).result.content[0].text).toBe('"http done"');
    expect((await wsCall).result.content[0].text).toBe('"ws done"');
    expect((await ws.closed).code).toBe(1001);
    await expect(standalone.rest()).resolves.toEqual(expect.any(Array));
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(8_000);
    process.stdout.write(`shutdown: SIGTERM to exit 0 in ${exit.at - signalledAt} ms (two ~1.5 s calls in flight)\n`);
  });

  it('stops a run still going when the grace period ends, answers it with an error, and still exits 0', async () => {
    const server = servers.overLong as ServeProcess;
    const http = await RawSession.open(`${server.origin}/mcp`);
    const call = http.callTool(1, 'execute', { code: busyFor(8_000, 'too late') });
    await sleep(500);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const answer = (await (await call).json()) as Json;
    const answeredAfter = Date.now() - signalledAt;
    expect(answer.error).toMatchObject({
      code: SHUTTING_DOWN,
      message: expect.stringMatching(/1000 ms shutdown grace/),
    });
    expect(answeredAfter).toBeGreaterThanOrEqual(900);
    expect(answeredAfter).toBeLessThan(3_000);
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(5_000);
    process.stdout.write(
      `shutdown: over-long run answered ${answeredAfter} ms after SIGTERM (grace 1000 ms), exit 0 after ${exit.at - signalledAt} ms\n`,
    );
  });

  it('exits at once on a second SIGTERM during the drain', async () => {
    const server = servers.secondSignal as ServeProcess;
    const http = await RawSession.open(`${server.origin}/mcp`);
    void http.callTool(1, 'execute', { code: busyFor(8_000, 'never') }).catch(() => undefined);
    await sleep(500);
    server.child.kill('SIGTERM');
    await sleep(1_000);
    const secondAt = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit.code).toBe(128 + 15);
    expect(exit.at - secondAt).toBeLessThan(1_500);
  });
});

/**
 * `bin/myko-nest stdio` with its stdout read line by line as JSON-RPC messages, initialized; `callBusy()` sends
 * the call (id 1) the test then leaves in flight.
 */
function startStdio(): {
  child: ChildProcess;
  answer(id: number): Promise<Json>;
  callBusy(): void;
  exited: Promise<number | null>;
} {
  const child = spawn(LAUNCHER, ['stdio', '--db', ':memory:', '--shutdown-grace-ms', '8000', '--audit-log', 'off'], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const answers = new Map<number, (message: Json) => void>();
  const seen = new Map<number, Json>();
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const message = JSON.parse(line);
    seen.set(message.id, message);
    answers.get(message.id)?.(message);
  });
  const send = (message: Json) => child.stdin?.write(`${JSON.stringify(message)}\n`);
  const clientInfo = { name: 'stdio-drain', version: '0' };
  send({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo },
  });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return {
    child,
    callBusy: () => send(executeCall(1, busyFor(1_500, 'stdio done'))),
    answer: (id) => (seen.has(id) ? Promise.resolve(seen.get(id)) : new Promise((resolve) => answers.set(id, resolve))),
    exited: new Promise((resolve) => child.on('close', (code) => resolve(code))),
  };
}

describe('myko-nest stdio', () => {
  let onSignal: ReturnType<typeof startStdio> | undefined;
  let onEnd: ReturnType<typeof startStdio> | undefined;

  // Both started together and initialized (their boots overlap); each test then makes its call and ends it.
  beforeAll(async () => {
    onSignal = startStdio();
    onEnd = startStdio();
    await Promise.all([onSignal.answer(0), onEnd.answer(0)]);
  }, 120_000);
  afterAll(() => {
    onSignal?.child.kill('SIGKILL');
    onEnd?.child.kill('SIGKILL');
  });

  it('answers the in-flight call after SIGTERM, then exits 0', async () => {
    const stdio = onSignal as ReturnType<typeof startStdio>;
    stdio.callBusy();
    await sleep(500);
    stdio.child.kill('SIGTERM');
    expect((await stdio.answer(1)).result.content[0].text).toBe('"stdio done"');
    expect(await stdio.exited).toBe(0);
  });

  it('answers the in-flight call after stdin ends, then exits 0', async () => {
    const stdio = onEnd as ReturnType<typeof startStdio>;
    stdio.callBusy();
    await sleep(500);
    stdio.child.stdin?.end();
    expect((await stdio.answer(1)).result.content[0].text).toBe('"stdio done"');
    expect(await stdio.exited).toBe(0);
  });
});
