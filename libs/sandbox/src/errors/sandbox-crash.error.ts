import { SandboxError } from './sandbox.error';

/**
 * The sandbox process died (or had to be killed) while the run was in it. `memory` when V8 aborted or ran
 * out of memory, which is what a script building a giant string or array does; `internal` otherwise.
 */
export class SandboxCrashError extends SandboxError {
  override readonly name = 'SandboxCrashError';

  constructor(
    readonly kind: 'memory' | 'internal',
    reason: string,
  ) {
    super(
      `The sandbox process crashed while running this script (${reason}); the server is unaffected and a fresh ` +
        'sandbox process takes the next run. Operations that had already completed stay completed.' +
        (kind === 'memory' ? ' Work on less data at a time: avoid building huge strings or arrays.' : ''),
    );
  }
}
