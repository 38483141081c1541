import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { LAUNCHER } from '../helpers/mcp-client';
import { startRedisServer } from '../helpers/redis-server';

const run = promisify(execFile);

/** A launch that must fail waits for Redis's refusal after Node and Nest load: over 30 s under a load of 10. */
const LAUNCH_MS = 90_000;
jest.setTimeout(2 * LAUNCH_MS);

/** `bin/myko-nest` as an operator starts it (needs `npm run build`). */
async function launch(args: string[], env: Record<string, string> = {}, mode: 'serve' | 'stdio' = 'serve') {
  const where = mode === 'serve' ? ['serve', '--port', '0'] : ['stdio'];
  const result = await run(LAUNCHER, [...where, '--db', ':memory:', '--audit-log', 'off', ...args], {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
    timeout: LAUNCH_MS,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
    }),
  );
  return result;
}

/** Lines of a stack trace or of Nest's own report of the error (`ERROR [ExceptionHandler] …`). */
const STACK_LINE = /^\s+at\s|\[ExceptionHandler\]|StateConnectionError/m;

describe('myko-nest serve --redis with no Redis there', () => {
  let port: number;

  beforeAll(async () => {
    // A port a Redis just had: nothing listens on it now.
    const redis = await startRedisServer();
    port = redis.port;
    await redis.stop();
  });

  it('refuses to start, naming the URL with its password redacted', async () => {
    const { code, output } = await launch(['--redis', `redis://ops:hunter2@127.0.0.1:${port}`]);
    expect(code).toBe(1);
    expect(output).toContain(
      `myko-nest: failed to start: cannot connect to Redis at redis://ops:***@127.0.0.1:${port}`,
    );
    expect(output).toMatch(/ECONNREFUSED/);
    expect(output).not.toContain('hunter2');
    // Issue 39: the one line only, no Nest stack trace before it.
    expect(output).not.toMatch(STACK_LINE);
    expect(output.match(/cannot connect to Redis/g)).toHaveLength(1);
  });

  it('reads MYKO_REDIS_URL when --redis is not given, and refuses a malformed one before starting', async () => {
    const fromEnv = await launch([], { MYKO_REDIS_URL: `redis://127.0.0.1:${port}` });
    expect(fromEnv.code).toBe(1);
    expect(fromEnv.output).toContain(`cannot connect to Redis at redis://127.0.0.1:${port}`);
    expect(fromEnv.output).not.toMatch(STACK_LINE);
    const malformed = await launch([], { MYKO_REDIS_URL: 'localhost:6379' });
    expect(malformed.code).toBe(2);
    expect(malformed.output).toContain('refusing to start: MYKO_REDIS_URL: expected a redis:// or rediss:// URL');
  });

  it('says the same one line, without a stack, on stdio', async () => {
    const { code, output } = await launch(['--redis', `redis://127.0.0.1:${port}`], {}, 'stdio');
    expect(code).toBe(1);
    expect(output).toContain(`myko-nest: failed to start: cannot connect to Redis at redis://127.0.0.1:${port}`);
    expect(output).not.toMatch(STACK_LINE);
  });
});
