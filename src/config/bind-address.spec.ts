import { isLoopbackHost } from './bind-address';

describe('isLoopbackHost', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    '127.0.0.1',
    '127.255.0.9',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
  ])('%s is loopback', (host) => expect(isLoopbackHost(host)).toBe(true));

  it.each([
    '0.0.0.0',
    '::',
    '[::]',
    '10.0.0.1',
    '128.0.0.1',
    '::ffff:10.0.0.1',
    'localhost.example.com',
    'mcp.internal',
  ])('%s is not', (host) => expect(isLoopbackHost(host)).toBe(false));
});
