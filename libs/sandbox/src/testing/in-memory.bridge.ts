import type { SandboxBridge, SandboxCallKind } from '../interfaces/sandbox-run.interface';

type Handler = (args: unknown, signal: AbortSignal) => unknown;

/** A named error, as an operation would reject with. */
export class FakeOperationError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Test bridge: operations are plain functions keyed `<kind>_<id>`; records every call it receives. The bridge
 * is the sandbox's input, so a small in-memory one is the real thing for these tests.
 */
export class InMemoryBridge implements SandboxBridge {
  readonly received: { kind: SandboxCallKind; id: string; args: unknown }[] = [];

  constructor(private readonly operations: Record<string, Handler> = {}) {}

  async call(kind: SandboxCallKind, id: string, argsJson: string, signal: AbortSignal): Promise<string> {
    const args: unknown = JSON.parse(argsJson);
    this.received.push({ kind, id, args });
    const operation = this.operations[`${kind}_${id}`];
    if (!operation) throw new FakeOperationError('OperationNotFoundError', `Unknown operation: ${kind}_${id}`);
    return JSON.stringify((await operation(args, signal)) ?? null);
  }
}

/** Resolves after `ms` (host-side latency of an operation). */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
