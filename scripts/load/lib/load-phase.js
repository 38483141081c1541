/**
 * One load phase: `clients` honest clients (half HTTP, half WebSocket) for `durationMs`, optionally with the
 * hostile client alongside, while the server's memory and sandbox are sampled.
 */
const { openHonestClient, runHonestClient } = require('./honest-client');
const { runHostileProcess } = require('./hostile-process');
const { Recorder } = require('./recorder');
const { treeCpu } = require('./process-memory');
const { startMonitor } = require('./server-monitor');

/** Clients connect in batches, so that start-up is not one burst of 200 handshakes. */
const CONNECT_BATCH = 25;
const SAMPLE_EVERY_MS = 1_000;

async function openClients(port, count, phase, keyName) {
  const clients = [];
  for (let i = 0; i < count; i += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - i) }, (_, j) =>
      openHonestClient(port, i + j, phase, keyName),
    );
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

/**
 * @param {{ port: number, pid: number, dir: string }} server
 * @param {{ clients: number, durationMs: number, thinkMs: number, hostile: boolean, edge?: boolean, attacks?: string, sampleEveryMs?: number, phase?: number, sharedKey?: string }} options
 *   `phase`: which phase of the run this is (0, 1, …): each sends its own seeded mix; `sharedKey`: the key
 *   every honest client and the hostile one hold (one tenant), the hostile client then one conversation
 */
async function runPhase(
  server,
  { clients, durationMs, thinkMs, hostile, edge, attacks, sampleEveryMs = SAMPLE_EVERY_MS, phase = 0, sharedKey },
) {
  const honest = await openClients(server.port, clients, phase, sharedKey);
  const recorder = new Recorder();
  const monitor = startMonitor(server, sampleEveryMs);
  const cpuBefore = treeCpu(server.pid);
  recorder.startedAt = Date.now();
  const stopAt = recorder.startedAt + durationMs;
  const target = { port: server.port, dir: server.dir };
  const hostileOptions = { stopAt, edge, attacks, keyName: sharedKey, oneConversation: sharedKey !== undefined };
  const hostileRun = hostile ? runHostileProcess(target, hostileOptions) : Promise.resolve(undefined);
  try {
    await Promise.all(honest.map((client) => runHonestClient(client, recorder, { thinkMs, stopAt })));
    recorder.endedAt = Date.now();
    const tally = await hostileRun;
    const cpuAfter = treeCpu(server.pid);
    // A sandbox process replaced during the phase takes its CPU time with it: a lower bound then.
    const cpu = {
      server: cpuAfter.server - cpuBefore.server,
      sandbox: Math.max(0, cpuAfter.sandbox - cpuBefore.sandbox),
    };
    return { recorder, tally, cpu, samples: await monitor.stop() };
  } finally {
    await monitor.stop();
    for (const client of honest) client.session.close();
  }
}

module.exports = { runPhase };
