import { InvalidParamsError, InvalidRequestError, ParseError } from '../../errors';
import { classifyMessage, parseJsonText } from './json-rpc.codec';

describe('json-rpc codec', () => {
  it('throws ParseError on invalid JSON', () => {
    expect(() => parseJsonText('{"jsonrpc":')).toThrow(ParseError);
  });

  it('classifies requests, notifications and client responses', () => {
    expect(classifyMessage({ jsonrpc: '2.0', id: 'a', method: 'ping' })).toEqual({
      type: 'request',
      id: 'a',
      method: 'ping',
      params: {},
    });
    expect(classifyMessage({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual({
      type: 'notification',
      method: 'notifications/initialized',
      params: {},
    });
    expect(classifyMessage({ jsonrpc: '2.0', id: 3, result: { a: 1 } })).toEqual({
      type: 'response',
      id: 3,
      result: { a: 1 },
    });
    expect(classifyMessage({ jsonrpc: '2.0', id: 's', error: { code: 1, message: 'x', data: 2 } })).toEqual({
      type: 'response',
      id: 's',
      error: { code: 1, message: 'x', data: 2 },
    });
  });

  it('keeps a malformed client response a response, carrying an error and a null id when unreadable', () => {
    expect(classifyMessage({ jsonrpc: '2.0', id: {}, result: 1 })).toEqual({
      type: 'response',
      id: null,
      error: { code: -32600, message: 'result must be an object' },
    });
    expect(classifyMessage({ jsonrpc: '2.0', id: 4, error: 'bad' })).toMatchObject({
      type: 'response',
      id: 4,
      error: { code: -32600 },
    });
  });

  it.each([
    ['a batch', [{ jsonrpc: '2.0', id: 1, method: 'ping' }], null],
    ['an empty batch', [], null],
    ['a number', 42, null],
    ['null', null, null],
    ['a missing jsonrpc', { id: 1, method: 'ping' }, 1],
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 'x', method: 'ping' }, 'x'],
    ['a non-string method', { jsonrpc: '2.0', id: 2, method: 7 }, 2],
    ['a null id', { jsonrpc: '2.0', id: null, method: 'ping' }, null],
    ['an object id', { jsonrpc: '2.0', id: {}, method: 'ping' }, null],
    ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'ping' }, null],
  ])('rejects %s as an invalid request', (_label, message, id) => {
    const result = classifyMessage(message);
    expect(result).toMatchObject({ type: 'invalid', id });
    expect((result as { error: Error }).error).toBeInstanceOf(InvalidRequestError);
  });

  it('rejects non-object params of a request as invalid params, keeping the id', () => {
    const result = classifyMessage({ jsonrpc: '2.0', id: 9, method: 'ping', params: [1] });
    expect(result).toMatchObject({ type: 'invalid', id: 9 });
    expect((result as { error: Error }).error).toBeInstanceOf(InvalidParamsError);
  });
});
