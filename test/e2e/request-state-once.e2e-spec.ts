import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey, hashApiKey } from '@myko/access';
import { releaseAll } from '../helpers/releases';
import { type ScaleOutCluster, startScaleOutCluster } from '../helpers/scale-out.cluster';
import { killServeProcess, type ServeProcess, startServeProcess } from '../helpers/serve-process';

jest.setTimeout(120_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

/** A command that asks the user to approve before the script changes stock: the MRTR case of the finding. */
const APPROVAL_PLUGIN = `
const { Injectable, Module } = require('@nestjs/common');
const { Command } = require('@myko/registry');
class ApprovalOperations {
  async ApproveRestock(_args, ctx) {
    const answer = await ctx.elicit({
      message: 'Restock product 1 in BER?',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    return answer.action === 'accept' ? 1 : 0;
  }
}
Reflect.decorate([Command({ description: 'Asks the user to approve a restock.', output: Number })],
  ApprovalOperations.prototype, 'ApproveRestock',
  Object.getOwnPropertyDescriptor(ApprovalOperations.prototype, 'ApproveRestock'));
class ApprovalModule {}
module.exports = Reflect.decorate([Module({ providers: [Reflect.decorate([Injectable()], ApprovalOperations)] })], ApprovalModule);
`;

const RESTOCK =
  "if (!(await myko.command('ApproveRestock'))) return 'declined'; " +
  "return (await myko.command('RestockProduct', { productId: 1, warehouseCode: 'BER', quantity: 7 })).onHand;";
const MOVEMENTS = "return (await myko.query('ListStockMovements', { productId: 1, warehouseCode: 'BER' })).total;";

/** Two keys of one profile: the same access, two callers. */
const KEYS = { a: generateApiKey(), b: generateApiKey() };

let dir: string;
let args: string[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'myko-request-state-'));
  const plugin = join(dir, 'approval.plugin.js');
  writeFileSync(plugin, APPROVAL_PLUGIN);
  const config = join(dir, 'myko.config.json');
  const ops = { keys: [hashApiKey(KEYS.a), hashApiKey(KEYS.b)], visibility: { allow: ['query_*', 'command_*'] } };
  writeFileSync(config, JSON.stringify({ auth: { required: true }, profiles: { ops } }));
  args = ['--plugin', plugin, '--config', config];
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let nextId = 1;

/** One raw 2026-07-28 `execute` POST as `key`, with the mirrored headers and an elicitation capability. */
async function execute(url: URL, key: string, code: string, extra: Record<string, unknown> = {}) {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  };
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      Authorization: `Bearer ${key}`,
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'execute',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method: 'tools/call',
      params: { name: 'execute', arguments: { code }, ...extra, _meta },
    }),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Json };
}

/** Round one of the restock as key `a`, and the final round's retry (its state and approval) as any key. */
async function approvalRound(url: URL) {
  const first = await execute(url, KEYS.a, RESTOCK);
  expect(first.body.result).toMatchObject({ resultType: 'input_required' });
  const [input] = Object.keys(first.body.result.inputRequests);
  const extra = {
    inputResponses: { [input]: { action: 'accept', content: { ok: true } } },
    requestState: first.body.result.requestState,
  };
  return (key = KEYS.a) => execute(url, key, RESTOCK, extra);
}

async function movements(url: URL): Promise<number> {
  const { body } = await execute(url, KEYS.a, MOVEMENTS);
  return JSON.parse(body.result.content[0].text);
}

describe('requestState on one instance', () => {
  let server: ServeProcess;
  let url: URL;

  beforeAll(async () => {
    server = await startServeProcess(args);
    url = new URL('/mcp', server.origin);
  });
  afterAll(() => releaseAll(() => killServeProcess(server)));

  it('refuses the state to another key of the same profile, and nothing runs', async () => {
    const retry = await approvalRound(url);
    const before = await movements(url);
    const foreign = await retry(KEYS.b);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({ code: -32602, message: /issued to another client/ });
    expect(await movements(url)).toBe(before);
  });

  it('runs the approved restock of a final round replayed three times once (one stock movement)', async () => {
    const retry = await approvalRound(url);
    const before = await movements(url);
    const answers = [await retry(), await retry(), await retry()];
    expect(answers[0].body.result).toMatchObject({ resultType: 'complete' });
    for (const replay of answers.slice(1)) {
      expect(replay.body.error).toMatchObject({ code: -32602, message: /already been used/ });
    }
    expect(await movements(url)).toBe(before + 1);
  });
});

describe('requestState across two instances on one Redis behind a round-robin proxy', () => {
  let cluster: ScaleOutCluster;

  beforeAll(async () => {
    cluster = await startScaleOutCluster({ args });
  });
  afterAll(() => cluster?.close());

  it('is used once across instances: replays through either instance are refused, the restock ran once', async () => {
    const url = cluster.proxy.mcpUrl;
    const retry = await approvalRound(url);
    const before = await movements(url);
    const from = cluster.proxy.log.length;
    const answers = [await retry(), await retry(), await retry()];
    const served = cluster.proxy.log.slice(from).map((entry) => entry.upstream);
    expect(new Set(served)).toEqual(new Set([0, 1]));
    expect(answers[0].body.result).toMatchObject({ resultType: 'complete' });
    for (const replay of answers.slice(1)) {
      expect(replay.body.error).toMatchObject({ code: -32602, message: /already been used/ });
    }
    expect(await movements(url)).toBe(before + 1);
  });

  it('fails closed while Redis is down: 503 + Retry-After and -32010, nothing runs', async () => {
    const url = cluster.proxy.mcpUrl;
    const retry = await approvalRound(url);
    const before = await movements(url);
    await cluster.redis.stop();
    const during = await retry();
    expect(during.status).toBe(503);
    expect(during.retryAfter).toBe('1');
    expect(during.body.error).toMatchObject({ code: -32010, data: { retryable: true } });
    await cluster.redis.restart();
    // Redis restarted empty: the database is the witness that the refused retry changed nothing.
    const deadline = Date.now() + 15_000;
    let after: number | undefined;
    while (after === undefined && Date.now() < deadline) {
      after = await movements(url).catch(() => undefined);
      if (after === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(after).toBe(before);
  });
});
