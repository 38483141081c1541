import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { waitUntilGone } from '../../../../../test/fixtures/sandbox/process-liveness';

const HOST = join(__dirname, '__fixtures__', 'checker-host.fixture.ts');
const LOADER = join(__dirname, '..', '..', '..', '..', 'sandbox', 'src', 'process-host', 'ts-register.js');

interface Ending {
  readonly pids: number[];
  readonly lines: string[];
  readonly signal: NodeJS.Signals | null;
}

/** Runs the fixture server to its end (`kill` or `close`): its worker processes' ids and what it printed. */
function runServer(ending: 'kill' | 'close'): Promise<Ending> {
  return new Promise((resolve, reject) => {
    const args = ['--require', LOADER, HOST, ending];
    const server = execFile(process.execPath, args, { timeout: 90_000 }, (_error, stdout) => {
      const lines = stdout.split('\n');
      const pidsLine = lines.find((text) => text.startsWith('PIDS '));
      if (!pidsLine) return reject(new Error(`no PIDS line in ${JSON.stringify(stdout)}`));
      resolve({ pids: JSON.parse(pidsLine.slice(5)), lines, signal: server.signalCode });
    });
  });
}

describe('type-check worker processes', () => {
  it('end when their server dies without closing them: no orphans', async () => {
    const { pids, signal } = await runServer('kill');
    expect(signal).toBe('SIGKILL');
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(await waitUntilGone(pid, 10_000)).toBe(true);
  }, 120_000);

  it('settle their termination even when nothing else keeps the server running (its shutdown completes)', async () => {
    const { pids, lines, signal } = await runServer('close');
    expect(signal).toBeNull();
    expect(lines).toContain('CLOSED');
    for (const pid of pids) expect(await waitUntilGone(pid, 10_000)).toBe(true);
  }, 120_000);
});
