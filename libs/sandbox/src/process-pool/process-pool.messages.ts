import { SandboxUnavailableError } from '../errors/sandbox-unavailable.error';
import type { ProcessExit } from './process-exit.mapper';
import type { SandboxProcess } from './sandbox-process';

// What the process pool tells the operator (log lines) and the runs it refuses (errors), worded in one place.

/** A process that died unplanned: how, whether it was killed for an overdue run, what follows, its last output. */
export function processDeathLine(proc: SandboxProcess, exit: ProcessExit, shared: boolean): string {
  const how = exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
  const reason = proc.killedFor === 'overdue' ? ', killed: a run overran its wall clock' : '';
  const next = shared ? 'starting a fresh one' : "it ran one client's runs apart after a crash";
  return (
    `Sandbox process ${proc.pid} died (${how}${reason}); ${next}.` +
    (proc.lastOutput ? ` Its last output:\n${proc.lastOutput}` : '')
  );
}

/** A process grown past `processMaxRssMb` after a run: it is retired. */
export function oversizedProcessLine(proc: SandboxProcess, limitMb: number): string {
  return `Sandbox process ${proc.pid} uses ${proc.report.rssMb} MB (limit ${limitMb} MB); replacing it.`;
}

/** The restart budget is spent and no process is left: runs fail until the next restart. */
export function restartsPausedLine(restartsPerMinute: number, waitMs: number): string {
  return (
    `Sandbox processes were restarted ${restartsPerMinute} times within a minute; ` +
    `the next restart is in ${Math.ceil(waitMs / 1000)} s and runs fail until then.`
  );
}

/** What a run gets while the restart budget is spent. */
export function restartsPausedError(restartsPerMinute: number, waitMs: number): SandboxUnavailableError {
  return new SandboxUnavailableError(
    `its process crashed ${restartsPerMinute} times within a minute, so it is paused for ` +
      `${Math.ceil(waitMs / 1000)} s to protect the server`,
  );
}
