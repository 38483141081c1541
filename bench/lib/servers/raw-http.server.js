/**
 * The HTTP floor: a bare `node:http` JSON-RPC echo. It reads the body, parses it, and answers a
 * `tools/call`-shaped result (the arguments as JSON text) as `application/json`: what any HTTP
 * JSON-RPC server must do at the least, with no framework, session or MCP logic.
 */
const http = require('node:http');

async function start() {
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      let message;
      try {
        message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400).end();
        return;
      }
      if (message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      const text = JSON.stringify(message.params?.arguments ?? {});
      const body = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text }] } });
      res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'raw' }).end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}

module.exports = { start };
