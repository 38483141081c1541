/** The real service (`myko-nest serve`: HTTP + WebSocket, example plugins) from dist/, on 127.0.0.1 and a free port. */
const { startAppServer: startService } = require('../../test/support/app-server');
const { load } = require('./dist');

/** This build's factories (dist/). */
const SERVICE = {
  createHttpApp: load('src/bootstrap/http-app.factory').createHttpApp,
  createAppConfig: load('src/config/app.config').createAppConfig,
};

/**
 * @param {object} cli command-line options as `createAppConfig` reads them (`toolMode`, `synthetic`…);
 *   the database is `:memory:` and the audit log off unless given; the environment is not read.
 * @param {{ plugins?: boolean, overrides?: (config: object) => object }} [options] `plugins`: load
 *   `cli.plugins` files first (as the launcher does); `overrides`: a function of the config.
 */
function startAppServer(cli = {}, options = {}) {
  const service = options.plugins
    ? { ...SERVICE, loadPlugins: load('src/plugin-loader/plugin.loader').loadPlugins }
    : SERVICE;
  return startService(service, { cli: { auditLog: 'off', ...cli }, env: {}, overrides: options.overrides });
}

module.exports = { startAppServer };
