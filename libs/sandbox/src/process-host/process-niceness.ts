import { readFileSync } from 'node:fs';

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
