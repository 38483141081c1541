import { readFileSync } from 'node:fs';
import { delay } from './in-memory.bridge';

/**
 * Whether a process with this id is still running. A dead child that nobody reaped (a zombie, e.g. under a
 * container init that does not reap orphans) counts as gone: it holds no memory, thread or file any more.
 */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX]/s.test(stat);
  } catch {
    return false;
  }
}

/** Polls until the process is gone; resolves whether it went within `timeoutMs`. */
export async function waitUntilGone(pid: number, timeoutMs = 5_000): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await delay(20)) {
    if (!isAlive(pid)) return true;
  }
  return !isAlive(pid);
}
