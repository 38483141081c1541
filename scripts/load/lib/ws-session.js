/**
 * A raw WebSocket MCP connection (subprotocol `mcp`), answers matched by id. Every answer is checked;
 * failures (including a closed socket) throw ProtocolError.
 */
const { WebSocket } = require('ws');
const { ProtocolError, resultOf } = require('./json-rpc-answer');
const { INITIALIZED, initializeParams } = require('../../../test/support/mcp-http');

const REQUEST_TIMEOUT_MS = 120_000;

class WsSession {
  /** `auth`: headers of the handshake (an API key). */
  constructor(port, name, auth = {}) {
    this.port = port;
    this.name = name;
    this.auth = auth;
    this.transport = 'ws';
    this.pending = new Map();
    this.nextId = 1;
    this.closing = false;
  }

  async open() {
    this.socket = new WebSocket(`ws://127.0.0.1:${this.port}/mcp`, 'mcp', { headers: this.auth });
    await new Promise((resolve, reject) => {
      this.socket.once('open', resolve);
      this.socket.once('error', (error) => reject(new ProtocolError(`WebSocket: ${error.message}`)));
    });
    this.socket.on('message', (data) => this.receive(data.toString()));
    this.socket.on('close', (code) => this.failAll(new ProtocolError(`WebSocket closed (${code})`)));
    this.socket.on('error', (error) => this.failAll(new ProtocolError(`WebSocket: ${error.message}`)));
    await this.request('initialize', initializeParams(this.name));
    this.socket.send(INITIALIZED);
    return this;
  }

  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.settle(id, undefined, new ProtocolError(`${method}: no answer`)),
        REQUEST_TIMEOUT_MS,
      );
      this.pending.set(id, { resolve, reject, timer });
      this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      this.failAll(new ProtocolError(`unparsable frame ${text.slice(0, 200)}`));
      return;
    }
    // Notifications and server requests carry no id of ours; only answers settle a request.
    if (message.id === undefined || message.method !== undefined) return;
    let result;
    let error;
    try {
      result = resultOf(message, message.id);
    } catch (failure) {
      error = failure;
    }
    if (!this.pending.has(message.id)) this.failAll(new ProtocolError(`answer to unknown id ${message.id}`));
    else this.settle(message.id, result, error);
  }

  settle(id, result, error) {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    if (error) pending.reject(error);
    else pending.resolve(result);
  }

  failAll(error) {
    if (this.closing) error = new ProtocolError('closed by the client');
    for (const id of [...this.pending.keys()]) this.settle(id, undefined, error);
  }

  close() {
    this.closing = true;
    this.socket?.terminate();
  }
}

module.exports = { WsSession };
