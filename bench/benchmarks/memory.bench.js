/**
 * Memory per idle client: the server's RSS (after a full GC) before and after 1,000 initialized
 * Streamable HTTP sessions (their connections closed again: a session is state, not a socket) and
 * then 1,000 initialized WebSocket connections left open, divided by 1,000. Baselines in the same
 * run: the official SDK `McpServer` (one server + transport per session, its documented pattern)
 * and a bare `ws` echo server holding the same number of connections. Each round is a fresh process.
 */
const http = require('node:http');
const { openHttpSession, openWsConnection } = require('../lib/load');
const { row } = require('../lib/report');
const { startServerProcess } = require('../lib/server-process');

const CLIENTS = 1_000;
const PARALLEL = 16;

/** Runs `open` CLIENTS times, PARALLEL at a time; resolves what they return. */
async function openMany(open) {
  const opened = [];
  let next = 0;
  const worker = async () => {
    while (next < CLIENTS) {
      next++;
      opened.push(await open());
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return opened;
}

/** RSS and heap growth per client of `open()`ing CLIENTS clients on a running server. */
async function perClient(server, open) {
  const before = await server.memory();
  const opened = await openMany(open);
  const after = await server.memory();
  return {
    opened,
    rss: (after.rss - before.rss) / CLIENTS,
    heap: (after.heapUsed + after.external - before.heapUsed - before.external) / CLIENTS,
  };
}

async function httpSessions(server) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: PARALLEL });
  try {
    return await perClient(server, () => openHttpSession(server.port, agent));
  } finally {
    agent.destroy();
  }
}

async function wsConnections(server) {
  const result = await perClient(server, () => openWsConnection(server.port));
  return {
    ...result,
    close: () => {
      for (const connection of result.opened) connection.close();
    },
  };
}

async function round(samples) {
  const myko = await startServerProcess('myko');
  try {
    const sessions = await httpSessions(myko);
    samples.http.push(sessions.rss);
    samples.httpHeap.push(sessions.heap);
    const sockets = await wsConnections(myko);
    samples.ws.push(sockets.rss);
    samples.wsHeap.push(sockets.heap);
    sockets.close();
  } finally {
    await myko.close();
  }
  const sdk = await startServerProcess('sdk-mcp');
  try {
    samples.sdk.push((await httpSessions(sdk)).rss);
  } finally {
    await sdk.close();
  }
  const raw = await startServerProcess('raw-ws');
  try {
    const sockets = await wsConnections(raw);
    samples.rawWs.push(sockets.rss);
    sockets.close();
  } finally {
    await raw.close();
  }
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

module.exports = {
  title: 'memory per idle session and connection',
  async run(ctx) {
    const samples = { http: [], httpHeap: [], ws: [], wsHeap: [], sdk: [], rawWs: [] };
    const rounds = ctx.quick ? 1 : 3;
    for (let i = 0; i < rounds; i++) {
      ctx.log(`round ${i + 1}/${rounds}: ${CLIENTS} HTTP sessions and ${CLIENTS} WebSocket connections`);
      await round(samples);
    }
    return [
      row({
        id: 'memory.http-session',
        benchmark: 'memory: idle HTTP session',
        measures: `server RSS growth per initialized Streamable HTTP session, ${CLIENTS.toLocaleString('en-US')} sessions, vs the SDK McpServer`,
        unit: 'bytes',
        subject: samples.http,
        baseline: { label: 'SDK McpServer', samples: samples.sdk },
        note: `JS heap + external ${kib(median(samples.httpHeap))} per session`,
      }),
      row({
        id: 'memory.ws-connection',
        benchmark: 'memory: idle WebSocket connection',
        measures: `server RSS growth per initialized WebSocket connection, ${CLIENTS.toLocaleString('en-US')} open, vs a bare ws echo server`,
        unit: 'bytes',
        subject: samples.ws,
        baseline: { label: 'raw ws echo', samples: samples.rawWs },
        note: `JS heap + external ${kib(median(samples.wsHeap))} per connection`,
      }),
    ];
  },
};
