import { execFile } from 'node:child_process';
import { join } from 'node:path';

const FIXTURE = join(__dirname, '../../../test/fixtures/sandbox/catastrophe.fixture.js');

/** Runs the fixture in its own Node process; resolves with its stdout and how it ended. */
function runFixture(): Promise<{ stdout: string; code: number | null; signal: string | null }> {
  return new Promise((resolve) => {
    const options = { timeout: 150_000, maxBuffer: 16 * 1024 * 1024 };
    execFile(process.execPath, ['--no-node-snapshot', FIXTURE], options, (error, stdout) => {
      const failure = error as (Error & { code?: number; signal?: string }) | null;
      resolve({ stdout, code: failure?.code ?? 0, signal: failure?.signal ?? null });
    });
  });
}

describe('SandboxService (in-process isolation) when V8 loses an isolate', () => {
  it('ends the run at once as a memory failure, counts it, keeps serving, and can still exit', async () => {
    const { stdout, signal } = await runFixture();
    const line = stdout.split('\n').find((text) => text.startsWith('RESULT '));
    const report = JSON.parse(line?.slice('RESULT '.length) ?? '{}');
    expect(report.bomb).toMatchObject({ ok: false, error: { kind: 'memory', name: 'SandboxMemoryLimitError' } });
    // At once, not at its limits: a wall clock of 15 s failed as a timeout under a load of 20.
    expect(report.bombMs).toBeLessThan(report.wallMs / 2);
    expect(report.after).toMatchObject({ ok: true, resultJson: '1' });
    expect(report.status).toMatchObject({ running: 0, queued: 0, liveIsolates: 0, catastrophicErrors: 1 });
    // process.exit() would hang in isolated-vm's teardown; the service's exit guard ends the process instead.
    expect(signal).toBe('SIGKILL');
  }, 180_000);
});
