/** The real service (`myko-nest serve`: HTTP + WebSocket, example plugins) on 127.0.0.1 and a free port. */
const { load } = require('./dist');

const { createHttpApp } = load('src/bootstrap/http-app.factory');
const { createAppConfig } = load('src/config/app.config');

/**
 * @param {object} cli command-line options as `createAppConfig` reads them (`toolMode`, `synthetic`…);
 *   the database is `:memory:` and the audit log off unless given.
 */
async function startAppServer(cli = {}) {
  const config = createAppConfig(
    'serve',
    { host: '127.0.0.1', port: 0, databasePath: ':memory:', auditLog: 'off', ...cli },
    {},
  );
  const app = await createHttpApp(config, ['error', 'warn']);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address();
  return {
    app,
    httpUrl: new URL(`http://127.0.0.1:${port}/mcp`),
    wsUrl: new URL(`ws://127.0.0.1:${port}/mcp`),
    close: () => app.close(),
  };
}

module.exports = { startAppServer };
