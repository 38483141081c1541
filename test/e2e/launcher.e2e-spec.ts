import type { ChildProcess } from 'node:child_process';
import { type Finished, finished, launch, stopLaunched } from '../helpers/launcher-run';
import { useReleases } from '../helpers/releases';

jest.setTimeout(60_000);

/** The serve run's address, once it prints its MCP URL. */
function announcedUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(out);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.once('close', () => reject(new Error(`serve exited early: ${out}`)));
  });
}

describe('bin/myko-nest', () => {
  // A server a failed assertion left running is stopped after the test.
  const opened = useReleases();
  // The two runs that boot the service start with the file, so their boots overlap the quick runs before them;
  // each is waited on (and its output read) in its own test.
  let stdio: { child: ChildProcess; done: Promise<Finished> };
  let serve: { child: ChildProcess; done: Promise<Finished>; url: Promise<string> };
  beforeAll(() => {
    const stdioChild = launch(['stdio', '--db', ':memory:']);
    stdio = { child: stdioChild, done: finished(stdioChild) };
    const serveChild = launch(['serve', '--port', '0', '--db', ':memory:']);
    serve = { child: serveChild, done: finished(serveChild), url: announcedUrl(serveChild) };
    // Not unhandled while the tests before theirs run: each test awaits its own.
    serve.url.catch(() => undefined);
  });
  afterAll(() => Promise.all([stopLaunched(stdio.child), stopLaunched(serve.child)]));

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
    const { child, done } = stdio;
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
    const { child, done } = serve;
    const url = await serve.url;
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    child.kill('SIGTERM');
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\d+ operations: \d+ query, \d+ view, \d+ report, \d+ command/);
  });
});
