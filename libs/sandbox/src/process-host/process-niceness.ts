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
