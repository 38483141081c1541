/**
 * The main thread under `execute` scripts that name thousands of operation ids nobody can see (issue 39,
 * finding 2), in one run:
 * - stall: the longest event-loop stall (perf_hooks monitorEventLoopDelay, 1 ms resolution) each such request
 *   causes, body parse included, on an in-process dispatch with the type check `strict` and the abuse backoff off
 *   (every request judged, none turned away by a cooldown): the 575 KiB script of the issue (20,000 ids), a
 *   256 KiB one naming thousands of distinct ids, and a 256 KiB one repeating 40 ids to its end (target ≤ 50 ms);
 * - honest: another client's `execute` (a new one-read script each time: type-checked, run) over WebSocket to the
 *   real service, quiet and then while two connections of a third client loop those scripts (target p99 ≤ 2×):
 *   with the default abuse backoff (the flooder's refusals are strikes), and with it off (every flood request judged).
 * `MYKO_DIST` runs the same against another build (the code before the fix).
 */
const { readFileSync, writeFileSync } = require('node:fs');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { NestFactory } = require('@nestjs/core');
const { authHeaders, writeKeysConfig } = require('../lib/bench-keys');
const { load } = require('../lib/dist');
const { openWsConnection } = require('../lib/load');
const { row } = require('../lib/report');
const { startServerProcess } = require('../lib/server-process');
const { summarize } = require('../lib/stats');
const { unknownIdScript } = require('../../test/support/probe-scripts');

const { RegistryModule } = load('libs/registry/src');
const { DispatchModule, DispatchService } = load('libs/dispatch/src');
const { ClientFilters } = load('libs/filter/src');
const { ExamplePluginsModule } = load('plugins');

const MAX_SCRIPT_BYTES = 256 * 1024;
const FLOODERS = 2;
/**
 * A phase stops after this long even short of its samples: before the fix one request took seconds, and the
 * whole benchmark must end within bench/run.js's 180 s.
 */
const PHASE_LIMIT_MS = 30_000;
const STALL_LIMIT_MS = 15_000;

const FLOOD_SCRIPTS = [
  { name: '575 KiB, 20,000 distinct ids (the issue)', code: unknownIdScript(575 * 1024, 20_000) },
  { name: '256 KiB, thousands of distinct ids', code: unknownIdScript(MAX_SCRIPT_BYTES - 128, 1_000_000) },
  { name: '256 KiB, 40 ids repeated', code: unknownIdScript(MAX_SCRIPT_BYTES - 128, 40) },
];

const message = (id, code) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'execute', arguments: { code } } });
/** Serialized once: the flooding client's own CPU shares the machine's two cores with the server. */
const FLOOD_TEXTS = FLOOD_SCRIPTS.map(({ code }) => message(0, code));

class ScriptScanBenchModule {}

async function dispatchApp() {
  const app = await NestFactory.createApplicationContext(
    {
      module: ScriptScanBenchModule,
      imports: [
        RegistryModule,
        DispatchModule.forRoot({ execute: { typeCheck: 'strict', abuseBackoff: false } }),
        ExamplePluginsModule.forRoot({ databasePath: ':memory:', seed: true }),
      ],
    },
    { logger: ['error'] },
  );
  await app.init();
  return app;
}

/** The longest event-loop stall of each of `count` requests of `code` (ms), the body's parse included. */
async function stallsOf(dispatch, code, count) {
  const client = { transport: 'internal', sessionId: 'flooder', filters: ClientFilters.ALLOW_ALL };
  const text = message(1, code);
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const stalls = [];
  const until = performance.now() + STALL_LIMIT_MS;
  try {
    for (let i = 0; i < count && performance.now() < until; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      histogram.reset();
      const reply = await dispatch.handle(JSON.parse(text), client);
      if (!reply?.result?.isError) throw new Error(`not refused: ${JSON.stringify(reply).slice(0, 200)}`);
      // The stall is recorded when the monitor's next timer fires.
      await new Promise((resolve) => setTimeout(resolve, 5));
      stalls.push(histogram.max / 1e6);
    }
  } finally {
    histogram.disable();
  }
  return stalls;
}

function rpc(connection, method, params) {
  connection.id = (connection.id ?? 0) + 1;
  return connection.request(JSON.stringify({ jsonrpc: '2.0', id: connection.id, method, params }));
}

/** Honest one-read `execute`s one after the other (each a new script), for `count` or the phase limit. */
async function honestExecutes(connection, count, offset) {
  const samples = [];
  const until = performance.now() + PHASE_LIMIT_MS;
  for (let i = 0; i < count && performance.now() < until; i++) {
    const code = `const w = await myko.query('ListWarehouses');\nreturn w.length + ${offset + i} * 0;`;
    const started = performance.now();
    const text = await rpc(connection, 'tools/call', { name: 'execute', arguments: { code } });
    if (!text.includes('"result"') || text.includes('"isError":true'))
      throw new Error(`execute: ${text.slice(0, 300)}`);
    samples.push(performance.now() - started);
  }
  return samples;
}

/** Two connections of the flooder looping the flood scripts in turn; resolves a stop function. */
async function flood(port) {
  const connections = await Promise.all(
    Array.from({ length: FLOODERS }, () => openWsConnection(port, authHeaders('flooder'))),
  );
  let stopped = false;
  connections.forEach(async (connection, n) => {
    for (let i = n; !stopped; i++) await connection.request(FLOOD_TEXTS[i % FLOOD_TEXTS.length]);
  });
  // Not waiting for the requests in flight: before the fix one took many seconds.
  return () => {
    stopped = true;
    for (const connection of connections) connection.close();
  };
}

/** The keys config; `backoff` false: every flood request is judged, none is turned away by a cooldown. */
function floodConfig(backoff) {
  const path = writeKeysConfig(['honest', 'flooder']);
  if (backoff) return path;
  const config = JSON.parse(readFileSync(path, 'utf8'));
  writeFileSync(path, JSON.stringify({ ...config, sandbox: { abuseBackoff: false } }));
  return path;
}

async function honestRow(ctx, backoff) {
  const server = await startServerProcess('myko', { toolMode: 'code', configPath: floodConfig(backoff) });
  try {
    const honest = await openWsConnection(server.port, authHeaders('honest'));
    const count = ctx.iterations(100);
    await honestExecutes(honest, 10, 1_000_000);
    const quiet = await honestExecutes(honest, count, 0);
    const stop = await flood(server.port);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const during = await honestExecutes(honest, count, count).finally(stop);
    honest.close();
    const [q, d] = [summarize(quiet).p99, summarize(during).p99];
    ctx.log(`honest p99 ${d.toFixed(1)} ms during vs ${q.toFixed(1)} ms quiet (${during.length} samples during)`);
    return row({
      id: `script-scan.honest-execute${backoff ? '' : '.no-backoff'}`,
      benchmark: `script scan: honest execute during an unknown-id flood, abuse backoff ${backoff ? 'on' : 'off'}`,
      measures: `p99 ${d.toFixed(1)} ms vs ${q.toFixed(1)} ms quiet (${(d / q).toFixed(2)}×, target ≤ 2×); ${during.length} samples during`,
      subject: during,
      baseline: { label: 'the same execute, quiet', samples: quiet },
    });
  } finally {
    await server.close();
  }
}

module.exports = {
  title: 'execute: main-thread scan of scripts naming thousands of unknown ids',
  async run(ctx) {
    const rows = [];
    const app = await dispatchApp();
    try {
      const dispatch = app.get(DispatchService);
      await stallsOf(dispatch, unknownIdScript(4_096, 40), 3);
      for (const [n, { name, code }] of FLOOD_SCRIPTS.entries()) {
        ctx.log(`stall: ${name}`);
        const stalls = await stallsOf(dispatch, code, ctx.iterations(20));
        ctx.log(`  longest stall ${summarize(stalls).max.toFixed(1)} ms over ${stalls.length} requests`);
        rows.push(
          row({
            id: `script-scan.stall.${n}`,
            benchmark: `script scan: main-thread stall, ${name}`,
            measures: `longest event-loop stall per request, max ${summarize(stalls).max.toFixed(1)} ms (target ≤ 50 ms)`,
            subject: stalls,
          }),
        );
      }
    } finally {
      await app.close();
    }
    for (const backoff of [true, false]) {
      ctx.log(`honest execute, quiet then during the flood, abuse backoff ${backoff ? 'on' : 'off'}`);
      rows.push(await honestRow(ctx, backoff));
    }
    return rows;
  },
};
