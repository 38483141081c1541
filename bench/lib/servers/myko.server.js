/** The real service (`myko-nest serve`, HTTP + WebSocket) from dist/, configured as the CLI would. */
const { load } = require('../dist');

const { createHttpApp } = load('src/bootstrap/http-app.factory');
const { createAppConfig } = load('src/config/app.config');

/** @param {{ toolMode?: string, synthetic?: number }} options CLI options (`--tool-mode`, `--synthetic`) */
async function start(options = {}) {
  const config = createAppConfig(
    'serve',
    { host: '127.0.0.1', port: 0, databasePath: ':memory:', auditLog: 'off', ...options },
    {},
  );
  const app = await createHttpApp(config, ['error', 'warn']);
  await app.listen(0, '127.0.0.1');
  return { port: app.getHttpServer().address().port, close: () => app.close() };
}

module.exports = { start };
