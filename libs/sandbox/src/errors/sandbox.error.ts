import type { SandboxFailure, SandboxFailureKind } from '../interfaces/sandbox-run.interface';

/**
 * A run that the sandbox stopped or refused. Each subclass is one `SandboxFailureKind`; `toFailure()` is the
 * plain object a run result carries.
 */
export abstract class SandboxError extends Error {
  abstract readonly kind: SandboxFailureKind;
  /** The limit that was hit, in the unit the message names. */
  readonly limit?: number;

  toFailure(): SandboxFailure {
    const failure: SandboxFailure = { kind: this.kind, name: this.name, message: this.message };
    if (this.limit !== undefined) failure.limit = this.limit;
    return failure;
  }
}
