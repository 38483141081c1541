import { oversizedMessageError, topLevelId } from './oversized-message';

describe('topLevelId', () => {
  it('finds the top-level id wherever it is, never a nested one', () => {
    expect(topLevelId('{"jsonrpc":"2.0","id":7,"method":"ping"}')).toBe(7);
    expect(topLevelId('{"method":"x","params":{"id":1,"a":[{"id":2}]},"id":"req-9"}')).toBe('req-9');
    expect(topLevelId('{"params":{"id":1}}')).toBeNull();
  });

  it('reads only ids dispatch accepts: a string or an integer, as dispatch answers it', () => {
    expect(topLevelId('{"jsonrpc":"2.0","id":1.5,"method":"ping"}')).toBeNull();
    expect(topLevelId('{"id":1e3}')).toBe(1000);
  });

  it('reads through strings with quotes, braces and escapes', () => {
    expect(topLevelId('{"params":{"code":"return \\"}\\" + \'{\'"},"id":-3}')).toBe(-3);
    expect(topLevelId('{"params":"\\"id\\":5","id":"a\\"b"}')).toBe('a"b');
  });

  it('answers null for anything that is not an object with an id', () => {
    expect(topLevelId('[{"id":1}]')).toBeNull();
    expect(topLevelId('not json {"id":1}')).toBeNull();
    expect(topLevelId('{"id":')).toBeNull();
    expect(topLevelId('{"id":{"x":1}}')).toBeNull();
    expect(topLevelId('{"unterminated')).toBeNull();
  });
});

describe('oversizedMessageError', () => {
  it('is -32600 with the limit, the size and the id', () => {
    expect(oversizedMessageError('{"id":1}', 2_000_000, 1_048_576)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32600,
        message:
          'Invalid Request: the message is 2000000 bytes; the limit is 1048576. Send less per message (return less from execute, page through lists).',
      },
    });
  });
});
