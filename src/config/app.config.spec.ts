import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { hashApiKey } from '@myko/access';
import { resolveGatewaysOptions } from '@myko/gateways';
import { createAppConfig } from './app.config';
import { ConfigError } from './config.error';

const dir = mkdtempSync(join(tmpdir(), 'myko-config-'));

function configFile(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const PROFILES = {
  profiles: {
    support: { keys: [hashApiKey('support-key')], visibility: { allow: ['query_*'] } },
    ops: { keys: [hashApiKey('ops-key')], visibility: { deny: ['command_Delete*'] } },
  },
};

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

  it('takes trusted proxies from the config file and --trusted-proxy, and refuses what is no address or range', () => {
    const path = configFile('proxies.json', { auth: { required: false }, trustedProxies: ['10.0.0.0/8', 'fd00::/8'] });
    const config = createAppConfig('serve', { configPath: path, trustedProxies: ['127.0.0.1', '10.0.0.0/8'] }, {});
    expect(config.gateways.trustedProxies).toEqual(['10.0.0.0/8', 'fd00::/8', '127.0.0.1']);
    expect(createAppConfig('serve', {}, {}).gateways.trustedProxies).toEqual([]);
    expect(() => createAppConfig('serve', { trustedProxies: ['proxy.internal'] }, {})).toThrow(
      /--trusted-proxy: "proxy.internal" is not an IP address or CIDR range/,
    );
    const bad = configFile('bad-proxies.json', { auth: { required: false }, trustedProxies: ['10.0.0.0/40'] });
    expect(() => createAppConfig('serve', { configPath: bad }, {})).toThrow(/trustedProxies: expected an array of IP/);
  });

  it('does not widen the allow-lists for a wildcard bind address', () => {
    expect(createAppConfig('serve', { host: '0.0.0.0', insecureNoAuth: true }).gateways.allowedHosts).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
    ]);
  });

  it('reads the config file from --config, or from MYKO_CONFIG, and hands the profiles to the gateways', () => {
    const path = configFile('access.json', PROFILES);
    const fromFlag = createAppConfig('serve', { configPath: path }, {});
    expect(fromFlag.configPath).toBe(path);
    expect(fromFlag.access?.list().map((p) => p.name)).toEqual(['support', 'ops']);
    expect(fromFlag.gateways.access).toBe(fromFlag.access);
    const fromEnv = createAppConfig('serve', {}, { MYKO_CONFIG: path });
    expect(fromEnv.access?.authRequired).toBe(true);
    expect(createAppConfig('serve', {}, { MYKO_CONFIG: '' }).access).toBeUndefined();
  });

  it("hands the file's sandbox section to the sandbox and to execute's per-client rules", () => {
    const sandbox = {
      maxConcurrent: 3,
      maxQueue: 64,
      cpuTimeMs: 2_000,
      maxRunsPerSession: 2,
      maxScriptBytes: 65_536,
      abuseBackoff: false,
    };
    const path = configFile('sandbox.json', { auth: { required: false }, sandbox });
    const { dispatch } = createAppConfig('serve', { configPath: path }, {});
    expect(dispatch.sandbox).toEqual({ maxConcurrent: 3, maxQueue: 64, cpuTimeMs: 2_000 });
    expect(dispatch.execute).toEqual({ maxRunsPerSession: 2, maxScriptBytes: 65_536, abuseBackoff: false });
    expect(createAppConfig('serve').dispatch.sandbox).toBeUndefined();
  });

  it("hands the file's fairness section and each profile's quotas to dispatch, and the quotas to the gateways' profiles", () => {
    const quotas = { runsAtOnce: { limit: 2, per: 'conversation' }, requestsPerSecond: 5 };
    const profiles = { ...PROFILES.profiles, ops: { ...PROFILES.profiles.ops, quotas } };
    const path = configFile('quotas.json', { profiles, fairness: { bridgeCallsPerTurn: 8 } });
    const { dispatch, gateways } = createAppConfig('serve', { configPath: path }, {});
    expect(dispatch.fairness).toEqual({ bridgeCallsPerTurn: 8 });
    const resolved = {
      runsAtOnce: { limit: 2, per: 'conversation' },
      requestsPerSecond: { limit: 5, per: 'principal' },
    };
    expect(dispatch.profileQuotas).toEqual({ ops: resolved });
    expect(gateways.access?.byName('ops')?.quotas).toEqual(resolved);
    expect(gateways.access?.byName('support')?.quotas).toBeUndefined();
  });

  it('refuses an unreadable or invalid config file, naming the file and every bad path', () => {
    expect(() => createAppConfig('serve', { configPath: join(dir, 'missing.json') }, {})).toThrow(
      new ConfigError(`cannot read the config file ${join(dir, 'missing.json')} (ENOENT)`),
    );
    const bad = configFile('bad.json', { profiles: { ops: { keys: ['plain-key'] } }, audit: { path: 1 } });
    const error = captured(() => createAppConfig('serve', { configPath: bad }, {}));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain(`Invalid access config ${bad}:`);
    expect(error.message).toContain('profiles.ops.keys[0]: expected "sha256:"');
    expect(error.message).toContain('audit.path: expected "stderr"');
    expect(() => createAppConfig('serve', { configPath: configFile('text.json', '{') }, {})).toThrow(/not valid JSON/);
  });

  describe('stdio profile', () => {
    const path = configFile('stdio.json', PROFILES);

    it('is the one named by --profile-name or MYKO_PROFILE', () => {
      expect(createAppConfig('stdio', { configPath: path, profileName: 'ops' }, {}).profile?.name).toBe('ops');
      expect(createAppConfig('stdio', { configPath: path }, { MYKO_PROFILE: 'support' }).profile?.name).toBe('support');
      expect(createAppConfig('serve', { configPath: path }, { MYKO_PROFILE: 'support' }).profile).toBeUndefined();
    });

    it('refuses an unknown name, a name without config, and no name when auth is required', () => {
      expect(() => createAppConfig('stdio', { configPath: path, profileName: 'admin' }, {})).toThrow(
        /unknown profile "admin".*support, ops/,
      );
      expect(() => createAppConfig('stdio', { profileName: 'ops' }, {})).toThrow(/no config file is given/);
      expect(() => createAppConfig('stdio', { configPath: path }, {})).toThrow(/names no profile for stdio/);
    });

    it('falls back to the default profile, or to none when auth is optional', () => {
      const withDefault = configFile('default.json', { ...PROFILES, defaultProfile: 'support' });
      expect(createAppConfig('stdio', { configPath: withDefault }, {}).profile?.name).toBe('support');
      const optional = configFile('optional.json', { ...PROFILES, auth: { required: false } });
      expect(createAppConfig('stdio', { configPath: optional }, {}).profile).toBeUndefined();
    });
  });

  it('logs the deprecated spellings of the command line as start-up warnings', () => {
    const deprecations = ['--profile is deprecated: it selects the plugin set, use --plugin-set'];
    expect(createAppConfig('serve', { deprecations }, {}).warnings).toEqual(deprecations);
  });

  describe('secure binding', () => {
    it.each(['127.0.0.1', '127.3.2.1', 'localhost', '::1', '[::1]'])('serves loopback %s without auth', (host) => {
      expect(createAppConfig('serve', { host }, {}).warnings).toEqual([]);
    });

    it.each(['0.0.0.0', '::', '10.1.2.3', 'mcp.internal'])('refuses %s without required auth', (host) => {
      expect(() => createAppConfig('serve', { host }, {})).toThrow(
        /is not a loopback address and no API key is required/,
      );
      const optional = configFile('optional-auth.json', { ...PROFILES, auth: { required: false } });
      expect(() => createAppConfig('serve', { host, configPath: optional }, {})).toThrow(ConfigError);
    });

    it('serves a non-loopback address with required auth, or with --insecure-no-auth and a warning', () => {
      const path = configFile('exposed.json', PROFILES);
      expect(createAppConfig('serve', { host: '0.0.0.0', configPath: path }, {}).warnings).toEqual([]);
      const insecure = createAppConfig('serve', { host: '0.0.0.0', insecureNoAuth: true }, {});
      expect(insecure.warnings).toEqual([expect.stringContaining('without authentication')]);
    });
  });

  describe('audit log', () => {
    it('records commands to stderr by default', () => {
      expect(createAppConfig('serve', {}, {}).audit).toEqual({ enabled: true, destination: 'stderr', queries: false });
    });

    it('reads the config file section, with paths relative to the file', () => {
      const path = configFile('audited.json', { ...PROFILES, audit: { path: 'logs/audit.log', queries: true } });
      expect(createAppConfig('serve', { configPath: path }, {}).audit).toEqual({
        enabled: true,
        destination: join(dir, 'logs/audit.log'),
        queries: true,
      });
      const off = configFile('audit-off.json', { ...PROFILES, audit: { enabled: false } });
      expect(createAppConfig('serve', { configPath: off }, {}).audit.enabled).toBe(false);
    });

    it('reads an audit.otlp header from the environment ({ "fromEnv", "scheme"? }, as connectors do)', () => {
      const headers = {
        Authorization: { fromEnv: 'OTLP_TOKEN', scheme: 'Bearer' },
        'X-Tenant': 'shop',
        'X-Key': { fromEnv: 'OTLP_KEY' },
      };
      const path = configFile('otlp-env.json', {
        ...PROFILES,
        audit: { otlp: { endpoint: 'http://c:4318', headers } },
      });
      const env = { OTLP_TOKEN: 'tok-123', OTLP_KEY: 'key-456' };
      expect(createAppConfig('serve', { configPath: path }, env).audit.otlp?.headers).toEqual({
        Authorization: 'Bearer tok-123',
        'X-Tenant': 'shop',
        'X-Key': 'key-456',
      });
      expect(() => createAppConfig('serve', { configPath: path }, { OTLP_TOKEN: 'tok-123' })).toThrow(
        /audit\.otlp\.headers\.X-Key\.fromEnv: the environment variable OTLP_KEY is not set/,
      );
    });

    it('refuses an audit.otlp header that is neither a string nor { "fromEnv" }', () => {
      const headers = { Authorization: { fromEnv: 'not a name' }, 'X-Other': { env: 'X' } };
      const path = configFile('otlp-bad.json', {
        ...PROFILES,
        audit: { otlp: { endpoint: 'http://c:4318', headers } },
      });
      const error = (() => {
        try {
          createAppConfig('serve', { configPath: path }, {});
        } catch (thrown) {
          return thrown as Error;
        }
      })();
      expect(error?.message).toContain(
        'audit.otlp.headers.Authorization.fromEnv: expected an environment variable name',
      );
      expect(error?.message).toContain('audit.otlp.headers.X-Other');
    });

    it('lets --audit-log override the file: a path from the working directory, stderr or off', () => {
      const path = configFile('audited-2.json', { ...PROFILES, audit: { path: 'a.log', queries: true } });
      expect(createAppConfig('serve', { configPath: path, auditLog: 'b.log' }, {}).audit).toEqual({
        enabled: true,
        destination: resolve('b.log'),
        queries: true,
      });
      expect(createAppConfig('serve', { auditLog: 'off' }, {}).audit.enabled).toBe(false);
      expect(createAppConfig('stdio', { auditLog: 'stderr' }, {}).audit.destination).toBe('stderr');
    });

    it('never writes the audit log to stdout', () => {
      expect(() => createAppConfig('serve', { auditLog: 'stdout' }, {})).toThrow(/cannot go to stdout/);
      expect(() => createAppConfig('stdio', { auditLog: '/dev/stdout' }, {})).toThrow(/cannot go to stdout/);
    });
  });

  it('accepts the shipped myko.config.example.json: both README profiles, audit under ./data', () => {
    const example = resolve(__dirname, '../../myko.config.example.json');
    const config = createAppConfig('serve', { configPath: example }, {});
    expect(config.access?.list().map((p) => p.name)).toEqual(['support', 'ops']);
    expect(config.access?.byName('support')?.filters.isVisible('command_CancelOrder')).toBe(false);
    const ops = config.access?.byName('ops')?.filters;
    expect(ops?.isVisible('command_CancelOrder')).toBe(true);
    expect(ops?.isVisible('command_PlaceOrder')).toBe(false);
    expect(ops?.checkCallable('command_CancelOrder', { orderId: 1, warehouseCode: 'AMS' })).toContain('["BER"]');
    expect(config.audit.destination).toBe(resolve(__dirname, '../../data/audit.log'));
  });

  it('serves Code Mode by default; the config file sets the tool mode, --tool-mode overrides it', () => {
    expect(createAppConfig('serve', {}, {}).dispatch).toMatchObject({ toolMode: 'code', profileToolModes: {} });
    const withModes = {
      toolMode: 'direct',
      profiles: { ...PROFILES.profiles, ops: { ...PROFILES.profiles.ops, toolMode: 'both' } },
    };
    const path = configFile('direct.json', withModes);
    const config = createAppConfig('serve', { configPath: path }, {});
    expect(config.dispatch).toMatchObject({ toolMode: 'direct', profileToolModes: { ops: 'both' } });
    expect(config.warnings).toEqual([]);
    const overridden = createAppConfig('serve', { configPath: path, toolMode: 'code' }, {});
    expect(overridden.dispatch).toMatchObject({ toolMode: 'code', profileToolModes: { ops: 'both' } });
  });

  it('passes --synthetic on to the app', () => {
    expect(createAppConfig('serve', { synthetic: 1000 }, {}).synthetic).toBe(1000);
    expect(createAppConfig('serve', {}, {}).synthetic).toBeUndefined();
  });

  it('passes --shutdown-grace-ms on to the gateways, which default to 10 s', () => {
    expect(createAppConfig('serve', { shutdownGraceMs: 1500 }, {}).gateways.shutdownGraceMs).toBe(1500);
    expect(createAppConfig('stdio', {}, {}).gateways.shutdownGraceMs).toBeUndefined();
    expect(resolveGatewaysOptions(createAppConfig('serve', {}, {}).gateways).shutdownGraceMs).toBe(10_000);
  });

  it('resolves --plugin files from the working directory and the file\'s "plugins" from its directory, each once', () => {
    const path = configFile('plugins.json', { auth: { required: false }, plugins: ['./p/a.js', resolve('b.js')] });
    const config = createAppConfig('serve', { configPath: path, plugins: ['b.js', 'c.mjs'] });
    expect(config.plugins).toEqual([resolve('b.js'), resolve('c.mjs'), join(dir, 'p/a.js')]);
    expect(createAppConfig('serve').plugins).toEqual([]);
  });

  it('refuses a "plugins" entry that is not a path', () => {
    const path = configFile('bad-plugins.json', { auth: { required: false }, plugins: ['ok.js', '', 7] });
    const error = captured(() => createAppConfig('serve', { configPath: path }));
    expect(error.message).toContain('plugins[1]');
    expect(error.message).toContain('plugins[2]');
    const notList = configFile('plugins-string.json', { auth: { required: false }, plugins: 'a.js' });
    expect(captured(() => createAppConfig('serve', { configPath: notList })).message).toMatch(
      /plugins.*expected an array/,
    );
  });
});

describe('where the shared state lives', () => {
  const cli = { host: '127.0.0.1', port: 0, databasePath: ':memory:' };

  it('is in memory without --redis, MYKO_REDIS_URL or a redis section', () => {
    expect(createAppConfig('serve', cli, {}).state).toEqual({});
  });

  it("takes --redis over MYKO_REDIS_URL over the config file, with the file's key prefix", () => {
    const dir = mkdtempSync(join(tmpdir(), 'myko-redis-config-'));
    const configPath = join(dir, 'config.json');
    const redis = { url: 'redis://file:6379', keyPrefix: 'file:' };
    writeFileSync(configPath, JSON.stringify({ auth: { required: false }, redis }));
    const env = { MYKO_REDIS_URL: 'redis://env:6379' };
    expect(createAppConfig('serve', { ...cli, configPath }, {}).state).toEqual({ redis });
    expect(createAppConfig('serve', { ...cli, configPath }, env).state).toEqual({
      redis: { url: 'redis://env:6379', keyPrefix: 'file:' },
    });
    expect(createAppConfig('serve', { ...cli, configPath, redisUrl: 'redis://cli:1' }, env).state).toEqual({
      redis: { url: 'redis://cli:1', keyPrefix: 'file:' },
    });
  });

  it('refuses a MYKO_REDIS_URL that names no Redis', () => {
    expect(() => createAppConfig('serve', cli, { MYKO_REDIS_URL: 'localhost:6379' })).toThrow(ConfigError);
  });
});

function captured(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}
