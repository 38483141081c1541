import { jsonRpcMessageKind, jsonRpcMethod } from './json-rpc-message.kind';

describe('jsonRpcMessageKind', () => {
  it.each([
    [{ jsonrpc: '2.0', id: 1, method: 'ping' }, 'request'],
    [{ jsonrpc: '2.0', id: 'a', method: 'ping' }, 'request'],
    [{ jsonrpc: '2.0', method: 'notifications/initialized' }, 'notification'],
    [{ jsonrpc: '2.0', id: 3, result: {} }, 'response'],
    [{ jsonrpc: '2.0', id: 3, error: { code: 1, message: 'x' } }, 'response'],
    [{ jsonrpc: '2.0', id: null, method: 'ping' }, 'invalid'],
    [{ jsonrpc: '2.0', id: 3 }, 'invalid'],
    [[{ jsonrpc: '2.0', id: 1, method: 'ping' }], 'invalid'],
    ['ping', 'invalid'],
    [null, 'invalid'],
  ])('%j is %s', (message, kind) => {
    expect(jsonRpcMessageKind(message)).toBe(kind);
  });

  it('reads the method', () => {
    expect(jsonRpcMethod({ method: 'initialize' })).toBe('initialize');
    expect(jsonRpcMethod({ method: 1 })).toBeUndefined();
    expect(jsonRpcMethod(null)).toBeUndefined();
  });
});
