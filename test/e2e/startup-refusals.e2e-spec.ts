import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished, launch, stopLaunched } from '../helpers/launcher-run';
import { useReleases } from '../helpers/releases';

jest.setTimeout(60_000);

/** A real listener on 127.0.0.1, holding its port for the test. */
function occupyPort(): Promise<Server> {
  const server = createServer();
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: Server) => (server.address() as { port: number }).port;

/** `serve` as an operator starts it, to be refused: in-memory database, no audit log. */
const serve = (args: string[]) => launch(['serve', '--db', ':memory:', '--audit-log', 'off', ...args]);

describe('a start refused by what the machine or the files say, in the operator’s words', () => {
  const opened = useReleases();
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'myko-refusals-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a port already in use: one line naming the port and --port, exit 1, no Nest ERROR or stack', async () => {
    const taken = opened(await occupyPort(), (server) => new Promise((done) => server.close(done)));
    const port = portOf(taken);
    const result = await finished(opened(serve(['--port', String(port)]), stopLaunched));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `myko-nest: failed to start: port ${port} on 127.0.0.1 is already in use (another myko-nest or another service); choose another with --port <n>, or --port 0 for any free one\n`,
    );
    expect(result.stdout).not.toMatch(/ERROR|EADDRINUSE|\n\s+at /);
  });

  it('a config file with a trailing comma: the file, line and column, the line and a caret; exit 2', async () => {
    const path = join(dir, 'myko.config.json');
    writeFileSync(path, '{\n  "auth": { "required": false },\n  "toolMode": "code",\n}\n');
    const result = await finished(opened(serve(['--config', path]), stopLaunched));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      [
        `myko-nest: refusing to start: Invalid access config ${path}:`,
        '  - line 4, column 1: not valid JSON: Expected double-quoted property name (JSON allows no trailing comma)',
        '    4 | }',
        '      | ^',
        '',
      ].join('\n'),
    );
  });
});
