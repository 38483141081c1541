import { getPriority, setPriority } from 'node:os';
import { readThreadCpu } from './thread-cpu.reader';

/**
 * Lowers every thread of this process to `niceness` (never raises one). Linux keeps a niceness per thread
 * and a new thread inherits its creator's, so once the threads that exist at start-up are lowered, the
 * isolates' threads created later are too. Returns the threads lowered (0 where `/proc` is missing).
 */
export function lowerProcessPriority(niceness: number): number {
  const threads = readThreadCpu('self');
  let lowered = 0;
  for (const tid of threads?.keys() ?? []) {
    try {
      if (getPriority(tid) >= niceness) continue;
      setPriority(tid, niceness);
      lowered++;
    } catch {
      // The thread ended between the listing and the call.
    }
  }
  return lowered;
}
