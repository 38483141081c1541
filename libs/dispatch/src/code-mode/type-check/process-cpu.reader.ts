import { readFileSync } from 'node:fs';

/** Clock ticks per second of `/proc/<pid>/stat` times (USER_HZ: 100 on every Linux build that matters). */
const TICKS_PER_SECOND = 100;

// The sandbox's thread reader parses the same fields; this one stays here because the type-check client also runs
// under a plain `ts-register` loader (the process-exit spec's fixture server), where `@myko/sandbox` does not resolve.

/**
 * The CPU time process `pid` has used so far (user and system, all threads), in ms: Linux `/proc/<pid>/stat`.
 * Undefined where there is no such file system (macOS, Windows) or no such process.
 */
export function readProcessCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name (field 2) may hold spaces and parentheses: the fields after it start past the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND; // utime, stime: 14 and 15
  } catch {
    return undefined;
  }
}
