import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { readThreadCpu } from './thread-cpu.reader';

/**
 * Lowers every thread of this process to `niceness` (never raises one). Linux keeps a niceness per thread
 * and a new thread inherits its creator's, so once the threads that exist at start-up are lowered, the
 * isolates' threads created later are too. Does nothing where `/proc` is missing.
 */
export function lowerProcessPriority(niceness: number): void {
  for (const [tid, thread] of readThreadCpu('self') ?? []) {
    if (thread.niceness >= niceness) continue;
    try {
      setPriority(tid, niceness);
    } catch {
      // The thread ended between the listing and the call.
    }
  }
}

/** CAP_SYS_NICE: raise any thread's priority. */
const CAP_SYS_NICE = 23n;

/**
 * Whether this process may give a thread its priority back once lowered to 19 (`niceness`: where it was):
 * with CAP_SYS_NICE, or an RLIMIT_NICE that allows `niceness` (Linux: a thread may go down to 20 - limit).
 */
export function canRestoreNiceness(niceness = 0): boolean {
  try {
    const capabilities = /^CapEff:\s*([0-9a-f]+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (capabilities && (BigInt(`0x${capabilities}`) >> CAP_SYS_NICE) & 1n) return true;
    const limit = /^Max nice priority\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
    return limit === 'unlimited' || (limit !== undefined && 20 - Number(limit) <= niceness);
  } catch {
    return false;
  }
}
