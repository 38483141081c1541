import { extname, join } from 'node:path';
import { NO_NODE_SNAPSHOT_FLAG } from '../node-flags';

/**
 * Each isolate collects its garbage on its own thread. V8's GC helper threads are shared by every isolate of the
 * process and cannot be told apart: two memory bombs spent 1.4 s of CPU on them at full priority, where the
 * CPU-hog demoter never saw it, beside 1.1 s on their own threads; with this flag, 1.5 s in all, on their own
 * threads, demoted with them. Honest scripts' heaps are small: their collections barely notice.
 */
export const SINGLE_THREADED_GC_FLAG = '--single-threaded-gc';

/** How to start a sandbox process: the entry module and Node's flags for it. */
export interface HostLaunch {
  modulePath: string;
  execArgv: string[];
}

/**
 * The sandbox host entry next to this library, in the form the server itself runs: compiled JavaScript from
 * dist/, or TypeScript sources (jest), which the process then loads through `process-host/ts-register.js`. The
 * server's own flags are not passed on (an `--inspect` port would clash); the process gets exactly these.
 */
export function defaultHostLaunch(heapMb: number): HostLaunch {
  const fromSource = extname(__filename) === '.ts';
  const hostDir = join(__dirname, '..', 'process-host');
  const execArgv = [NO_NODE_SNAPSHOT_FLAG, SINGLE_THREADED_GC_FLAG, `--max-old-space-size=${heapMb}`];
  if (fromSource) execArgv.push('--require', join(hostDir, 'ts-register.js'));
  return { modulePath: join(hostDir, `sandbox-host.main${fromSource ? '.ts' : '.js'}`), execArgv };
}
