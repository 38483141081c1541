/**
 * Code Mode under I/O-bound load: N WebSocket clients (100 by default, `MYKO_BENCH_IO_CLIENTS`), closed loop,
 * each calling an operation that awaits 200 ms (a backend's latency; `query_Wait` of the slow-backend plugin,
 * loaded with `--plugin` as a deploying team would), against the real service (`--tool-mode both`, default
 * sandbox: process isolation). Three targets take turns, round by round: the direct `tools/call`, an
 * `execute` awaiting one call, and an `execute` awaiting five parallel calls (`Promise.all`). Reports
 * throughput and latency, and the sandbox's resident/CPU counts at the end.
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { loadRounds, openWsConnection, runLoad, wsTarget } = require('../lib/load');
const { row } = require('../lib/report');
const { startServerProcess } = require('../lib/server-process');
const { summarize } = require('../lib/stats');
const { interleave } = require('../lib/timing');

const CLIENTS = Number(process.env.MYKO_BENCH_IO_CLIENTS) || 100;
const OPERATION_MS = 200;
const PLUGIN = join(__dirname, '../../test/fixtures/plugins/slow-backend.plugin.js');
const WAIT = `myko.query('Wait', { ms: ${OPERATION_MS} })`;
const TARGETS = {
  direct: ['query_Wait', { ms: OPERATION_MS }],
  execute: ['execute', { code: `return await ${WAIT};` }],
  parallel: ['execute', { code: `return (await Promise.all([${Array(5).fill(WAIT).join(', ')}])).length;` }],
};

/**
 * The cost of a trivial `execute` (`return 1 + 1`) on an idle server over one WebSocket, against a `ping`
 * on the same connection, interleaved call by call: what Code Mode adds to a round trip.
 */
async function trivialOverPing(ctx, server) {
  const connection = await openWsConnection(server.port);
  let id = 1;
  const send = (method, params) => connection.request(JSON.stringify({ jsonrpc: '2.0', id: id++, method, params }));
  const execute = { name: 'execute', arguments: { code: 'return 1 + 1' } };
  try {
    return await interleave(
      {
        ping: () => send('ping'),
        execute: async () => {
          const text = await send('tools/call', execute);
          if (!text.includes('"text":"2"')) throw new Error(`unexpected answer ${text.slice(0, 200)}`);
        },
      },
      { iterations: ctx.iterations(400) },
    );
  } finally {
    connection.close();
  }
}

/** CPU time (user + system, µs) of the sandbox processes alive now, read from /proc (Linux; 0 elsewhere). */
function sandboxCpuMicros(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
    } catch {
      // Gone (replaced): its time is lost to the sample, which only undercounts.
    }
  }
  return total;
}

/** One timed run with the CPU the server and its sandbox processes spent per request (ms). */
async function timedRun(server, target, durationMs) {
  const pids = (await server.sandbox()).processes.map((proc) => proc.pid);
  const before = (await server.cpuMicros()) + sandboxCpuMicros(pids);
  const result = await runLoad(target, durationMs);
  const spent = (await server.cpuMicros()) + sandboxCpuMicros(pids) - before;
  return { ...result, cpuMsPerRequest: spent / 1000 / result.latencies.length };
}

async function measure(ctx, server) {
  const names = Object.keys(TARGETS);
  const open = {};
  for (const name of names) open[name] = await wsTarget(server.port, ...TARGETS[name], CLIENTS);
  return loadRounds(ctx, open, {
    rounds: ctx.quick ? 2 : 4,
    durationMs: ctx.quick ? 1_500 : 3_000,
    warmupMs: 600,
    timed: (name, durationMs) => timedRun(server, open[name], durationMs),
  });
}

function trivialRow({ ping, execute }) {
  const added = summarize(execute).median - summarize(ping).median;
  return row({
    id: 'io-bound.trivial-over-ping',
    benchmark: 'execute: trivial over WS vs ping',
    measures: `tools/call execute \`return 1 + 1\` on an idle server (default sandbox), vs a ping on the same WebSocket, interleaved; adds ${(added * 1000).toFixed(0)} µs at the median`,
    subject: execute,
    baseline: { label: 'WebSocket ping', samples: ping },
  });
}

function rowsOf({ rps, latencies, cpu }, status) {
  const direct = { label: `direct tools/call query_Wait (${OPERATION_MS} ms)` };
  const counts =
    `at the end: peak ${status.peakResident} resident, peak ${status.peakExecuting} executing JS ` +
    `(maxResident ${status.maxResident}, maxConcurrent ${status.maxConcurrent}), ${status.processes} sandbox processes ` +
    `(largest ${status.rssMb} MB RSS), ${status.crashes} crashes`;
  const clients = `${CLIENTS} WS clients closed-loop`;
  return [
    row({
      id: 'io-bound.throughput',
      benchmark: `io-bound: execute throughput, ${CLIENTS} clients`,
      measures: `${clients}, execute awaiting one ${OPERATION_MS} ms operation; ${counts}`,
      unit: 'rps',
      subject: rps.execute,
      baseline: { ...direct, samples: rps.direct },
      paired: true,
    }),
    row({
      id: 'io-bound.latency',
      benchmark: `io-bound: execute latency, ${CLIENTS} clients`,
      measures: `per-request round trip of the same load`,
      subject: latencies.execute,
      baseline: { ...direct, samples: latencies.direct },
    }),
    row({
      id: 'io-bound.parallel',
      benchmark: `io-bound: 5 parallel calls in one execute`,
      measures: `${clients}, execute awaiting Promise.all of five ${OPERATION_MS} ms operations`,
      subject: latencies.parallel,
      baseline: { ...direct, samples: latencies.direct },
    }),
    row({
      id: 'io-bound.cpu',
      benchmark: 'io-bound: CPU per request',
      measures:
        'user + system CPU of the server and its sandbox processes per execute of one call, vs per direct tools/call: ' +
        'what the rate costs the machine, whatever else runs on it (a fresh isolate per run is most of it)',
      subject: cpu.execute,
      baseline: { ...direct, samples: cpu.direct },
      paired: true,
    }),
    row({
      id: 'io-bound.parallel-throughput',
      benchmark: `io-bound: 5 parallel calls, throughput`,
      measures: `${clients}, executes of five parallel operations per second`,
      unit: 'rps',
      subject: rps.parallel,
      baseline: { ...direct, samples: rps.direct },
      paired: true,
    }),
  ];
}

module.exports = {
  title: `Code Mode under I/O-bound load (${CLIENTS} WebSocket clients, ${OPERATION_MS} ms operation)`,
  async run(ctx) {
    const server = await startServerProcess('myko', { toolMode: 'both', plugins: [PLUGIN] });
    try {
      const trivial = await trivialOverPing(ctx, server);
      const results = await measure(ctx, server);
      const sandbox = await server.sandbox();
      const status = {
        ...sandbox,
        processes: sandbox.processes.length,
        rssMb: Math.max(0, ...sandbox.processes.map((proc) => proc.rssMb)),
        maxResident: sandbox.maxResident,
        maxConcurrent: sandbox.maxConcurrent,
      };
      return [trivialRow(trivial), ...rowsOf(results, status)];
    } finally {
      await server.close();
    }
  },
};
