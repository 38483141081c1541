import { finished, launch, stopLaunched } from '../helpers/launcher-run';
import { useReleases } from '../helpers/releases';

jest.setTimeout(60_000);

describe('bin/myko-nest', () => {
  // A server a failed assertion left running is stopped after the test.
  const opened = useReleases();

  it('--help prints the usage and exits 0', async () => {
    const result = await finished(launch(['--help']));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: myko-nest [serve|stdio]');
  });

  it('an unknown option exits 2 with the reason on stderr', async () => {
    const result = await finished(opened(launch(['serve', '--bogus']), stopLaunched));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown option --bogus');
    expect(result.stdout).toBe('');
  });

  it.each([
    [['serve', '--prot', '3000'], 'unknown option --prot; did you mean --port?'],
    [['server'], 'unknown command "server"; did you mean serve?'],
  ])(
    'a misspelt option or command (%j) gets a did-you-mean and a pointer to --help, not the usage; exit 2',
    async (args, reason) => {
      const result = await finished(opened(launch(args), stopLaunched));
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`myko-nest: ${reason}\nRun \`myko-nest --help\` for the commands and options.\n`);
      expect(result.stdout).toBe('');
    },
  );

  it('stdio refuses to start on malformed filter variables (non-zero exit, message on stderr)', async () => {
    const child = launch(['stdio', '--db', ':memory:'], { MYKO_MCP_TOOL_CALLABLE_ALLOW: '{not json' });
    const result = await finished(child);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('MYKO_MCP_TOOL_CALLABLE_ALLOW');
    expect(result.stdout).toBe('');
  });

  it('stdio: protocol only on stdout, blank lines skipped, exits 0 at stdin EOF after answering', async () => {
    const child = launch(['stdio', '--db', ':memory:']);
    const done = finished(child);
    const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'pipe', version: '0' } };
    child.stdin?.end(
      [
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: init }),
        '',
        '   ',
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
        '{oops',
      ].join('\n'),
    );
    const result = await done;
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n').filter(Boolean);
    const messages = lines.map((line) => JSON.parse(line));
    expect(messages).toHaveLength(3);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 1, result: expect.objectContaining({ protocolVersion: '2025-11-25' }) }),
        { jsonrpc: '2.0', id: 2, result: {} },
        expect.objectContaining({ id: null, error: expect.objectContaining({ code: -32700 }) }),
      ]),
    );
    expect(result.stderr).toMatch(/operations: \d+ query, \d+ view, \d+ report, \d+ command/);
  });

  it('serve listens on the given port, answers /health, and shuts down cleanly on SIGTERM', async () => {
    const child = opened(launch(['serve', '--port', '0', '--db', ':memory:']), stopLaunched);
    const done = finished(child);
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(out);
        if (match) resolve(`http://127.0.0.1:${match[1]}`);
      });
      child.once('close', () => reject(new Error(`serve exited early: ${out}`)));
    });
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    child.kill('SIGTERM');
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\d+ operations: \d+ query, \d+ view, \d+ report, \d+ command/);
  });
});
