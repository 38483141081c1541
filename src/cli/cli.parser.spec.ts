import { parseCli } from './cli.parser';
import { CliUsageError } from './cli-usage.error';

describe('parseCli', () => {
  it('defaults to serve with no options', () => {
    expect(parseCli([])).toEqual({ kind: 'run', mode: 'serve', options: { allowedHosts: [], allowedOrigins: [] } });
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
      },
    });
  });

  it('answers help before anything else', () => {
    expect(parseCli(['serve', '--port', '1', '-h'])).toEqual({ kind: 'help' });
    expect(parseCli(['--help', '--bogus'])).toEqual({ kind: 'help' });
  });

  it.each([
    [['--bogus'], /unknown option --bogus/],
    [['serve', 'stdio'], /unexpected argument "stdio"/],
    [['start'], /unexpected argument "start"/],
    [['--port'], /--port needs a value/],
    [['--port', 'http'], /--port must be 0-65535/],
    [['--port', '70000'], /--port must be 0-65535/],
    [['--db='], /--db needs a value/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(CliUsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });
});
