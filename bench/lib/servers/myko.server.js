/** The real service (`myko-nest serve`, HTTP + WebSocket) from dist/, configured as the CLI would. */
const { startAppServer } = require('../app-server');
const { load } = require('../dist');

/**
 * @param {{ toolMode?: string, synthetic?: number, plugins?: string[], redisUrl?: string, databasePath?: string,
 *   configPath?: string, dispatch?: { fairness?: object, sandbox?: object, execute?: object } }} options CLI
 *   options (`--tool-mode`, `--synthetic`, `--plugin`, `--redis`, `--db`, `--config`); `dispatch`: module
 *   options merged over what the CLI and the config file set, for settings the config file cannot express
 *   (the `fairness` budgets today)
 */
async function start({ dispatch = {}, ...options } = {}) {
  // The memory benchmark opens 1,000 sessions and 1,000 WebSockets from 127.0.0.1: above the default
  // edge caps, which are not what it measures.
  const unlimited = { maxSessions: 0, maxWsConnections: 0, maxWsConnectionsPerAddress: 0 };
  const overrides = (config) => ({
    ...config,
    gateways: { ...config.gateways, ...unlimited },
    dispatch: mergeSections(config.dispatch, dispatch),
  });
  const { app, port, close } = await startAppServer({ plugins: [], ...options }, { plugins: true, overrides });
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
  return { port, sandbox, roundTrips, close };
}

/** `base` with each section of `extra` merged field by field over its own. */
function mergeSections(base, extra) {
  const merged = { ...base };
  for (const [section, fields] of Object.entries(extra)) merged[section] = { ...base[section], ...fields };
  return merged;
}

module.exports = { start };
