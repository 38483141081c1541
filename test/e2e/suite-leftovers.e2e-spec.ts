import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const JEST = join(ROOT, 'node_modules/jest/bin/jest.js');
/** A loaded 2-core machine: jest's own start, the server's, and its sandbox processes'. */
const EXIT_WITHIN_MS = 90_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The e2e project's settings, run on the one fixture file (its name matches no pattern of the suite). */
function fixtureConfig(): string {
  const { projects } = require(join(ROOT, 'jest.config.js')) as { projects: Array<Record<string, unknown>> };
  const e2e = projects.find((project) => project.displayName === 'e2e');
  return JSON.stringify({
    ...e2e,
    rootDir: ROOT,
    roots: ['<rootDir>/test/fixtures/jest-leftovers'],
    testMatch: ['**/*.fixture.ts'],
  });
}

/** Runs jest on the fixture as `npm test` runs it (no --forceExit); resolves with its exit code, or `'hung'`. */
function runFixture(pidFile: string): Promise<number | 'hung'> {
  const child = spawn(process.execPath, [JEST, '--config', fixtureConfig(), '--ci'], {
    cwd: ROOT,
    env: { ...process.env, LEFTOVER_PIDS: pidFile },
    stdio: 'ignore',
    detached: true,
  });
  return new Promise((done) => {
    const timer = setTimeout(() => {
      process.kill(-(child.pid as number), 'SIGKILL');
      done('hung');
    }, EXIT_WITHIN_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done(code ?? -1);
    });
  });
}

describe('a suite whose beforeAll failed while its server was starting', () => {
  const dir = mkdtempSync(join(tmpdir(), 'myko-leftovers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'fails, exits on its own, and leaves no server or sandbox process running',
    async () => {
      const pidFile = join(dir, 'pids.json');
      const outcome = await runFixture(pidFile);
      const pids = JSON.parse(readFileSync(pidFile, 'utf8')) as number[];
      // Its sandbox processes see the channel close and end themselves; give them a moment to.
      await new Promise((settle) => setTimeout(settle, 2_000));
      const alive = pids.filter(isAlive);
      for (const pid of alive) process.kill(pid, 'SIGKILL');
      expect(outcome).toBe(1);
      expect(pids.length).toBeGreaterThan(1);
      expect(alive).toEqual([]);
    },
    EXIT_WITHIN_MS + 30_000,
  );
});
