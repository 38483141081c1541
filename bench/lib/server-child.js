/**
 * One benchmark server in its own process, so that a load generator in the parent does not share its
 * event loop. Usage (by server-process.js): node server-child.js <kind> <options JSON>. Reports
 * `{ type: 'listening', port }`; answers `{ type: 'memory' }` with its memory after a full GC,
 * `{ type: 'cpu' }` with the CPU time it has used (user + system, µs), and `{ type: 'sandbox' }` with the
 * sandbox's status (the real service only), `{ type: 'round-trips' }` with its Redis round trips so far
 * (the real service with `redisUrl` only).
 */
const SERVERS = {
  myko: './servers/myko.server',
  embedding: './servers/embedding.server',
  'raw-http': './servers/raw-http.server',
  'raw-ws': './servers/raw-ws.server',
  'sdk-mcp': './servers/sdk-mcp.server',
  'bare-dispatch': './servers/bare-dispatch.server',
};

function memory() {
  for (let i = 0; i < 3; i++) global.gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external, arrayBuffers };
}

async function main() {
  const [kind, optionsJson = '{}'] = process.argv.slice(2);
  const server = await require(SERVERS[kind]).start(JSON.parse(optionsJson));
  process.on('message', async (message) => {
    if (message?.type === 'memory') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      process.send({ type: 'memory', ...memory() });
    } else if (message?.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send({ type: 'cpu', micros: user + system });
    } else if (message?.type === 'round-trips') {
      process.send({ type: 'round-trips', count: server.roundTrips?.() ?? 0 });
    } else if (message?.type === 'sandbox') {
      process.send({ type: 'sandbox', status: server.sandbox?.() });
    } else if (message?.type === 'close') {
      await server.close();
      process.exit(0);
    }
  });
  process.send({ type: 'listening', port: server.port, ...memory() });
}

main().catch((error) => {
  process.send?.({ type: 'error', message: error?.stack ?? String(error) });
  process.exit(1);
});
