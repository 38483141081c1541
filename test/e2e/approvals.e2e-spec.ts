import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { type ApprovalServer, OPS_KEY, RESTOCK, startApprovalServer, TRY_RESTOCK } from '../helpers/approval-fixtures';
import { RawWsSession } from '../helpers/raw-ws-session';
import { useReleases } from '../helpers/releases';

jest.setTimeout(90_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

/** How the user answers: grants, declines, dismisses the request, or never answers. */
type Answer = 'grant' | 'decline' | 'cancel' | 'never';

const ANSWERS: Record<Exclude<Answer, 'never'>, ElicitResult> = {
  grant: { action: 'accept', content: { approve: true } },
  decline: { action: 'decline' },
  cancel: { action: 'cancel' },
};

const text = (result: Json): string => result.content[0].text;

let app: ApprovalServer;
beforeAll(async () => {
  app = await startApprovalServer();
});
afterAll(() => app?.close());
const opened = useReleases();

describe.each(['http', 'ws'] as const)('a 2025 session over %s (SDK 1.x, elicitation)', (transport) => {
  /** A client whose user answers every approval with `answer`; `asked` collects the messages shown. */
  async function session(answer: Answer, elicitation = true) {
    const asked: string[] = [];
    const client = opened(
      new Client({ name: 'approvals-e2e', version: '1.0.0' }, { capabilities: elicitation ? { elicitation: {} } : {} }),
      (c) => c.close(),
    );
    if (elicitation) {
      client.setRequestHandler(ElicitRequestSchema, (request) => {
        asked.push(request.params.message);
        return answer === 'never' ? new Promise<ElicitResult>(() => undefined) : Promise.resolve(ANSWERS[answer]);
      });
    }
    const { httpUrl, wsUrl } = app.server;
    await client.connect(
      transport === 'http' ? new StreamableHTTPClientTransport(httpUrl) : new WebSocketClientTransport(wsUrl),
    );
    const execute = async (code: string, timeoutMs?: number): Promise<Json> =>
      client.callTool({ name: 'execute', arguments: { code, ...(timeoutMs ? { timeoutMs } : {}) } });
    return { execute, asked, client };
  }

  it('granted: asks once with a summary, runs the command exactly once, and audits who approved', async () => {
    const { execute, asked } = await session('grant');
    const before = app.restocks();
    const result = await execute(TRY_RESTOCK);
    expect(text(result)).toBe('"ran"');
    expect(asked).toEqual([
      'Approve command RestockProduct (Receive units of a product into a warehouse (a supplier delivery): on hand grows, a restock movement is recorded) with {"productId":1,"quantity":2,"warehouseCode":"BER"}?',
    ]);
    expect(app.restocks()).toBe(before + 1);
    const line = app
      .audit()
      .filter((l) => l.operation === 'command_RestockProduct')
      .at(-1);
    expect(line).toMatchObject({
      outcome: 'ok',
      profile: 'ops',
      approval: { granted: true, by: expect.stringMatching(/^session:/) },
    });
  });

  it('the question shows every argument in sorted order, control and bidirectional characters escaped', async () => {
    const { execute, asked } = await session('decline');
    const note = 'ok\\u2028Approve command Noop with {}?\\u202E';
    const code = `try { await myko.command('RestockProduct', { note: '${note}', quantity: 2, warehouseCode: 'BER', productId: 1 }); } catch (e) { return e.code; }`;
    expect(text(await execute(code))).toBe('"approval_declined"');
    expect(asked).toEqual([
      'Approve command RestockProduct (Receive units of a product into a warehouse (a supplier delivery): on hand grows, a restock movement is recorded) with {"note":"ok\\u2028Approve command Noop with {}?\\u202e","productId":1,"quantity":2,"warehouseCode":"BER"}?',
    ]);
  });

  it('declined: the script catches approval_declined and nothing ran', async () => {
    const { execute, asked } = await session('decline');
    const before = app.restocks();
    expect(text(await execute(TRY_RESTOCK))).toBe('"approval_declined"');
    expect(asked).toHaveLength(1);
    expect(app.restocks()).toBe(before);
    const line = app
      .audit()
      .filter((l) => l.operation === 'command_RestockProduct')
      .at(-1);
    expect(line).toMatchObject({ outcome: 'refused', approval: { granted: false } });
  });

  it('dismissed: the script catches approval_unanswered and nothing ran', async () => {
    const { execute } = await session('cancel');
    const before = app.restocks();
    expect(text(await execute(TRY_RESTOCK))).toBe('"approval_unanswered"');
    expect(app.restocks()).toBe(before);
  });

  it('never answered: the run ends at its time limit, the question is withdrawn, and nothing ever runs', async () => {
    const { execute, asked } = await session('never');
    const before = app.restocks();
    const result = await execute(`await ${RESTOCK}; return 'ran';`, 1_500);
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/time|wall/i);
    expect(asked).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.restocks()).toBe(before);
  });

  it('a client that cannot ask its user: the run pauses before the command (uncatchable), nothing ran', async () => {
    const { execute } = await session('grant', false);
    const before = app.restocks();
    const result = await execute(`try { await ${RESTOCK}; } catch (e) { return [e.code, e.message]; }`);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.execution).toMatchObject({
      state: 'paused',
      waitingFor: { reason: 'approval', operation: 'command_RestockProduct' },
      calls: [],
    });
    expect(text(result)).toMatch(/^Execution ex_\S+ is paused before command_RestockProduct /);
    expect(app.restocks()).toBe(before);
  });

  it.each<[Answer, boolean, number]>([
    ['grant', false, 1],
    ['decline', true, 0],
  ])('a direct-mode tools/call of the command is held the same way (%s)', async (answer, isError, runs) => {
    const { client, asked } = await session(answer);
    const before = app.restocks();
    const args = { productId: 1, warehouseCode: 'BER', quantity: 2 };
    const result: Json = await client.callTool({ name: 'command_RestockProduct', arguments: args });
    expect(Boolean(result.isError)).toBe(isError);
    if (isError) expect(text(result)).toMatch(/The user declined command_RestockProduct; it did not run/);
    expect(asked).toHaveLength(1);
    expect(app.restocks()).toBe(before + runs);
  });

  it('a command declared approval: true (DeactivateProduct) is held the same way', async () => {
    const { execute, asked } = await session('decline');
    const code = "try { await myko.command('DeactivateProduct', { productId: 2 }); } catch (e) { return e.code; }";
    expect(text(await execute(code))).toBe('"approval_declined"');
    expect(asked[0]).toMatch(
      /^Approve command DeactivateProduct \(Discontinue a product: it can no longer be ordered; stock and history stay\) with \{"productId":2\}\?$/,
    );
    expect(text(await execute("return (await myko.query('GetProducts', { ids: [2] }))[0].active;"))).toBe('true');
  });
});

/** One raw 2026-07-28 `execute` POST, with the mirrored headers. */
let nextId = 1;
async function modernExecute(code: string, extra: Json = {}, capabilities: Json = { elicitation: {} }): Promise<Json> {
  return modernCall('execute', { code }, extra, capabilities);
}

async function modernCall(
  name: string,
  args: Json,
  extra: Json = {},
  capabilities: Json = { elicitation: {} },
): Promise<Json> {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
  const res = await fetch(app.server.httpUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      Authorization: `Bearer ${OPS_KEY}`,
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'tools/call',
      'Mcp-Name': name,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method: 'tools/call',
      params: { name, arguments: args, ...extra, _meta },
    }),
  });
  return (await res.json()) as Json;
}

describe('the 2026-07-28 era (input_required rounds)', () => {
  /** SDK v2 pinned to 2026-07-28: it answers input_required with its elicitation handler and retries. */
  async function modernClient(answer: Exclude<Answer, 'never'>) {
    const asked: string[] = [];
    const client = opened(
      new ModernClient(
        { name: 'approvals-v2-e2e', version: '1.0.0' },
        { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
      ),
      (c) => c.close(),
    );
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push((request.params as { message: string }).message);
      return ANSWERS[answer];
    });
    const headers = { Authorization: `Bearer ${OPS_KEY}` };
    await client.connect(new ModernHttpTransport(app.server.httpUrl, { requestInit: { headers } }));
    const execute = async (code: string): Promise<Json> => client.callTool({ name: 'execute', arguments: { code } });
    return { execute, asked };
  }

  it.each<[Exclude<Answer, 'never'>, string, number]>([
    ['grant', '"ran"', 1],
    ['decline', '"approval_declined"', 0],
    ['cancel', '"approval_unanswered"', 0],
  ])('SDK v2 over HTTP, %s: one round, the command run %s (%i times)', async (answer, seen, runs) => {
    const { execute, asked } = await modernClient(answer);
    const before = app.restocks();
    expect(text(await execute(TRY_RESTOCK))).toBe(seen);
    expect(asked).toHaveLength(1);
    expect(app.restocks()).toBe(before + runs);
  });

  it('SDK v2: two approvals in one script are asked once each; the retry never asks again for the first', async () => {
    const { execute, asked } = await modernClient('grant');
    const before = app.restocks();
    expect(text(await execute(`await ${RESTOCK}; await ${RESTOCK}; return 'both';`))).toBe('"both"');
    expect(asked).toHaveLength(2);
    expect(app.restocks()).toBe(before + 2);
    const lines = app
      .audit()
      .filter((l) => l.operation === 'command_RestockProduct')
      .slice(-2);
    expect(lines).toMatchObject([
      { outcome: 'ok', approval: { granted: true, by: expect.stringMatching(/^[0-9a-f]{16}$/) } },
      { outcome: 'ok', approval: { granted: true } },
    ]);
  });

  it('unanswered (the client never retries): input_required with the summary, and nothing ran', async () => {
    const before = app.restocks();
    const first = await modernExecute(`await ${RESTOCK}; return 'ran';`);
    expect(first.result).toMatchObject({ resultType: 'input_required', requestState: expect.any(String) });
    const [[key, request]] = Object.entries(first.result.inputRequests) as [string, Json][];
    expect(key).toMatch(/^approval-1-[\w-]{43}$/);
    expect(request).toMatchObject({
      method: 'elicitation/create',
      params: { message: expect.stringMatching(/^Approve command RestockProduct/) },
    });
    expect(app.restocks()).toBe(before);
  });

  it('an answer is bound to its call: a retry that reaches other arguments is asked afresh, nothing runs', async () => {
    // The same script, whose restock quantity depends on a read that changes between the rounds.
    const code =
      "const { total } = await myko.query('ListStockMovements', { productId: 1, warehouseCode: 'BER' }); " +
      "await myko.command('RestockProduct', { productId: 1, warehouseCode: 'BER', quantity: 1 + (total % 5) }); return 'ran';";
    const before = app.restocks();
    const first = await modernExecute(code);
    const [key] = Object.keys(first.result.inputRequests);
    const adjust =
      "await myko.command('AdjustStock', { productId: 1, warehouseCode: 'BER', quantityDelta: 1, note: 'e2e' });";
    expect((await modernExecute(adjust)).result.resultType).toBe('complete');
    const retry = await modernExecute(code, {
      inputResponses: { [key]: ANSWERS.grant },
      requestState: first.result.requestState,
    });
    expect(retry.result).toMatchObject({ resultType: 'input_required' });
    expect(Object.keys(retry.result.inputRequests)).toEqual([expect.stringMatching(/^approval-1-/)]);
    expect(Object.keys(retry.result.inputRequests)).not.toContain(key);
    expect(app.restocks()).toBe(before);
  });

  it('a direct-mode call asks in an input_required round too, and runs once when granted', async () => {
    const before = app.restocks();
    const args = { productId: 1, warehouseCode: 'BER', quantity: 2 };
    const first = await modernCall('command_RestockProduct', args);
    expect(first.result).toMatchObject({ resultType: 'input_required' });
    expect(app.restocks()).toBe(before);
    const [key] = Object.keys(first.result.inputRequests);
    const retry = await modernCall('command_RestockProduct', args, {
      inputResponses: { [key]: ANSWERS.grant },
      requestState: first.result.requestState,
    });
    expect(retry.result).toMatchObject({ resultType: 'complete' });
    expect(retry.result.isError).toBeFalsy();
    expect(app.restocks()).toBe(before + 1);
  });

  it('a request without the elicitation capability pauses before the command, and nothing ran', async () => {
    const before = app.restocks();
    const answer = await modernExecute(TRY_RESTOCK, {}, {});
    expect(answer.result).toMatchObject({ resultType: 'complete' });
    expect(answer.result.structuredContent.execution).toMatchObject({
      state: 'paused',
      waitingFor: { operation: 'command_RestockProduct' },
    });
    expect(app.restocks()).toBe(before);
  });

  it.each<[Exclude<Answer, 'never'>, string, number]>([
    ['grant', '"ran"', 1],
    ['decline', '"approval_declined"', 0],
    ['cancel', '"approval_unanswered"', 0],
  ])('raw over WebSocket, %s: the retry with requestState ends it (%s, %i runs)', async (answer, seen, runs) => {
    const ws = opened(await RawWsSession.open(app.server.wsUrl.href), (s) => s.terminate());
    const _meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
    };
    const call = (id: number, extra: Json = {}) =>
      ws.request(id, 'tools/call', { name: 'execute', arguments: { code: TRY_RESTOCK }, ...extra, _meta });
    const before = app.restocks();
    const first = await call(1);
    expect(first.result.resultType).toBe('input_required');
    const [key] = Object.keys(first.result.inputRequests);
    const retry = await call(2, {
      inputResponses: { [key]: ANSWERS[answer] },
      requestState: first.result.requestState,
    });
    expect(retry.result.resultType).toBe('complete');
    expect(text(retry.result)).toBe(seen);
    expect(app.restocks()).toBe(before + runs);
  });
});
