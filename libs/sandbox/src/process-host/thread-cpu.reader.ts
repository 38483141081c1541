import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of `/proc/<pid>/stat` times (USER_HZ: 100 on every Linux build that matters). */
const TICKS_PER_SECOND = 100;

/** One thread's CPU use as `/proc` reports it. */
export interface ThreadCpu {
  /** CPU time used so far, in ms. */
  cpuMs: number;
  /** Running or waiting for a core (state `R`), rather than sleeping. */
  runnable: boolean;
  /** The thread's name (`comm`: V8 names its GC helpers `V8Worker`, isolated-vm its isolates' threads `MainThread`). */
  name: string;
  /** The thread's OS niceness (-20 to 19). */
  niceness: number;
}

/**
 * The CPU use of each thread of this process (or of process `pid`), keyed by thread id: Linux
 * `/proc/<pid>/task`. Undefined where there is no such file system (macOS, Windows) or no such process.
 */
export function readThreadCpu(pid: number | 'self' = 'self'): Map<number, ThreadCpu> | undefined {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  const times = new Map<number, ThreadCpu>();
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // The thread name (field 2) may hold spaces and parentheses: the fields after it start past the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]); // state is field 3; utime, stime: 14 and 15
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const cpuMs = (ticks * 1000) / TICKS_PER_SECOND;
      times.set(Number(tid), { cpuMs, runnable: fields[0] === 'R', name, niceness: Number(fields[16]) }); // field 19
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return times;
}
