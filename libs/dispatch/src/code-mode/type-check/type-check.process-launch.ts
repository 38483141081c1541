import { type ChildProcess, fork } from 'node:child_process';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';

/**
 * Node's on-disk cache of compiled code, for the workers only: each start compiles TypeScript's 9 MB compiler
 * again otherwise, and a worker replaced after a type bomb is a cold start that checks wait for.
 */
const COMPILE_CACHE_DIR = join(tmpdir(), 'myko-type-check-compile-cache');

/**
 * Forks a type-check worker process: its heap bounded by `--max-old-space-size` (out of it, it dies alone),
 * with an IPC channel, no environment but its compile cache (no secrets, and not the server's NODE_OPTIONS) and
 * no terminal. It runs in the form the server runs: compiled JavaScript from dist/, or (under jest) the
 * TypeScript sources through the sandbox's loader. The server's own flags are not passed on (an `--inspect` port would clash). Unref'd:
 * it never keeps the server alive, and it ends when its channel closes (the server exited or died).
 */
export function forkCheckerProcess(maxHeapMb: number): ChildProcess {
  const fromSource = extname(__filename) === '.ts';
  const execArgv = [`--max-old-space-size=${maxHeapMb}`];
  if (fromSource) {
    const loader = join(__dirname, '..', '..', '..', '..', 'sandbox', 'src', 'process-host', 'ts-register.js');
    execArgv.push('--require', loader);
  }
  const child = fork(join(__dirname, `type-check.worker${fromSource ? '.ts' : '.js'}`), [], {
    execArgv,
    env: { NODE_COMPILE_CACHE: COMPILE_CACHE_DIR },
    // Its stderr is V8's out-of-memory report, which says no more than its exit does.
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    serialization: 'json',
  });
  child.unref();
  child.channel?.unref();
  return child;
}
