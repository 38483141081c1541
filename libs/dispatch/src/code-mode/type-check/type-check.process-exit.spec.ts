import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { waitUntilGone } from '../../../../../test/fixtures/sandbox/process-liveness';

const HOST = join(__dirname, '__fixtures__', 'checker-host.fixture.ts');
const LOADER = join(__dirname, '..', '..', '..', '..', 'sandbox', 'src', 'process-host', 'ts-register.js');

/** Runs the fixture server to its SIGKILL; resolves the ids of the worker processes it had. */
function pidsOfKilledServer(): Promise<{ pids: number[]; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const server = execFile(process.execPath, ['--require', LOADER, HOST], { timeout: 90_000 }, (_error, stdout) => {
      const line = stdout.split('\n').find((text) => text.startsWith('PIDS '));
      if (!line) return reject(new Error(`no PIDS line in ${JSON.stringify(stdout)}`));
      resolve({ pids: JSON.parse(line.slice(5)), signal: server.signalCode });
    });
  });
}

describe('type-check worker processes', () => {
  it('end when their server dies without closing them: no orphans', async () => {
    const { pids, signal } = await pidsOfKilledServer();
    expect(signal).toBe('SIGKILL');
    // One worker and the warm spare.
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(await waitUntilGone(pid, 10_000)).toBe(true);
  }, 120_000);
});
