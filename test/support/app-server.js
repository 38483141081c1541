const { track } = require('./leftovers');

/**
 * The service in this process, as `myko-nest serve` runs it (HTTP + WebSocket, the example plugins), on
 * 127.0.0.1 and a free port with an in-memory database: the one in-process launcher of the e2e tests
 * (test/helpers/test-server.ts, from the TypeScript sources) and the bench (bench/lib, from dist/).
 * `service` holds that build's factories, so both start the app the same way.
 * @param {{ createAppConfig: Function, createHttpApp: Function, loadPlugins?: Function }} service
 * @param {{ cli?: object, env?: object, overrides?: object | ((config: object) => object), logLevels?: string[] }} [options]
 *   `cli`: command-line options as `createAppConfig` reads them; `env`: its environment (default
 *   `process.env`); `overrides`: config fields to replace, or a function of the config; `loadPlugins`:
 *   also load `--plugin` files first.
 */
function startAppServer(service, options = {}) {
  let forget = () => undefined;
  const starting = startApp(service, options, () => forget());
  forget = track(starting, (server) => server.close());
  return starting;
}

async function startApp(service, options, forget) {
  const { cli = {}, env, overrides = {}, logLevels = ['error', 'warn'] } = options;
  let config = service.createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:', ...cli }, env);
  if (service.loadPlugins) config = await service.loadPlugins(config);
  config = typeof overrides === 'function' ? overrides(config) : { ...config, ...overrides };
  const app = await service.createHttpApp(config, logLevels);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address();
  const host = `127.0.0.1:${port}`;
  // Once: a test that stops a server itself may also have registered it for release after a failure.
  let closing;
  return {
    app,
    port,
    host,
    httpUrl: new URL(`http://${host}/mcp`),
    wsUrl: new URL(`ws://${host}/mcp`),
    close: () => {
      forget();
      closing ??= app.close();
      return closing;
    },
  };
}

module.exports = { startAppServer };
