/**
 * The peer: the official TypeScript SDK's `McpServer` over its Streamable HTTP transport on
 * `node:http`, stateful (one server and transport per session, the SDK's documented pattern), JSON
 * responses, serving the same cheap operation as a tool with the same handler and result shape.
 */
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { StreamableHTTPServerTransport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
const { isInitializeRequest } = require('@modelcontextprotocol/sdk/types.js');
const { z } = require('zod');
const { CHEAP_TOOL, cheapOperation } = require('../cheap-operation');

function createServer() {
  const operation = cheapOperation();
  const server = new McpServer({ name: 'sdk-peer', version: '1.0.0' });
  server.registerTool(
    CHEAP_TOOL,
    {
      description: operation.description,
      inputSchema: {
        ids: z.array(z.number().int()),
        includeArchived: z.boolean().optional(),
        fields: z.string().optional(),
      },
    },
    async (args) => {
      const structured = { result: await operation.handler(args) };
      return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
    },
  );
  return server;
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      try {
        resolve(chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

async function start() {
  const transports = new Map();
  const server = http.createServer(async (req, res) => {
    try {
      const body = req.method === 'POST' ? await readJson(req) : undefined;
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? transports.get(id) : undefined;
      if (!transport && req.method === 'POST' && isInitializeRequest(body)) {
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          enableJsonResponse: true,
          onsessioninitialized: (sessionId) => transports.set(sessionId, transport),
        });
        transport.onclose = () => transports.delete(transport.sessionId);
        await createServer().connect(transport);
      }
      if (!transport) {
        res.writeHead(400).end('no session');
        return;
      }
      await transport.handleRequest(req, res, body);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    }
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}

module.exports = { start };
