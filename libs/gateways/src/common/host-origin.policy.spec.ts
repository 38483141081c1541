import { resolveGatewaysOptions } from '../gateways.options';
import { HostOriginPolicy } from './host-origin.policy';

describe('HostOriginPolicy', () => {
  const loopback = new HostOriginPolicy(resolveGatewaysOptions());

  it.each(['localhost', 'localhost:5155', '127.0.0.1:1', '[::1]:8080', 'LOCALHOST:3000'])('accepts Host %s', (host) => {
    expect(loopback.refusal(host, undefined)).toBeUndefined();
  });

  it.each(['evil.example.com', 'evil.example.com:5155', '127.0.0.2', 'localhost.evil.com', '', 'a b', 'localhost/x'])(
    'refuses Host %p',
    (host) => {
      expect(loopback.refusal(host, undefined)).toMatch(/^Host .* is not allowed$/);
    },
  );

  it('refuses a missing Host', () => {
    expect(loopback.refusal(undefined, undefined)).toBe('Host "" is not allowed');
  });

  it.each(['http://localhost:5173', 'https://127.0.0.1', 'http://[::1]:3000'])('accepts Origin %s', (origin) => {
    expect(loopback.refusal('localhost', origin)).toBeUndefined();
  });

  it.each(['https://evil.example.com', 'null', 'not a url', 'http://localhost.evil.com'])(
    'refuses Origin %p',
    (origin) => {
      expect(loopback.refusal('localhost', origin)).toBe(`Origin ${JSON.stringify(origin)} is not allowed`);
    },
  );

  it('matches configured names, name:port entries, full origins and *', () => {
    const policy = new HostOriginPolicy({
      allowedHosts: ['api.example.com', 'internal:8443', '::1'],
      allowedOrigins: ['https://app.example.com', '*'],
    });
    expect(policy.refusal('api.example.com:443', undefined)).toBeUndefined();
    expect(policy.refusal('internal:8443', undefined)).toBeUndefined();
    expect(policy.refusal('internal:8444', undefined)).toMatch(/not allowed/);
    expect(policy.refusal('[::1]:9', undefined)).toBeUndefined();
    expect(policy.refusal('localhost', undefined)).toMatch(/not allowed/);
    expect(policy.refusal('api.example.com', 'https://anything.test')).toBeUndefined();

    const strict = new HostOriginPolicy({ allowedHosts: ['*'], allowedOrigins: ['https://app.example.com'] });
    expect(strict.refusal('whatever', 'https://app.example.com')).toBeUndefined();
    expect(strict.refusal('whatever', 'http://app.example.com')).toMatch(/Origin/);
  });
});
