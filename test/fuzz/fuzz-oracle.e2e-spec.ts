import { assertPong, assertWellFormed, expectedOutcome } from './fuzz.oracle';

// The fuzzers are only as good as their oracle: it must reject what a broken server would send.
describe('fuzz oracle', () => {
  const ok = { jsonrpc: '2.0', id: 1, result: {} };

  it('accepts a well-formed success and failure', () => {
    expect(() => assertWellFormed(ok, 1)).not.toThrow();
    expect(() =>
      assertWellFormed({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }, null),
    ).not.toThrow();
  });

  it.each([
    ['a wrong id', { ...ok, id: 2 }],
    ['a missing jsonrpc', { id: 1, result: {} }],
    ['both result and error', { ...ok, error: { code: 1, message: 'x' } }],
    ['neither result nor error', { jsonrpc: '2.0', id: 1 }],
    ['a fractional code', { jsonrpc: '2.0', id: 1, error: { code: 1.5, message: 'x' } }],
    ['a non-string message', { jsonrpc: '2.0', id: 1, error: { code: 1, message: 7 } }],
    ['a stack frame', { jsonrpc: '2.0', id: 1, error: { code: 1, message: 'x\n    at f (/app/libs/a.ts:1:2)' } }],
    [
      'a runtime message',
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32603, message: "TypeError: Cannot read properties of undefined (reading 'x')" },
      },
    ],
    [
      'a host path in a tool error',
      { jsonrpc: '2.0', id: 1, result: { isError: true, content: [{ text: '/app/dist/x.js:3' }] } },
    ],
    ['an extra member', { ...ok, stack: 'x' }],
  ])('rejects %s', (_name, response) => {
    expect(() => assertWellFormed(response, 1)).toThrow();
  });

  it('does not blame the server for echoing the input', () => {
    const echo = { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: /app/x' } };
    expect(() => assertWellFormed(echo, 1, '{"method":"/app/x"}')).not.toThrow();
  });

  it('expects silence for notifications and responses, and id null when none can be read', () => {
    expect(expectedOutcome({ jsonrpc: '2.0', method: 'ping' })).toEqual({ kind: 'silent' });
    expect(expectedOutcome({ jsonrpc: '2.0', id: 1, result: {} })).toEqual({ kind: 'silent' });
    expect(expectedOutcome({ jsonrpc: '2.0', id: {}, method: 'ping' })).toEqual({ kind: 'answer', id: null });
    expect(expectedOutcome([])).toEqual({ kind: 'answer', id: null });
    expect(expectedOutcome({ jsonrpc: '1.0', id: 'a', method: 'ping' })).toEqual({ kind: 'answer', id: 'a' });
  });

  it('accepts only an empty result as a pong', () => {
    expect(() => assertPong(ok, 1)).not.toThrow();
    expect(() => assertPong({ ...ok, result: { x: 1 } }, 1)).toThrow();
  });
});
