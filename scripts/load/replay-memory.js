/**
 * `npm run build && node --no-node-snapshot --expose-gc scripts/load/replay-memory.js`: the memory the
 * replay buffers hold with answers in the store. For each configuration, in one run: the built app
 * in-process on loopback, N idle HTTP sessions that each take one large SSE answer (`execute` returning
 * a string) and never resume it, then a full GC; the JS heap (and RSS) before and after. Default: 300
 * sessions × 1 MB (the hostile report's case), shipped limits against `replayBudgetBytes: 0` (no global
 * budget: every session keeps up to `eventStoreMaxBytes`, as before the budget existed).
 */
const http = require('node:http');
const { join } = require('node:path');

const DIST = join(__dirname, '../../dist');
const { createHttpApp } = require(join(DIST, 'src/bootstrap/http-app.factory'));
const { createAppConfig } = require(join(DIST, 'src/config/app.config'));
const { McpSessionRegistry } = require(join(DIST, 'libs/gateways/src'));
const { initializeParams, PROTOCOL_VERSION } = require('../../test/support/mcp-http');

const SESSIONS = Number(process.env.SESSIONS ?? 300);
const ANSWER_CHARS = Number(process.env.ANSWER_CHARS ?? 1_000_000);
const CONFIGS = [
  ['shipped limits (replayBudgetBytes 64 MiB)', {}],
  ['no global budget (replayBudgetBytes 0)', { replayBudgetBytes: 0 }],
];

function post(port, body, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let length = 0;
        res.on('data', (chunk) => {
          length += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode, session: res.headers['mcp-session-id'], length }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const INIT = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: initializeParams('replay-memory') });
const CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'execute', arguments: { code: `return 'x'.repeat(${ANSWER_CHARS})` } },
});

async function parkAnswer(port) {
  const { session } = await post(port, INIT, { accept: 'application/json, text/event-stream' });
  const headers = { accept: 'text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': PROTOCOL_VERSION };
  const answer = await post(port, CALL, headers);
  if (answer.status !== 200 || answer.length < ANSWER_CHARS) throw new Error(`answer: HTTP ${answer.status}`);
}

function settled() {
  global.gc();
  const { heapUsed, external, rss } = process.memoryUsage();
  return { heap: heapUsed + external, rss };
}

async function measure(limits) {
  const config = createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:' });
  const app = await createHttpApp({ ...config, gateways: { ...config.gateways, ...limits } }, ['error']);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address();
  try {
    await parkAnswer(port); // the sandbox warm before the baseline
    const before = settled();
    for (let i = 0; i < SESSIONS; i++) await parkAnswer(port);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = settled();
    return {
      before,
      after,
      stored: app.get(McpSessionRegistry).replay.bytes,
      sessions: app.get(McpSessionRegistry).size,
    };
  } finally {
    await app.close();
  }
}

const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

async function main() {
  if (typeof global.gc !== 'function') throw new Error('run with --expose-gc');
  const lines = [
    `${SESSIONS} idle sessions, one ${(ANSWER_CHARS / 1e6).toFixed(1)} MB SSE answer each (JS heap + external after a full GC):`,
    '',
    '| configuration | live sessions | stored events | heap before | heap after | held | RSS after |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [name, limits] of CONFIGS) {
    const { before, after, stored, sessions } = await measure(limits);
    lines.push(
      `| ${name} | ${sessions} | ${mib(stored)} | ${mib(before.heap)} | ${mib(after.heap)} | ${mib(after.heap - before.heap)} | ${mib(after.rss)} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`replay-memory: ${error.stack ?? error}\n`);
    process.exit(1);
  },
);
