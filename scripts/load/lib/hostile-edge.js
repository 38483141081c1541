/**
 * The hostile client's attacks on the edge rather than the sandbox: one client trying to lock the
 * others out. Each round floods bare `initialize`s (session exhaustion), keeps a crowd of handshake-only
 * WebSockets open (slot exhaustion), parks 1 MB SSE answers in idle sessions that never resume (replay
 * memory), sends malformed filter patterns, and a refused-shape command call nested thousands deep (the
 * audit serializer). What each ended as is recorded next to the sandbox attacks.
 */
const http = require('node:http');
const { WebSocket } = require('ws');
const { PROTOCOL_VERSION, initializeParams, postMcp } = require('../../../test/support/mcp-http');

const FLOOD = 100;
const IDLE_SOCKETS = 60;
const PARKED_PER_ROUND = 4;
/** The reported attack: 300 idle sessions, each holding one 1 MB answer. */
const PARKED_TOTAL = 300;
const ROUND_PAUSE_MS = 500;

/** @type {{ name: string }[]} */
const EDGE_ATTACKS = [
  { name: 'edge: initialize flood (100 bare sessions a round)' },
  { name: 'edge: handshake-only WebSockets (60 held)' },
  { name: 'edge: 1 MB SSE answers parked in 300 idle sessions' },
  { name: 'edge: malformed filter patterns' },
  { name: 'edge: command with a 5,000-deep argument (audit)' },
];

/** A POST that never throws: an attack only counts what came back (status 0: no answer). */
function post(port, agent, body, headers = {}) {
  return postMcp({ agent, port, headers, body, timeoutMs: 0 }).then(
    (reply) => ({
      status: reply.status,
      session: reply.headers['mcp-session-id'],
      length: Buffer.byteLength(reply.body),
    }),
    () => ({ status: 0, length: 0 }),
  );
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: initializeParams('edge-hostile'),
});
const call = (code) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'execute', arguments: { code } } });
const onSession = (session) => ({ 'mcp-session-id': session, 'mcp-protocol-version': PROTOCOL_VERSION });

/** Records one attack step; `ok` says whether it ended the way a contained attack must. */
function timed(tally, name, started, outcome, ok) {
  tally.record({ name }, outcome, performance.now() - started, !ok);
}

async function initializeFlood(port, agent, tally) {
  const started = performance.now();
  const replies = await Promise.all(Array.from({ length: FLOOD }, () => post(port, agent, INITIALIZE)));
  const statuses = [...new Set(replies.map((r) => r.status))].sort().join('/');
  timed(
    tally,
    EDGE_ATTACKS[0].name,
    started,
    `HTTP ${statuses}`,
    replies.every((r) => [200, 429, 503].includes(r.status)),
  );
}

function holdSockets(port, sockets, tally) {
  const started = performance.now();
  let opened = 0;
  while (sockets.size < IDLE_SOCKETS) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/mcp`, 'mcp');
    sockets.add(socket);
    opened++;
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => sockets.delete(socket));
    socket.on('unexpected-response', () => sockets.delete(socket));
  }
  if (opened > 0) timed(tally, EDGE_ATTACKS[1].name, started, 'reopened after the initialize timeout', true);
}

async function parkAnswers(port, agent, tally, parked) {
  for (let i = 0; i < PARKED_PER_ROUND && parked.count < PARKED_TOTAL; i++, parked.count++) {
    const started = performance.now();
    const { session } = await post(port, agent, INITIALIZE);
    if (!session) {
      timed(tally, EDGE_ATTACKS[2].name, started, 'initialize refused', true);
      continue;
    }
    const answer = await post(port, agent, call("return 'x'.repeat(1000000)"), {
      ...onSession(session),
      accept: 'text/event-stream',
    });
    timed(tally, EDGE_ATTACKS[2].name, started, `HTTP ${answer.status}`, answer.status === 200 && answer.length > 1e6);
  }
}

async function malformedPatterns(port, agent, tally) {
  for (const pattern of ['command_*}', 'query_Nothing},command_*', 'query_{Get}']) {
    const started = performance.now();
    const reply = await post(port, agent, INITIALIZE, { 'x-myko-tool-visibility-deny': pattern });
    timed(tally, EDGE_ATTACKS[3].name, started, `HTTP ${reply.status}`, reply.status === 400);
  }
}

async function deepAuditedCall(port, agent, tally) {
  const started = performance.now();
  const { session } = await post(port, agent, INITIALIZE);
  if (!session) return timed(tally, EDGE_ATTACKS[4].name, started, 'initialize refused', true);
  const code =
    "let v = 1; for (let i = 0; i < 5000; i++) v = [v]; return await myko.command('CancelOrder', { orderId: 1, reason: v });";
  const reply = await post(port, agent, call(code), onSession(session));
  timed(tally, EDGE_ATTACKS[4].name, started, `HTTP ${reply.status}`, reply.status === 200);
}

/** Rounds of every edge attack until `shouldStop()`; the sockets it holds are closed at the end. */
async function edgeAttackLoop(port, tally, shouldStop, only) {
  const chosen = (k) => !only || only.some((part) => EDGE_ATTACKS[k].name.toLowerCase().includes(part));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const sockets = new Set();
  const parked = { count: 0 };
  try {
    while (!shouldStop()) {
      if (chosen(0)) await initializeFlood(port, agent, tally);
      if (chosen(1)) holdSockets(port, sockets, tally);
      if (chosen(2)) await parkAnswers(port, agent, tally, parked);
      if (chosen(3)) await malformedPatterns(port, agent, tally);
      if (chosen(4)) await deepAuditedCall(port, agent, tally);
      await new Promise((resolve) => setTimeout(resolve, ROUND_PAUSE_MS));
    }
  } finally {
    for (const socket of sockets) socket.terminate();
    agent.destroy();
  }
}

module.exports = { EDGE_ATTACKS, edgeAttackLoop };
