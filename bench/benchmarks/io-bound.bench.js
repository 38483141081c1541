/**
 * Code Mode under I/O-bound load: N WebSocket clients (100 by default, `MYKO_BENCH_IO_CLIENTS`), closed loop,
 * each calling an operation that awaits 200 ms (a backend's latency; `query_Wait` of the slow-backend plugin,
 * loaded with `--plugin` as a deploying team would), against the real service (`--tool-mode both`, default
 * sandbox: process isolation). Three targets take turns, round by round, over the same N connections: the
 * direct `tools/call`, an `execute` awaiting one call, and an `execute` awaiting five parallel calls
 * (`Promise.all`). Reports throughput and latency, and the sandbox's resident/CPU counts at the end.
 * Three keyings of the same clients, each on a fresh server (`MYKO_BENCH_IO_KEYING=keyless,one-key,key-each`,
 * default all): all keyless from one address, all under one API key, one key each.
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { authHeaders, writeKeysConfig } = require('../lib/bench-keys');
const { loadRounds, openWsConnection, openWsPool, poolTarget, runLoad } = require('../lib/load');
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
const agentName = (i) => `agent-${i}`;
/**
 * Who the clients are to the server. `idPart` goes into the row ids (the keyless rows keep the ids they had
 * before the keyed variants came); `keys`: the key names of the config file (none: no config, keyless).
 */
const KEYINGS = {
  keyless: { label: 'keyless, one address', idPart: '', keys: [], headersOf: () => ({}) },
  'one-key': { label: 'one API key', idPart: 'one-key.', keys: ['tenant'], headersOf: () => authHeaders('tenant') },
  'key-each': {
    label: 'a key each',
    idPart: 'key-each.',
    keys: Array.from({ length: CLIENTS }, (_, i) => agentName(i)),
    headersOf: (i) => authHeaders(agentName(i)),
  },
};

/** The keyings this run measures: `MYKO_BENCH_IO_KEYING` (comma-separated), else all. */
function chosenKeyings() {
  const wanted = (process.env.MYKO_BENCH_IO_KEYING ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = wanted.filter((name) => !KEYINGS[name]);
  if (unknown.length > 0) {
    throw new Error(`MYKO_BENCH_IO_KEYING: unknown ${unknown.join(', ')}; known: ${Object.keys(KEYINGS).join(', ')}`);
  }
  return wanted.length > 0 ? wanted : Object.keys(KEYINGS);
}

/**
 * The cost of a trivial `execute` (`return 1 + 1`) on an idle server over one WebSocket, against a `ping`
 * on the same connection, interleaved call by call: what Code Mode adds to a round trip.
 */
async function trivialOverPing(ctx, server, keying) {
  const connection = await openWsConnection(server.port, keying.headersOf(0));
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

async function measure(ctx, server, keying, quick) {
  const pool = await openWsPool(server.port, CLIENTS, keying.headersOf);
  const open = {};
  for (const name of Object.keys(TARGETS)) open[name] = poolTarget(pool, ...TARGETS[name], { countRefusals: true });
  try {
    return await loadRounds(ctx, open, {
      rounds: quick ? 2 : 4,
      // Three keyings of four rounds each keep the whole benchmark near 2 min on 2 cores.
      durationMs: quick ? 1_500 : 2_500,
      warmupMs: 600,
      timed: (name, durationMs) => timedRun(server, open[name], durationMs),
    });
  } finally {
    pool.close();
  }
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

function rowsOf({ rps, latencies, cpu, refused }, status, keying) {
  const direct = { label: `direct tools/call query_Wait (${OPERATION_MS} ms)` };
  const counts =
    `at the end: peak ${status.peakResident} resident, peak ${status.peakExecuting} executing JS ` +
    `(maxResident ${status.maxResident}, maxConcurrent ${status.maxConcurrent}), ${status.processes} sandbox processes ` +
    `(largest ${status.rssMb} MB RSS), ${status.crashes} crashes`;
  // A refusal (-32029) is counted, waited out as its hint says (≤ 1 s) and left out of the figures.
  const refusals = Object.entries(refused)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  const clients = `${CLIENTS} WS clients closed-loop, ${keying.label}`;
  const id = (name) => `io-bound.${keying.idPart}${name}`;
  const of = keying.idPart ? ` (${keying.label})` : '';
  return [
    row({
      id: id('throughput'),
      benchmark: `io-bound: execute throughput, ${CLIENTS} clients${of}`,
      measures: `${clients}, execute awaiting one ${OPERATION_MS} ms operation; ${counts}; refused (-32029): ${refusals}`,
      unit: 'rps',
      subject: rps.execute,
      baseline: { ...direct, samples: rps.direct },
      paired: true,
    }),
    row({
      id: id('latency'),
      benchmark: `io-bound: execute latency, ${CLIENTS} clients${of}`,
      measures: `per-request round trip of the same load (${keying.label})`,
      subject: latencies.execute,
      baseline: { ...direct, samples: latencies.direct },
    }),
    row({
      id: id('parallel'),
      benchmark: `io-bound: 5 parallel calls in one execute${of}`,
      measures: `${clients}, execute awaiting Promise.all of five ${OPERATION_MS} ms operations`,
      subject: latencies.parallel,
      baseline: { ...direct, samples: latencies.direct },
    }),
    row({
      id: id('cpu'),
      benchmark: `io-bound: CPU per request${of}`,
      measures:
        'user + system CPU of the server and its sandbox processes per execute of one call, vs per direct tools/call: ' +
        'what the rate costs the machine, whatever else runs on it (a fresh isolate per run is most of it)',
      subject: cpu.execute,
      baseline: { ...direct, samples: cpu.direct },
      paired: true,
    }),
    row({
      id: id('parallel-throughput'),
      benchmark: `io-bound: 5 parallel calls, throughput${of}`,
      measures: `${clients}, executes of five parallel operations per second`,
      unit: 'rps',
      subject: rps.parallel,
      baseline: { ...direct, samples: rps.direct },
      paired: true,
    }),
  ];
}

/** One keying on a fresh server: its rows (and the trivial row, when `trivial`). */
async function runKeying(ctx, keying, { trivial, quick }) {
  const configPath = keying.keys.length > 0 ? writeKeysConfig(keying.keys) : undefined;
  const server = await startServerProcess('myko', { toolMode: 'both', plugins: [PLUGIN], configPath });
  try {
    const trivialRows = trivial ? [trivialRow(await trivialOverPing(ctx, server, keying))] : [];
    ctx.log(`keying: ${keying.label}`);
    const results = await measure(ctx, server, keying, quick);
    const sandbox = await server.sandbox();
    const status = {
      ...sandbox,
      processes: sandbox.processes.length,
      rssMb: Math.max(0, ...sandbox.processes.map((proc) => proc.rssMb)),
      maxResident: sandbox.maxResident,
      maxConcurrent: sandbox.maxConcurrent,
    };
    return [...trivialRows, ...rowsOf(results, status, keying)];
  } finally {
    await server.close();
  }
}

module.exports = {
  title: `Code Mode under I/O-bound load (${CLIENTS} WebSocket clients, ${OPERATION_MS} ms operation, by keying)`,
  /** Three keyings, each on its own server: longer than the suite's default limit. */
  timeoutMs: 330_000,
  async run(ctx) {
    const rows = [];
    for (const [i, name] of chosenKeyings().entries()) {
      rows.push(...(await runKeying(ctx, KEYINGS[name], { trivial: i === 0, quick: ctx.quick })));
    }
    return rows;
  },
};
