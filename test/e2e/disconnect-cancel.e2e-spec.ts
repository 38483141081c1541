import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SandboxService } from '@myko/sandbox';
import { connectClient } from '../helpers/mcp-client';
import { RawWsSession } from '../helpers/raw-ws-session';
import { releaseAll } from '../helpers/releases';
import { type Json, messageOf, RawSession, SseReader } from '../helpers/sse-client';
import { startTestServer, type TestServer } from '../helpers/test-server';

const LOOP_MS = 3_000;
const PRODUCT = 3;

/** Busy for LOOP_MS, then a command adding 1000 units: it must never run once its client is gone. */
const LOOP_THEN_RESTOCK = `const end = Date.now() + ${LOOP_MS}; while (Date.now() < end) {}
await myko.command('AdjustStock', { productId: ${PRODUCT}, warehouseCode: 'BER', quantityDelta: 1000, note: 'after the loop' });
return 'restocked';`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<number> {
  const startedAt = Date.now();
  while (!condition()) {
    if (Date.now() - startedAt > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(20);
  }
  return Date.now() - startedAt;
}

function executeCall(id: number, code: string): Json {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'execute', arguments: { code } } };
}

describe('a client that disconnects mid-execute', () => {
  let server: TestServer;
  let observer: Client;
  let sandbox: SandboxService;

  beforeAll(async () => {
    server = await startTestServer();
    sandbox = server.app.get(SandboxService);
    observer = await connectClient(new StreamableHTTPClientTransport(server.httpUrl));
  });

  afterAll(() =>
    releaseAll(
      () => observer?.close(),
      () => server?.close(),
    ),
  );

  /** On-hand units of the product at BER, read by another session. */
  async function onHand(): Promise<number> {
    const result = await observer.callTool({
      name: 'execute',
      arguments: {
        code: `return (await myko.query('ListStockLevels', { productId: ${PRODUCT}, warehouseCode: 'BER' })).items[0].onHand;`,
      },
    });
    return JSON.parse((result.content as { text: string }[])[0].text) as number;
  }

  /**
   * Disconnects once the run holds a sandbox slot; then the slot must free before the script's loop would have
   * ended (it starts after the slot is taken, so it ends no sooner than LOOP_MS after that was seen, less one poll):
   * only a cancelled run frees it that early, however loaded the machine.
   */
  async function expectCancelledOnDisconnect(disconnect: () => void): Promise<void> {
    await waitFor(() => sandbox.status().running === 1, 5_000);
    const heldFrom = Date.now();
    disconnect();
    await waitFor(() => sandbox.status().running === 0, LOOP_MS);
    expect(Date.now() - heldFrom).toBeLessThan(LOOP_MS - 100);
    await sleep(LOOP_MS + 500 - (Date.now() - heldFrom));
  }

  it('over HTTP, a POST awaiting a plain JSON answer is cancelled: its run stops and its command never runs', async () => {
    const before = await onHand();
    const session = await RawSession.open(server.httpUrl.href);
    const connection = new AbortController();
    const call = fetch(session.url, {
      method: 'POST',
      headers: session.headers({ 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }),
      body: JSON.stringify(executeCall(1, LOOP_THEN_RESTOCK)),
      signal: connection.signal,
    }).catch((error: Error) => error);
    await expectCancelledOnDisconnect(() => connection.abort());
    expect(await call).toMatchObject({ name: 'AbortError' });
    expect(await onHand()).toBe(before);
  });

  it('over HTTP, a 2026-07-28 stateless request is cancelled by closing its stream: the command never runs', async () => {
    const before = await onHand();
    const connection = new AbortController();
    const call = fetch(server.httpUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'tools/call',
        'Mcp-Name': 'execute',
      },
      body: JSON.stringify({
        ...executeCall(1, LOOP_THEN_RESTOCK),
        params: {
          ...executeCall(1, LOOP_THEN_RESTOCK).params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
      signal: connection.signal,
    }).catch((error: Error) => error);
    await expectCancelledOnDisconnect(() => connection.abort());
    expect(await call).toMatchObject({ name: 'AbortError' });
    expect(await onHand()).toBe(before);
  });

  it('over WebSocket, a dropped connection ends the session: its run stops and its command never runs', async () => {
    const before = await onHand();
    const session = await RawWsSession.open(server.wsUrl.href);
    void session.execute(1, LOOP_THEN_RESTOCK);
    await expectCancelledOnDisconnect(() => session.terminate());
    expect(await onHand()).toBe(before);
  });

  it('over HTTP, an answer that became a resumable SSE stream keeps running: disconnection is not cancellation', async () => {
    const before = await onHand();
    const session = await RawSession.open(server.httpUrl.href);
    // The first command's log notification turns the answer into an SSE stream with event ids.
    const logFirst =
      "await myko.command('AdjustStock', { productId: 4, warehouseCode: 'BER', quantityDelta: 1, note: 'log' });";
    const code = `${logFirst}\n${LOOP_THEN_RESTOCK}`;
    const stream = new SseReader(await session.post(executeCall(1, code)));
    const [priming] = await stream.until((event) => event.id !== undefined);
    await stream.until((event) => messageOf(event)?.method === 'notifications/message');
    await stream.drop();
    await sleep(LOOP_MS / 2);
    expect(sandbox.status().running).toBe(1);
    const resumed = new SseReader(await session.get(priming.id));
    const answer = (await resumed.until((event) => messageOf(event)?.id === 1)).map(messageOf).at(-1);
    expect(answer.result.content[0].text).toBe('"restocked"');
    expect(await onHand()).toBe(before + 1000);
  });
});
