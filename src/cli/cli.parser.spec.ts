import { parseCli } from './cli.parser';
import { CliUsageError } from './cli-usage.error';

describe('parseCli', () => {
  it('defaults to serve with no options', () => {
    expect(parseCli([])).toEqual({
      kind: 'run',
      mode: 'serve',
      options: { allowedHosts: [], allowedOrigins: [], plugins: [], trustedProxies: [] },
    });
  });

  it('reads the subcommand and every flag, in both --flag value and --flag=value forms', () => {
    expect(
      parseCli([
        'stdio',
        '--db',
        ':memory:',
        '--host=0.0.0.0',
        '--port',
        '0',
        '--allow-host',
        'a.test, b.test',
        '--allow-origin=https://app.test',
        '--trusted-proxy',
        '10.0.0.0/8, ::1',
        '--trusted-proxy=192.0.2.1',
      ]),
    ).toEqual({
      kind: 'run',
      mode: 'stdio',
      options: {
        databasePath: ':memory:',
        host: '0.0.0.0',
        port: 0,
        allowedHosts: ['a.test', 'b.test'],
        allowedOrigins: ['https://app.test'],
        plugins: [],
        trustedProxies: ['10.0.0.0/8', '::1', '192.0.2.1'],
      },
    });
  });

  it('reads the access flags', () => {
    expect(parseCli(['stdio', '--config', 'myko.config.json', '--profile-name=support', '--audit-log', 'off'])).toEqual(
      {
        kind: 'run',
        mode: 'stdio',
        options: {
          configPath: 'myko.config.json',
          profileName: 'support',
          auditLog: 'off',
          allowedHosts: [],
          allowedOrigins: [],
          plugins: [],
          trustedProxies: [],
        },
      },
    );
    expect(parseCli(['serve', '--host', '0.0.0.0', '--insecure-no-auth'])).toMatchObject({
      options: { host: '0.0.0.0', insecureNoAuth: true },
    });
  });

  it('reads the plugin set from --plugin-set, and from the deprecated --profile with a warning', () => {
    const current = parseCli(['serve', '--plugin-set', 'conformance']);
    expect(current).toMatchObject({ options: { serverProfile: 'conformance' } });
    expect(current).not.toHaveProperty('options.deprecations');
    expect(parseCli(['serve', '--profile=conformance'])).toMatchObject({
      options: { serverProfile: 'conformance', deprecations: [expect.stringMatching(/^--profile is deprecated/)] },
    });
    expect(() => parseCli(['serve', '--plugin-set', 'support'])).toThrow(
      /--plugin-set must be one of default, conformance/,
    );
  });

  it('reads the tool mode and the number of synthetic operations', () => {
    expect(parseCli(['serve', '--tool-mode', 'direct', '--synthetic=10000'])).toMatchObject({
      options: { toolMode: 'direct', synthetic: 10_000 },
    });
    expect(parseCli(['stdio', '--tool-mode=both'])).toMatchObject({ mode: 'stdio', options: { toolMode: 'both' } });
  });

  it('reads the shutdown grace period in milliseconds', () => {
    expect(parseCli(['serve', '--shutdown-grace-ms', '2500'])).toMatchObject({ options: { shutdownGraceMs: 2500 } });
    expect(parseCli(['stdio', '--shutdown-grace-ms=0'])).toMatchObject({ options: { shutdownGraceMs: 0 } });
  });

  it('reads the key commands, which take no options', () => {
    expect(parseCli(['keygen'])).toEqual({ kind: 'key', command: 'keygen' });
    expect(parseCli(['hash-key'])).toEqual({ kind: 'key', command: 'hash-key' });
    expect(() => parseCli(['keygen', '--port', '1'])).toThrow(/keygen takes no options/);
    expect(() => parseCli(['serve', 'keygen'])).toThrow(/unexpected argument "keygen"/);
  });

  it('answers help before anything else', () => {
    expect(parseCli(['serve', '--port', '1', '-h'])).toEqual({ kind: 'help' });
    expect(parseCli(['--help', '--bogus'])).toEqual({ kind: 'help' });
  });

  it.each([
    [['--bogus'], /unknown option --bogus/],
    [['serve', 'stdio'], /unexpected argument "stdio"/],
    [['start'], /unknown command "start"/],
    [['--port'], /--port needs a value/],
    [['--port', 'http'], /--port must be 0-65535/],
    [['--port', '70000'], /--port must be 0-65535/],
    [['--db='], /--db needs a value/],
    [['--insecure-no-auth=yes'], /--insecure-no-auth takes no value/],
    [['serve', '--profile-name', 'ops'], /--profile-name is for stdio/],
    [['stdio', '--insecure-no-auth'], /--insecure-no-auth is for serve/],
    [['--tool-mode', 'fast'], /--tool-mode must be one of code, direct, both/],
    [['--synthetic', '-5'], /--synthetic must be a number/],
    [['--synthetic', '1e3'], /--synthetic must be a number/],
    [['--synthetic', '1000000'], /--synthetic must be a number of operations from 0 to 100000/],
    [['--shutdown-grace-ms', '1.5'], /--shutdown-grace-ms must be 0-600000 milliseconds/],
    [['--shutdown-grace-ms', '600001'], /--shutdown-grace-ms must be 0-600000 milliseconds/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(CliUsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });

  it('collects --plugin files in order, repeatable, each value kept whole (a path may hold commas)', () => {
    const command = parseCli(['--plugin', 'a.js', '--plugin=./lib/b,c.mjs']);
    expect(command).toMatchObject({ kind: 'run', options: { plugins: ['a.js', './lib/b,c.mjs'] } });
    expect(() => parseCli(['--plugin'])).toThrow('--plugin needs a value');
    expect(() => parseCli(['--plugin='])).toThrow('--plugin needs a value');
  });

  it('reads --redis, refusing a URL that names no Redis without echoing it', () => {
    expect(parseCli(['serve', '--redis', 'redis://127.0.0.1:6379'])).toMatchObject({
      options: { redisUrl: 'redis://127.0.0.1:6379' },
    });
    expect(parseCli(['stdio', '--redis=rediss://:pw@cache/1'])).toMatchObject({
      options: { redisUrl: 'rediss://:pw@cache/1' },
    });
    expect(() => parseCli(['--redis', 'http://user:secret@host'])).toThrow(
      '--redis: expected a redis:// or rediss:// URL',
    );
    expect(() => parseCli(['--redis', 'http://user:secret@host'])).not.toThrow(/secret/);
  });
});
