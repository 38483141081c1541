/**
 * The WebSocket floor: a bare `ws` server (subprotocol `mcp`) that parses each text frame as JSON-RPC
 * and answers a `tools/call`-shaped result echoing the arguments: the least a WebSocket JSON-RPC
 * server does, with no framework, session or MCP logic.
 */
const http = require('node:http');
const { WebSocketServer } = require('ws');

async function start() {
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({
    server,
    path: '/mcp',
    handleProtocols: (protocols) => (protocols.has('mcp') ? 'mcp' : false),
  });
  wss.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      let message;
      try {
        message = JSON.parse(data.toString('utf8'));
      } catch {
        return;
      }
      if (message.id === undefined) return;
      const text = JSON.stringify(message.params?.arguments ?? {});
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text }] } }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => server.close(resolve));
      }),
  };
}

module.exports = { start };
