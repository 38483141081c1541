/**
 * A raw Streamable HTTP MCP session (node:http, one keep-alive connection, one request at a time): light
 * enough to run hundreds side by side. Every answer is checked; failures throw ProtocolError.
 */
const http = require('node:http');
const { ProtocolError, responseFromBody, resultOf } = require('./json-rpc-answer');
const { openHttpSession, postMcp } = require('../../../test/support/mcp-http');

const REQUEST_TIMEOUT_MS = 120_000;

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
    const { agent, port, name: clientName, auth: headers } = this;
    this.headers = await openHttpSession({ agent, port, clientName, headers, timeoutMs: REQUEST_TIMEOUT_MS }).catch(
      (error) => {
        throw new ProtocolError(error.message);
      },
    );
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
    const headers = { ...this.auth, ...this.headers };
    return postMcp({ agent: this.agent, port: this.port, headers, body, timeoutMs: REQUEST_TIMEOUT_MS }).catch(
      (error) => {
        throw new ProtocolError(`HTTP: ${error.message}`);
      },
    );
  }

  close() {
    this.agent.destroy();
  }
}

module.exports = { HttpSession };
