import { resolve } from 'node:path';
import { CliUsageError } from '../cli/cli-usage.error';
import { createAppConfig } from './app.config';

describe('createAppConfig', () => {
  it('applies the defaults', () => {
    const config = createAppConfig('serve');
    expect(config).toMatchObject({
      mode: 'serve',
      host: '127.0.0.1',
      port: 5155,
      databasePath: resolve('data/myko.db'),
    });
    expect(config.gateways.allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(config.dispatch.serverInfo?.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('keeps :memory: and adds a named bind host and extra names to the allow-lists', () => {
    const config = createAppConfig('stdio', {
      databasePath: ':memory:',
      host: 'mcp.internal',
      allowedHosts: ['proxy.test'],
      allowedOrigins: ['https://app.test'],
    });
    expect(config.databasePath).toBe(':memory:');
    expect(config.gateways.allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]', 'mcp.internal', 'proxy.test']);
    expect(config.gateways.allowedOrigins).toContain('https://app.test');
  });

  it('does not widen the allow-lists for a wildcard bind address', () => {
    expect(createAppConfig('serve', { host: '0.0.0.0' }).gateways.allowedHosts).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
    ]);
  });

  it('refuses --config instead of silently ignoring the file', () => {
    expect(() => createAppConfig('serve', { configPath: 'myko.json' })).toThrow(CliUsageError);
  });
});
