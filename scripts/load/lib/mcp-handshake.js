/** The MCP handshake both raw clients send. */
const PROTOCOL_VERSION = '2025-06-18';

const initializeParams = (name) => ({
  protocolVersion: PROTOCOL_VERSION,
  capabilities: {},
  clientInfo: { name, version: '1.0.0' },
});

const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });

module.exports = { INITIALIZED, PROTOCOL_VERSION, initializeParams };
