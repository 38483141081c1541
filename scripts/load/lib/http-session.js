/**
 * A raw Streamable HTTP MCP session (node:http, one keep-alive connection, one request at a time): light
 * enough to run hundreds side by side. Every answer is checked; failures throw ProtocolError.
 */
const http = require('node:http');
const { ProtocolError, responseFromBody, resultOf } = require('./json-rpc-answer');
const { INITIALIZED, PROTOCOL_VERSION, initializeParams } = require('./mcp-handshake');

const REQUEST_TIMEOUT_MS = 120_000;

/**
 * One POST to /mcp on `agent`; resolves the status, headers and whole body, rejects on a transport
 * error or when no answer came in `timeoutMs`.
 */
function postMcp({ agent, port, headers = {}, body, timeoutMs = REQUEST_TIMEOUT_MS }) {
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
        res.on('error', (error) => reject(new ProtocolError(`HTTP response: ${error.message}`)));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('no answer in time')));
    req.on('error', reject);
    req.end(body);
  });
}

class HttpSession {
  /** `auth`: headers sent with every request (an API key). */
  constructor(port, name, auth = {}) {
    this.port = port;
    this.name = name;
    this.transport = 'http';
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    this.auth = auth;
    this.headers = {};
    this.nextId = 1;
  }

  /** initialize + notifications/initialized. */
  async open() {
    const initialize = { jsonrpc: '2.0', id: 0, method: 'initialize', params: initializeParams(this.name) };
    const { status, headers, body } = await this.post(JSON.stringify(initialize));
    if (status !== 200) throw new ProtocolError(`initialize: HTTP ${status} ${body.slice(0, 200)}`);
    this.headers = { 'mcp-session-id': headers['mcp-session-id'], 'mcp-protocol-version': PROTOCOL_VERSION };
    const ack = await this.post(INITIALIZED);
    if (ack.status !== 202) throw new ProtocolError(`notifications/initialized: HTTP ${ack.status}`);
    return this;
  }

  /** Sends one request; resolves its `result`. */
  async request(method, params) {
    const id = this.nextId++;
    const { status, headers, body } = await this.post(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    if (status < 200 || status > 299) throw new ProtocolError(`${method}: HTTP ${status} ${body.slice(0, 200)}`);
    let message;
    try {
      message = responseFromBody(headers['content-type'], body, id);
    } catch (error) {
      throw error instanceof ProtocolError
        ? error
        : new ProtocolError(`${method}: unparsable answer ${body.slice(0, 200)}`);
    }
    return resultOf(message, id);
  }

  post(body) {
    return postMcp({ agent: this.agent, port: this.port, headers: { ...this.auth, ...this.headers }, body }).catch(
      (error) => {
        throw error instanceof ProtocolError ? error : new ProtocolError(`HTTP: ${error.message}`);
      },
    );
  }

  close() {
    this.agent.destroy();
  }
}

module.exports = { HttpSession, postMcp };
