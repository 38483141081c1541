/**
 * Scale-out on Redis: throughput and latency of `tools/call` (a cheap direct tool) and of `execute` (a
 * script calling the same query) over Streamable HTTP, 8 (execute: 4) keep-alive connections of one
 * session closed-loop, against three deployments measured round by round in one run — one in-memory instance,
 * one instance on Redis, two instances on one Redis (and one SQLite file) — each behind the suites'
 * round-robin proxy (its own process; one upstream for the single instances, so every deployment pays the
 * same hop). Also the Redis round trips per request: the state stores' counter
 * (`RedisStateClient.roundTrips`) and every command Redis served (INFO commandstats, bus included).
 * On a 2-core machine, two instances, Redis, the proxy and the load share the cores.
 */
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const Redis = require('ioredis');
const { startRedisServer } = require('../../test/helpers/redis-server');
const { forkRoundRobinProxy } = require('../../test/helpers/round-robin.proxy');
const { CHEAP_ARGS, CHEAP_TOOL } = require('../lib/cheap-operation');
const { httpTarget, loadRounds, runLoad } = require('../lib/load');
const { row } = require('../lib/report');
const { startServerProcess } = require('../lib/server-process');

/** Connections of the one session; `execute` is capped at 4 runs per session (sandbox.maxRunsPerSession). */
const CONCURRENCY = { direct: 8, execute: 4 };
const EXECUTE_ARGS = { code: `return await myko.query('GetBillingInvoices', ${JSON.stringify(CHEAP_ARGS)})` };
const CALLS = { direct: [CHEAP_TOOL, CHEAP_ARGS], execute: ['execute', EXECUTE_ARGS] };
const DEPLOYMENTS = ['memory-1', 'redis-1', 'redis-2'];
const LABEL = {
  'memory-1': '1 instance in memory',
  'redis-1': '1 instance on Redis',
  'redis-2': '2 instances on Redis',
};

async function startProxy(ports) {
  const proxy = await forkRoundRobinProxy(ports.map((port) => `http://127.0.0.1:${port}`));
  return { port: Number(new URL(proxy.origin).port), close: proxy.close };
}

/** Every command Redis has served (bus, stores, scripts' inner calls), INFO itself excluded. */
async function commandsServed(client) {
  const info = await client.info('commandstats');
  let total = 0;
  for (const [, name, calls] of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
    if (name !== 'info') total += Number(calls);
  return total;
}

async function startDeployments(dir) {
  const options = { toolMode: 'both', synthetic: 10 };
  const redis = [await startRedisServer(), await startRedisServer()];
  const [memory, one, twoA, twoB] = await Promise.all([
    startServerProcess('myko', options),
    startServerProcess('myko', { ...options, redisUrl: redis[0].url, databasePath: join(dir, 'one.db') }),
    startServerProcess('myko', { ...options, redisUrl: redis[1].url, databasePath: join(dir, 'two.db') }),
    startServerProcess('myko', { ...options, redisUrl: redis[1].url, databasePath: join(dir, 'two.db') }),
  ]);
  const proxies = await Promise.all([[memory], [one], [twoA, twoB]].map((set) => startProxy(set.map((s) => s.port))));
  const clients = redis.map((server) => new Redis(server.url, { lazyConnect: false }));
  return {
    proxies: Object.fromEntries(DEPLOYMENTS.map((name, i) => [name, proxies[i]])),
    instances: { 'memory-1': [memory], 'redis-1': [one], 'redis-2': [twoA, twoB] },
    redisClient: { 'redis-1': clients[0], 'redis-2': clients[1] },
    async close() {
      await Promise.all(proxies.map((proxy) => proxy.close()));
      await Promise.all([memory, one, twoA, twoB].map((server) => server.close()));
      for (const client of clients) client.disconnect();
      await Promise.all(redis.map((server) => server.stop()));
    },
  };
}

/** One timed run, with the Redis round trips and commands it cost per request. */
async function timedRun(deployment, name, target, durationMs) {
  const [deploy] = name.split('.');
  const instances = deployment.instances[deploy];
  const client = deployment.redisClient[deploy];
  const trips = async () => (await Promise.all(instances.map((s) => s.roundTrips()))).reduce((a, b) => a + b, 0);
  const [tripsBefore, commandsBefore] = await Promise.all([trips(), client ? commandsServed(client) : 0]);
  const result = await runLoad(target, durationMs);
  const [tripsAfter, commandsAfter] = await Promise.all([trips(), client ? commandsServed(client) : 0]);
  const n = result.latencies.length;
  return {
    ...result,
    cpuMsPerRequest: 0,
    trips: (tripsAfter - tripsBefore) / n,
    commands: (commandsAfter - commandsBefore) / n,
  };
}

async function measure(ctx, deployment) {
  const open = {};
  for (const deploy of DEPLOYMENTS) {
    for (const [call, [tool, args]] of Object.entries(CALLS)) {
      open[`${deploy}.${call}`] = await httpTarget(deployment.proxies[deploy].port, tool, args, CONCURRENCY[call]);
    }
  }
  const redisCost = {};
  const samples = await loadRounds(ctx, open, {
    rounds: ctx.quick ? 2 : 5,
    durationMs: ctx.quick ? 400 : 700,
    warmupMs: 300,
    step: 2,
    timed: async (name, durationMs) => {
      const result = await timedRun(deployment, name, open[name], durationMs);
      redisCost[name] ??= { trips: [], commands: [] };
      redisCost[name].trips.push(result.trips);
      redisCost[name].commands.push(result.commands);
      return result;
    },
  });
  return { ...samples, redisCost };
}

function rowsOf({ rps, latencies, redisCost }) {
  const rows = [];
  for (const call of Object.keys(CALLS)) {
    const what = call === 'direct' ? `tools/call ${CHEAP_TOOL}` : 'tools/call execute (one query)';
    const pairs = [
      ['redis-1', 'memory-1'],
      ['redis-2', 'memory-1'],
      ['redis-2', 'redis-1'],
    ];
    for (const [subject, baseline] of pairs) {
      const id = `${subject}-vs-${baseline}.${call}`;
      rows.push(
        row({
          id: `scale-out.throughput.${id}`,
          benchmark: `scale-out throughput: ${call}, ${LABEL[subject]}`,
          measures: `${what} over HTTP through the round-robin proxy, one session, ${CONCURRENCY[call]} connections closed-loop, vs ${LABEL[baseline]}`,
          unit: 'rps',
          subject: rps[`${subject}.${call}`],
          baseline: { label: LABEL[baseline], samples: rps[`${baseline}.${call}`] },
          paired: true,
        }),
        row({
          id: `scale-out.latency.${id}`,
          benchmark: `scale-out latency: ${call}, ${LABEL[subject]}`,
          measures: `per-request round trip of the same load, vs ${LABEL[baseline]}`,
          subject: latencies[`${subject}.${call}`],
          baseline: { label: LABEL[baseline], samples: latencies[`${baseline}.${call}`] },
        }),
      );
    }
    for (const deploy of ['redis-1', 'redis-2']) {
      const cost = redisCost[`${deploy}.${call}`];
      rows.push(
        row({
          id: `scale-out.round-trips.${deploy}.${call}`,
          benchmark: `scale-out Redis round trips/request: ${call}, ${LABEL[deploy]}`,
          measures: `the state stores' round trips (RedisStateClient.roundTrips, all instances) per ${what}, vs every command Redis served per request (INFO commandstats: bus and scripts' inner calls included)`,
          unit: 'count',
          subject: cost.trips,
          baseline: { label: 'Redis commands', samples: cost.commands },
          paired: true,
        }),
      );
    }
  }
  return rows;
}

module.exports = {
  title: 'scale-out: 1 and 2 instances on Redis vs 1 in memory, behind the round-robin proxy',
  async run(ctx) {
    ctx.log('starting 2 redis-servers, 4 instances (1 in memory, 1 on Redis, 2 on one Redis) and 3 proxies');
    const dir = mkdtempSync(join(tmpdir(), 'myko-bench-scale-out-'));
    const deployment = await startDeployments(dir);
    try {
      return rowsOf(await measure(ctx, deployment));
    } finally {
      await deployment.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
