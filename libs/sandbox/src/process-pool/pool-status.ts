import type { RunnerStatus } from '../interfaces/sandbox-runner.interface';
import type { SandboxProcess } from './sandbox-process';

/** What the pool's processes last reported, summed; `peakExecuting` never goes down. */
export function processPoolStatus(
  all: readonly SandboxProcess[],
  crashes: number,
  catastrophicErrors: number,
  peakSoFar: number,
): RunnerStatus {
  const processes = all.map((proc) => ({
    pid: proc.pid,
    running: proc.running,
    rssMb: proc.report.rssMb,
    retiring: proc.retiring,
    ...(proc.hasLowPriorityRuns ? { lowPriority: true } : {}),
  }));
  const liveIsolates = all.reduce((sum, proc) => sum + proc.report.liveIsolates, 0);
  const executing = all.reduce((sum, proc) => sum + (proc.running > 0 ? proc.report.executing : 0), 0);
  const peakExecuting = Math.max(
    peakSoFar,
    all.reduce((sum, proc) => sum + proc.report.peakExecuting, 0),
  );
  return { liveIsolates, catastrophicErrors, processes, crashes, executing, peakExecuting };
}

let reservations = 0;

/**
 * The least loaded process, reserved for one run (which must then go to its `execute()`). Among equals,
 * `preferred` (where the run's conversation ran last, which may keep its isolate), else the one picked
 * longest ago: a process that just ended a run is still disposing its isolate and creating the next warm
 * one, while the other has its warm isolate ready.
 */
export function reserveLeastBusy(processes: SandboxProcess[], preferred?: SandboxProcess): SandboxProcess {
  const least = processes.reduce((best, proc) =>
    proc.load < best.load || (proc.load === best.load && proc.reservedAt < best.reservedAt) ? proc : best,
  );
  const chosen = preferred && processes.includes(preferred) && preferred.load === least.load ? preferred : least;
  chosen.reserve(++reservations);
  return chosen;
}
