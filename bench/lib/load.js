/**
 * Closed-loop load over keep-alive HTTP and WebSocket: `concurrency` connections, each sending its
 * next request as soon as the previous answer is in, for a fixed time. Same client code for every
 * server, so throughputs compare. Every answer is checked (a result, not an error).
 */
const http = require('node:http');
const { WebSocket } = require('ws');
const { INITIALIZED, initializeParams, openHttpSession: openSession, postMcp } = require('../../test/support/mcp-http');
const { now } = require('./timing');

const CLIENT = 'myko-bench';
/** The longest a refused client waits before its next request, whatever the refusal's hint. */
const MAX_REFUSAL_WAIT_MS = 1_000;

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: initializeParams(CLIENT) });

/** The per-request envelope of a 2026-07-28 (stateless) request, in place of `initialize`. */
const MODERN_VERSION = '2026-07-28';
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: CLIENT, version: '1.0.0' },
};

let nextId = 1;
const callBody = (name, args, modern = false) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: nextId++,
    method: 'tools/call',
    params: modern ? { name, arguments: args, _meta: MODERN_META } : { name, arguments: args },
  });

/** One POST; resolves status, headers and the whole body. */
const post = (agent, port, headers, body) => postMcp({ agent, port, headers, body });

/** The retry hint (ms) of a JSON-RPC -32029 refusal, or `undefined` for any other answer. */
function refusalWaitMs(text) {
  if (!text.includes('-32029')) return undefined;
  const answer = JSON.parse(text);
  if (answer.error?.code !== -32029) return undefined;
  return Number(answer.error.data?.retryAfterMs) || MAX_REFUSAL_WAIT_MS;
}

/** Whether `text` is a -32029 refusal; if so, resolves after its hint (at most 1 s), as an agent would wait. */
async function waitOutRefusal(text) {
  const waitMs = refusalWaitMs(text);
  if (waitMs === undefined) return false;
  await new Promise((resolve) => setTimeout(resolve, Math.min(waitMs, MAX_REFUSAL_WAIT_MS)));
  return true;
}

function checkAnswer(text, what) {
  if (!text.includes('"result"') || text.includes('"isError":true')) throw new Error(`${what}: ${text.slice(0, 300)}`);
}

/** An initialized MCP session over HTTP: the headers every later request carries. */
function openHttpSession(port, agent = new http.Agent({ keepAlive: true })) {
  return openSession({ agent, port, clientName: CLIENT });
}

/** A load target over HTTP: one session, `concurrency` keep-alive connections calling one tool. */
async function httpTarget(port, tool, args, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const headers = await openHttpSession(port, agent);
  const once = async () => {
    const res = await post(agent, port, headers, callBody(tool, args));
    if (res.status !== 200) throw new Error(`${tool}: HTTP ${res.status} ${res.body.slice(0, 200)}`);
    checkAnswer(res.body, tool);
  };
  return { once, concurrency, close: () => agent.destroy() };
}

/**
 * A load target of 2026-07-28 stateless requests over HTTP: no session, every POST carries the
 * `_meta` envelope and the mirrored `MCP-Protocol-Version`/`Mcp-Method`/`Mcp-Name` headers.
 */
function statelessHttpTarget(port, tool, args, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const headers = { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'tools/call', 'mcp-name': tool };
  const once = async () => {
    const res = await post(agent, port, headers, callBody(tool, args, true));
    if (res.status !== 200) throw new Error(`${tool}: HTTP ${res.status} ${res.body.slice(0, 200)}`);
    checkAnswer(res.body, tool);
  };
  return { once, concurrency, close: () => agent.destroy() };
}

/**
 * An initialized WebSocket connection (subprotocol `mcp`) with one request in flight at a time; `headers`
 * go with the handshake (an API key: `authorization`).
 */
async function openWsConnection(port, headers = {}) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/mcp`, 'mcp', { headers });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let pending;
  socket.on('message', (data) => {
    const settle = pending;
    pending = undefined;
    settle?.(data.toString());
  });
  const request = (text) =>
    new Promise((resolve) => {
      pending = resolve;
      socket.send(text);
    });
  checkAnswer(await request(INITIALIZE), 'initialize');
  socket.send(INITIALIZED);
  return { socket, request, close: () => socket.terminate() };
}

/**
 * `concurrency` initialized WebSocket connections; `headersOf(i)` gives connection `i`'s handshake headers
 * (its API key, if any). Several targets (`poolTarget`) may share one pool, as an agent calls any tool.
 */
async function openWsPool(port, concurrency, headersOf = () => ({})) {
  const connections = await Promise.all(
    Array.from({ length: concurrency }, (_, i) => openWsConnection(port, headersOf(i))),
  );
  return {
    connections,
    close: () => {
      for (const connection of connections) connection.close();
    },
  };
}

/**
 * A load target calling one tool over the connections of `pool`, one request at a time on each. With
 * `countRefusals`, a refusal (JSON-RPC -32029) is not an error: the client waits as its hint says (at most
 * 1 s) and the request counts as refused (`once` resolves `false`, see `runLoad`), as an agent would retry.
 */
function poolTarget(pool, tool, args, { modern = false, countRefusals = false } = {}) {
  const { connections } = pool;
  let turn = 0;
  const free = [...connections];
  const once = async () => {
    const connection = free.pop() ?? connections[turn++ % connections.length];
    try {
      const text = await connection.request(callBody(tool, args, modern));
      if (countRefusals && (await waitOutRefusal(text))) return false;
      checkAnswer(text, tool);
    } finally {
      free.push(connection);
    }
  };
  // The pool outlives its targets: whoever opened it closes it.
  return { once, concurrency: connections.length, close: () => undefined };
}

/** A load target over WebSocket: `concurrency` connections calling one tool (`modern`: with the 2026-07-28 `_meta`). */
async function wsTarget(port, tool, args, concurrency, modern = false) {
  const pool = await openWsPool(port, concurrency);
  return { ...poolTarget(pool, tool, args, { modern }), close: pool.close };
}

/**
 * Runs `target` closed-loop for `durationMs`: answered requests per second, every latency (ms), and how many
 * requests were refused (`once` resolved `false`; neither answered nor timed).
 */
async function runLoad(target, durationMs) {
  const latencies = [];
  let refused = 0;
  const end = now() + durationMs;
  const worker = async () => {
    while (now() < end) {
      const started = now();
      if ((await target.once()) === false) refused++;
      else latencies.push(now() - started);
    }
  };
  const started = now();
  await Promise.all(Array.from({ length: target.concurrency }, worker));
  return { rps: latencies.length / ((now() - started) / 1000), latencies, refused };
}

/**
 * Interleaved load rounds over open targets (by name), closing them at the end: one warm-up run of
 * `warmupMs` each, then `rounds` rounds of one timed run each, the order rotated by `step` places a
 * round so no target always runs first. `timed(name, durationMs)` runs one and resolves
 * `{ rps, cpuMsPerRequest, latencies, refused? }`. Resolves every target's samples and refusal counts.
 */
async function loadRounds(ctx, open, { rounds, durationMs, warmupMs, step = 1, timed }) {
  const names = Object.keys(open);
  const samples = (fill) => Object.fromEntries(names.map((name) => [name, fill()]));
  const rps = samples(() => []);
  const cpu = samples(() => []);
  const latencies = samples(() => []);
  const refused = Object.fromEntries(names.map((name) => [name, 0]));
  try {
    for (const name of names) await runLoad(open[name], warmupMs);
    for (let round = 0; round < rounds; round++) {
      const order = names.map((_, i) => names[(i + round * step) % names.length]);
      for (const name of order) {
        const result = await timed(name, durationMs);
        rps[name].push(result.rps);
        cpu[name].push(result.cpuMsPerRequest);
        for (const latency of result.latencies) latencies[name].push(latency);
        refused[name] += result.refused ?? 0;
      }
      ctx.log(`round ${round + 1}/${rounds}: ${names.map((n) => `${n} ${Math.round(rps[n].at(-1))}`).join(', ')}`);
    }
  } finally {
    for (const target of Object.values(open)) target.close();
  }
  return { rps, cpu, latencies, refused };
}

module.exports = {
  checkAnswer,
  httpTarget,
  loadRounds,
  openHttpSession,
  openWsConnection,
  openWsPool,
  poolTarget,
  post,
  runLoad,
  statelessHttpTarget,
  waitOutRefusal,
  wsTarget,
};
