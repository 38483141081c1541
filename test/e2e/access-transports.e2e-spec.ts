import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { OperationRegistry } from '@myko/registry';
import {
  type AccessClientOptions,
  accessTransport,
  auditLines,
  callJson,
  callText,
  startAccessServer,
  writeAccessConfig,
} from '../helpers/access-fixtures';
import { connectClient, type TransportName } from '../helpers/mcp-client';
import type { TestServer } from '../helpers/test-server';

jest.setTimeout(120_000);

interface SearchPayload {
  operations: { id: string; kind: string }[];
  total: number;
}

// The host's own re-check of every call is under test, with names that reach it: the type check would refuse
// a literally named hidden operation before the script runs (by design, with the same message), so it is off.
const fixture = writeAccessConfig({ typeCheck: 'off' });
let server: TestServer;
/** How many operations each profile may see, counted from the registry itself. */
let readOnlyCount: number;

beforeAll(async () => {
  server = await startAccessServer(fixture.path);
  readOnlyCount = server.app
    .get(OperationRegistry)
    .list()
    .filter((op) => op.kind !== 'command').length;
});

afterAll(async () => {
  await server?.close();
});

async function allResourceUris(client: Client): Promise<string[]> {
  const uris: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listResources(cursor ? { cursor } : undefined);
    uris.push(...page.resources.map((r) => r.uri));
    cursor = page.nextCursor;
  } while (cursor);
  return uris;
}

/** Runs code in `execute` and parses what it returns. */
function run<T>(client: Client, code: string): Promise<T> {
  return callJson<T>(client, 'execute', { code });
}

const PENDING_ORDER = (warehouseCode: string) =>
  `const page = await myko.query('ListOrders', { status: 'pending', warehouseCode: '${warehouseCode}', limit: 1 });
   return page.items[0].id;`;

/** Every spelling of a call to a hidden command that a script might try; each one's error message. */
const HIDDEN_CALL_ATTEMPTS = (orderId: number) => `
  const args = { orderId: ${orderId} };
  const attempts = {
    plain: () => myko.command('CancelOrder', args),
    computedKind: () => myko[['comm', 'and'].join('')]('Cancel' + 'Order', args),
    computedId: () => myko.command(String.fromCharCode(67) + 'ancelOrder', args),
    reflectApply: () => Reflect.apply(myko.command, myko, ['CancelOrder', args]),
    reflectGet: () => Reflect.get(myko, 'command').call(undefined, 'CancelOrder', args),
    functionCall: () => Function.prototype.call.call(myko.command, null, 'CancelOrder', args),
    bound: () => myko.command.bind(null, 'CancelOrder')(args),
    poisonedPrototype: () => {
      Function.prototype.apply = function () { return 'hijacked'; };
      Function.prototype.call = function () { return 'hijacked'; };
      return myko.command('CancelOrder', args);
    },
    colonName: () => myko.command('command:CancelOrder', args),
    otherKind: () => myko.query('CancelOrder', args),
    otherCommand: () => myko.command('PlaceOrder', { customerId: 1, warehouseCode: 'BER', lines: [] }),
  };
  const out = {};
  for (const key of Object.keys(attempts)) {
    try {
      out[key] = 'CALLED: ' + JSON.stringify(await attempts[key]());
    } catch (error) {
      out[key] = error.message;
    }
  }
  return out;`;

describe.each<TransportName>(['stdio', 'http', 'ws'])('access profiles over %s', (transport) => {
  const clients: Client[] = [];
  let support: Client;
  let ops: Client;
  /** support + filters that try to widen it. */
  let supportWidening: Client;
  /** ops + filters that narrow it: no reports, no command search, and an extra allow-list for CancelOrder. */
  let opsNarrowed: Client;

  async function connectAs(options: AccessClientOptions): Promise<Client> {
    const client = await connectClient(accessTransport(transport, { server, configPath: fixture.path }, options));
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    [support, ops, supportWidening, opsNarrowed] = await Promise.all([
      connectAs({ profile: 'support' }),
      connectAs({ profile: 'ops' }),
      connectAs({
        profile: 'support',
        filters: {
          visibilityAllow: 'command_*, query_*',
          callableAllow: '{"command_CancelOrder": {"warehouseCode": ["AMS", "BER"]}}',
        },
      }),
      connectAs({
        profile: 'ops',
        filters: {
          visibilityDeny: 'report_*',
          callableDeny: '{"search": {"kind": ["command"]}}',
          callableAllow: '{"command_CancelOrder": {"warehouseCode": ["AMS"]}}',
        },
      }),
    ]);
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });

  it('search shows a profile only its operations, and total counts only them', async () => {
    const supportAll = await callJson<SearchPayload>(support, 'search', { limit: 100 });
    expect(supportAll.total).toBe(readOnlyCount);
    expect(supportAll.operations.filter((op) => op.kind === 'command')).toEqual([]);
    expect(await callJson(support, 'search', { kind: 'command' })).toEqual({ operations: [], total: 0 });
    expect((await callJson<SearchPayload>(support, 'search', { query: 'cancel order' })).operations).not.toContainEqual(
      expect.objectContaining({ id: 'CancelOrder' }),
    );

    const opsCommands = await callJson<SearchPayload>(ops, 'search', { kind: 'command' });
    expect(opsCommands.operations.map((op) => op.id)).toEqual(['CancelOrder']);
    expect(opsCommands.total).toBe(1);
    expect((await callJson<SearchPayload>(ops, 'search', { limit: 1 })).total).toBe(readOnlyCount + 1);
  });

  it('resources/list and resources/read show only visible operations', async () => {
    const supportUris = await allResourceUris(support);
    // One schema resource per visible operation, low-stock, published by report_LowStock (visible to support),
    // and the client's own executions (Code Mode).
    expect(supportUris).toHaveLength(readOnlyCount + 2);
    expect(supportUris).toContain('myko://executions');
    expect(supportUris).toContain('myko://inventory/low-stock');
    expect(supportUris.filter((uri) => uri.includes('/command/'))).toEqual([]);
    await expect(support.readResource({ uri: 'myko://schema/command/CancelOrder' })).rejects.toMatchObject({
      code: -32002,
    });
    const read = await support.readResource({ uri: 'myko://schema/query/ListOrders' });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ type: 'object' });

    const opsUris = await allResourceUris(ops);
    expect(opsUris.filter((uri) => uri.includes('/command/'))).toEqual(['myko://schema/command/CancelOrder']);
    await expect(ops.readResource({ uri: 'myko://schema/command/PlaceOrder' })).rejects.toMatchObject({
      code: -32002,
    });
  });

  it('execute cannot reach a hidden operation, however the call is spelled', async () => {
    const orderId = await run<number>(support, PENDING_ORDER('BER'));
    const outcomes = await run<Record<string, string>>(support, HIDDEN_CALL_ATTEMPTS(orderId));
    const hidden = 'Unknown operation: command_CancelOrder';
    expect(outcomes).toEqual({
      plain: hidden,
      computedKind: hidden,
      computedId: hidden,
      reflectApply: hidden,
      reflectGet: hidden,
      functionCall: hidden,
      bound: hidden,
      poisonedPrototype: hidden,
      colonName: 'Unknown operation: command_command:CancelOrder',
      otherKind: 'Unknown operation: query_CancelOrder',
      otherCommand: 'Unknown operation: command_PlaceOrder',
    });
    const [order] = await run<{ status: string }[]>(
      support,
      `return await myko.query('GetOrders', { ids: [${orderId}] });`,
    );
    expect(order.status).toBe('pending');
  });

  it('callability refuses a denied argument value inside execute; the allowed value goes through', async () => {
    const ber = await run<number>(ops, PENDING_ORDER('BER'));
    const ams = await run<number>(ops, PENDING_ORDER('AMS'));
    const outcomes = await run<Record<string, string>>(
      ops,
      `const tryIt = async (args) => {
         try { return (await myko.command('CancelOrder', args)).status; } catch (e) { return e.name + ': ' + e.message; }
       };
       return {
         otherWarehouse: await tryIt({ orderId: ${ams}, warehouseCode: 'AMS' }),
         noGuard: await tryIt({ orderId: ${ams} }),
         guardLies: await tryIt({ orderId: ${ams}, warehouseCode: 'BER' }),
         allowed: await tryIt({ orderId: ${ber}, warehouseCode: 'BER', reason: 'e2e' }),
       };`,
    );
    expect(outcomes).toEqual({
      otherWarehouse:
        'CallRefusedError: Call to command_CancelOrder refused: argument `warehouseCode` value "AMS" is not in the allowed list ["BER"]',
      noGuard:
        'CallRefusedError: Call to command_CancelOrder refused: argument `warehouseCode` is required by the allow list',
      guardLies: `ConflictError: Order ${ams} is fulfilled by AMS, not BER; it was not cancelled`,
      allowed: 'cancelled',
    });
  });

  it('callability refuses a denied argument value at tools/call', async () => {
    const refused = await callText(opsNarrowed, 'search', { kind: 'command' });
    expect(refused).toEqual({
      isError: true,
      text: 'Call to search refused: argument `kind` value "command" is in the denied list ["command"]',
    });
    expect((await callJson<SearchPayload>(opsNarrowed, 'search', { kind: 'query', limit: 1 })).total).toBeGreaterThan(
      0,
    );
  });

  it('filters narrow a profile: both must allow a call', async () => {
    expect(await callJson(opsNarrowed, 'search', { kind: 'report' })).toEqual({ operations: [], total: 0 });
    const ams = await run<number>(opsNarrowed, PENDING_ORDER('AMS'));
    const ber = await run<number>(opsNarrowed, PENDING_ORDER('BER'));
    const outcomes = await run<string[]>(
      opsNarrowed,
      `const out = [];
       for (const [id, code] of [[${ams}, 'AMS'], [${ber}, 'BER']]) {
         try { await myko.command('CancelOrder', { orderId: id, warehouseCode: code }); out.push('cancelled'); }
         catch (e) { out.push(e.message); }
       }
       try { await myko.report('SalesByDay', { from: '2026-01-01', to: '2026-01-02' }); } catch (e) { out.push(e.message); }
       return out;`,
    );
    expect(outcomes).toEqual([
      expect.stringContaining('value "AMS" is not in the allowed list ["BER"]'),
      expect.stringContaining('value "BER" is not in the allowed list ["AMS"]'),
      'Unknown operation: report_SalesByDay',
    ]);
  });

  it('a profile-bound client cannot widen its view with its own filters', async () => {
    expect(await callJson(supportWidening, 'search', { kind: 'command' })).toEqual({ operations: [], total: 0 });
    expect((await callJson<SearchPayload>(supportWidening, 'search', { limit: 1 })).total).toBe(
      (await callJson<SearchPayload>(support, 'search', { kind: 'query', limit: 1 })).total,
    );
    const message = await run<string>(
      supportWidening,
      `try { await myko.command('CancelOrder', { orderId: 1, warehouseCode: 'BER' }); return 'called'; }
       catch (e) { return e.message; }`,
    );
    expect(message).toBe('Unknown operation: command_CancelOrder');
    await expect(
      supportWidening.callTool({ name: 'command_CancelOrder', arguments: { orderId: 1 } }),
    ).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
  });

  it('the audit log has one line per command call: profile, identity, transport, session, outcome, argument hash', () => {
    const lines = auditLines(fixture.auditPath).filter((line) => line.transport === transport);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toEqual({
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        profile: expect.stringMatching(/^(support|ops)$/),
        // stdio's profile is the operator's choice at launch: no key, so no identity.
        ...(transport === 'stdio' ? {} : { identity: expect.stringMatching(/^[0-9a-f]{16}$/) }),
        transport,
        session: expect.any(String),
        requestId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-z]+$/),
        operation: expect.stringMatching(/^command_/),
        outcome: expect.stringMatching(/^(ok|error|refused|aborted)$/),
        ...(line.error === undefined ? {} : { error: expect.any(String) }),
        // A call inside an execute names its execution (issue 42); a direct tools/call has none.
        ...(line.executionId === undefined ? {} : { executionId: expect.stringMatching(/^ex_[0-9a-f-]{36}$/) }),
        durationMs: expect.any(Number),
        argsSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    }
    // Each key is one identity: no line of the support key carries the ops key's.
    const identities = (profile: string) => new Set(lines.filter((l) => l.profile === profile).map((l) => l.identity));
    if (transport !== 'stdio') {
      for (const identity of identities('support')) expect(identities('ops').has(identity)).toBe(false);
    }
    const summary = (profile: string) =>
      lines.filter((l) => l.profile === profile).map((l) => `${l.operation} ${l.outcome}`);
    // support: the eight spellings of the hidden CancelOrder, PlaceOrder, and the widening client's try.
    expect(summary('support')).toEqual([
      ...Array(8).fill('command_CancelOrder refused'),
      'command_PlaceOrder refused',
      'command_CancelOrder refused',
    ]);
    expect(summary('ops')).toEqual([
      'command_CancelOrder refused',
      'command_CancelOrder refused',
      'command_CancelOrder error',
      'command_CancelOrder ok',
      'command_CancelOrder refused',
      'command_CancelOrder refused',
    ]);
    const refusal = lines.find((l) => l.profile === 'ops' && l.outcome === 'refused');
    expect(refusal?.error).toContain('is not in the allowed list ["BER"]');
    expect(lines.find((l) => l.profile === 'support')?.error).toBe('command_CancelOrder is not visible to this client');
    expect(lines.find((l) => l.outcome === 'error')?.error).toContain('ConflictError: Order');
  });
});
