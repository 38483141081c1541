/**
 * Samples the server while it runs: RSS of the server process and of its tree (sandbox processes), and
 * `GET /health`'s sandbox figures (live isolates, processes, crashes).
 */
const http = require('node:http');
const { treeRss } = require('./process-memory');

/** `GET /health` (JSON) on a fresh connection. */
function fetchHealth(port) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/health', agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`/health: HTTP ${res.statusCode}`));
        else resolve(JSON.parse(Buffer.concat(chunks).toString()));
      });
    });
    req.setTimeout(10_000, () => req.destroy(new Error('/health timed out')));
    req.on('error', reject);
  });
}

/**
 * One sample now.
 * @returns {Promise<{ at: number, serverRss: number, treeRss: number, processes: number, sandbox: object }>}
 */
async function sample(server) {
  const { sandbox } = await fetchHealth(server.port);
  const rss = treeRss(server.pid);
  return { at: Date.now(), serverRss: rss.server, treeRss: rss.total, processes: rss.processes, sandbox };
}

/** Samples every `intervalMs` until `stop()`, which resolves every sample taken. */
function startMonitor(server, intervalMs) {
  const samples = [];
  let stopped = false;
  let wake;
  const loop = (async () => {
    while (!stopped) {
      try {
        samples.push(await sample(server));
      } catch (error) {
        samples.push({ at: Date.now(), error: error.message });
      }
      await new Promise((resolve) => {
        wake = resolve;
        setTimeout(resolve, intervalMs);
      });
    }
  })();
  return {
    samples,
    stop: async () => {
      stopped = true;
      wake?.();
      await loop;
      return samples;
    },
  };
}

/** Waits until the sandbox is idle (no run running or queued), then samples; gives up after `timeoutMs`. */
async function idleSample(server, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last = await sample(server);
  while ((last.sandbox.running > 0 || last.sandbox.queued > 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = await sample(server);
  }
  return last;
}

module.exports = { fetchHealth, idleSample, sample, startMonitor };
