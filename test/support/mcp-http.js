/**
 * The raw Streamable HTTP MCP client of the bench and the load scripts (plain Node, no SDK): one POST
 * to /mcp on a keep-alive agent, and the 2025-era handshake. Light enough to run hundreds of sessions
 * side by side, and the same client code for every server a benchmark compares.
 */
const http = require('node:http');

/** The protocol revision raw clients initialize with. */
const PROTOCOL_VERSION = '2025-06-18';

/** `initialize` params of a raw client called `name`. */
const initializeParams = (name) => ({
  protocolVersion: PROTOCOL_VERSION,
  capabilities: {},
  clientInfo: { name, version: '1.0.0' },
});

/** The `notifications/initialized` body. */
const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });

/**
 * One POST to 127.0.0.1:`port`/mcp on `agent`; resolves `{ status, headers, body }` (the whole body),
 * rejects on a transport error, or when no answer came within `timeoutMs` (0: no timeout).
 */
function postMcp({ agent, port, headers = {}, body, timeoutMs = 0 }) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    if (timeoutMs > 0) req.setTimeout(timeoutMs, () => req.destroy(new Error('no answer in time')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `initialize` + `notifications/initialized` over `agent`; resolves the headers every later request of
 * the session carries (`mcp-session-id`, `mcp-protocol-version`). `headers` go with both requests (an
 * API key); a refusal throws an Error naming the step and the status.
 */
async function openHttpSession({ agent, port, clientName, headers = {}, timeoutMs = 0 }) {
  const initialize = { jsonrpc: '2.0', id: 0, method: 'initialize', params: initializeParams(clientName) };
  const init = await postMcp({ agent, port, headers, body: JSON.stringify(initialize), timeoutMs });
  if (init.status !== 200) throw new Error(`initialize: HTTP ${init.status} ${init.body.slice(0, 200)}`);
  const session = { 'mcp-session-id': init.headers['mcp-session-id'], 'mcp-protocol-version': PROTOCOL_VERSION };
  const ack = await postMcp({ agent, port, headers: { ...headers, ...session }, body: INITIALIZED, timeoutMs });
  if (ack.status !== 202) throw new Error(`notifications/initialized: HTTP ${ack.status}`);
  return session;
}

module.exports = { INITIALIZED, PROTOCOL_VERSION, initializeParams, openHttpSession, postMcp };
