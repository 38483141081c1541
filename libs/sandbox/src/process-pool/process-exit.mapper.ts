import type { SandboxError } from '../errors/sandbox.error';
import { SandboxCancelledError } from '../errors/sandbox-cancelled.error';
import { SandboxCrashError } from '../errors/sandbox-crash.error';

/** How a sandbox process ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Why the server killed a sandbox process (an exit without a reason is a crash). */
export type KillReason = 'overdue' | 'retired' | 'closing' | 'start-timeout';

/** Signals of V8 giving up: a fatal error (SIGTRAP, SIGILL), an abort (heap limit), or a crash. */
const V8_FATAL_SIGNALS: ReadonlySet<string> = new Set(['SIGABRT', 'SIGTRAP', 'SIGILL', 'SIGSEGV', 'SIGBUS']);

/** How an exit reads in a message: `it was ended by SIGKILL`, `it exited with code 1`. */
export function describeExit(exit: ProcessExit): string {
  return exit.signal ? `it was ended by ${exit.signal}` : `it exited with code ${exit.code}`;
}

/** What the runs still in an ended sandbox process are told, from why the server killed it (if it did) and how it ended. */
export function endedProcessError(exit: ProcessExit, killedFor: KillReason | undefined): SandboxError {
  switch (killedFor) {
    case 'closing':
      return new SandboxCancelledError(true);
    case 'overdue':
      return new SandboxCrashError('internal', 'a script beside it could not be stopped, so the process was replaced');
    case 'retired':
    case 'start-timeout':
      return new SandboxCrashError('internal', 'the process was replaced');
  }
  if (exit.signal && V8_FATAL_SIGNALS.has(exit.signal)) {
    return new SandboxCrashError('memory', `V8 gave up with ${exit.signal}, typically on a string or array too large`);
  }
  if (exit.signal === 'SIGKILL') {
    return new SandboxCrashError(
      'memory',
      'the process was killed, most likely by the system for using too much memory',
    );
  }
  return new SandboxCrashError('internal', describeExit(exit));
}
