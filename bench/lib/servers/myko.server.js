/** The real service (`myko-nest serve`, HTTP + WebSocket) from dist/, configured as the CLI would. */
const { load } = require('../dist');

const { createHttpApp } = load('src/bootstrap/http-app.factory');
const { createAppConfig } = load('src/config/app.config');
const { loadPlugins } = load('src/plugin-loader/plugin.loader');

/**
 * @param {{ toolMode?: string, synthetic?: number, plugins?: string[], redisUrl?: string, databasePath?: string }}
 *   options CLI options (`--tool-mode`, `--synthetic`, `--plugin`, `--redis`, `--db`)
 */
async function start(options = {}) {
  const config = await loadPlugins(
    createAppConfig(
      'serve',
      { host: '127.0.0.1', port: 0, databasePath: ':memory:', auditLog: 'off', plugins: [], ...options },
      {},
    ),
  );
  // The memory benchmark opens 1,000 sessions and 1,000 WebSockets from 127.0.0.1: above the default
  // edge caps, which are not what it measures.
  const unlimited = { maxSessions: 0, maxWsConnections: 0, maxWsConnectionsPerAddress: 0 };
  const app = await createHttpApp({ ...config, gateways: { ...config.gateways, ...unlimited } }, ['error', 'warn']);
  await app.listen(0, '127.0.0.1');
  const { SandboxService } = load('libs/sandbox/src');
  const sandbox = () => {
    const service = app.get(SandboxService);
    const { maxResident, maxConcurrent } = service.options;
    return { ...service.status(), maxResident, maxConcurrent };
  };
  // The Redis round trips the state stores made (`RedisStateClient.roundTrips`), with `--redis` only.
  const roundTrips = () => {
    const { RedisStateClient } = load('libs/state/src');
    return app.get(RedisStateClient, { strict: false })?.roundTrips ?? 0;
  };
  return { port: app.getHttpServer().address().port, sandbox, roundTrips, close: () => app.close() };
}

module.exports = { start };
