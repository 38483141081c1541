/**
 * A ceiling, not a product: the service's own `DispatchService` (same app, same operations, same tool
 * mode) behind a bare `node:http` JSON-RPC endpoint and a bare `ws` server, without the gateways' work
 * (no Host/Origin, protocol-version or session checks, access resolution, edge limits, drain or
 * disconnect tracking). The gap between this and the service is what the transport layer costs.
 */
const http = require('node:http');
const { WebSocketServer } = require('ws');
const { load } = require('../dist');

const { createHttpApp } = load('src/bootstrap/http-app.factory');
const { createAppConfig } = load('src/config/app.config');
const { DispatchService } = load('libs/dispatch/src');
const { ClientFilters } = load('libs/filter/src');

let sessions = 0;
const clientOf = (transport, sessionId) => ({ transport, sessionId, filters: ClientFilters.ALLOW_ALL });

async function start(options = {}) {
  const config = createAppConfig(
    'serve',
    { host: '127.0.0.1', port: 0, databasePath: ':memory:', auditLog: 'off', ...options },
    {},
  );
  const app = await createHttpApp(config, ['error', 'warn']);
  await app.init();
  const dispatch = app.get(DispatchService);
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      const sessionId = req.headers['mcp-session-id'] ?? `bare-${++sessions}`;
      const response = await dispatch.handleText(Buffer.concat(chunks).toString('utf8'), clientOf('http', sessionId));
      if (!response) {
        res.writeHead(202).end();
        return;
      }
      const body = JSON.stringify(response);
      res
        .writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'mcp-session-id': sessionId,
        })
        .end(body);
    });
  });
  const wss = new WebSocketServer({
    server,
    path: '/mcp',
    handleProtocols: (protocols) => (protocols.has('mcp') ? 'mcp' : false),
  });
  wss.on('connection', (socket) => {
    const client = clientOf('ws', `bare-ws-${++sessions}`);
    socket.on('message', async (data) => {
      const response = await dispatch.handleText(data.toString('utf8'), client);
      if (response) socket.send(JSON.stringify(response));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    close: async () => {
      for (const socket of wss.clients) socket.terminate();
      await new Promise((resolve) => wss.close(() => server.close(resolve)));
      await app.close();
    },
  };
}

module.exports = { start };
