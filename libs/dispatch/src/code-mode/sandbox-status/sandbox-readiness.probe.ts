import { type SandboxBridge, SandboxService } from '@myko/sandbox';
import { Injectable } from '@nestjs/common';

/** A probe run never calls an operation. */
const NO_OPERATIONS: SandboxBridge = {
  call: () => Promise.reject(new Error('the readiness probe calls no operation')),
};
const PROBE_CODE = 'return 1 + 1;';
const PROBE_TIMEOUT_MS = 5_000;
/** Probes are at most this often, however often the orchestrator asks: a probe is a real run. */
const PROBE_INTERVAL_MS = 5_000;

/** Whether the sandbox can start a run now, and why not. */
export interface SandboxReadiness {
  readonly ready: boolean;
  /** The failure kind of the last probe (`queue-full`, `timeout`, `internal`, …) when not ready. */
  readonly reason?: string;
  /** When that probe ended (epoch ms). */
  readonly checkedAt: number;
}

/**
 * Readiness of the `execute` sandbox for orchestrators: a tiny script actually run through the
 * sandbox (queue, process, isolate), so a sandbox process that cannot start, or a queue that is
 * full, reads as not ready. One probe at a time, reused for `PROBE_INTERVAL_MS`.
 * @publicApi
 */
@Injectable()
export class SandboxReadinessProbe {
  private last?: SandboxReadiness;
  private pending?: Promise<SandboxReadiness>;

  constructor(private readonly sandbox: SandboxService) {}

  check(): Promise<SandboxReadiness> {
    if (this.last && Date.now() - this.last.checkedAt < PROBE_INTERVAL_MS) return Promise.resolve(this.last);
    this.pending ??= this.probe().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async probe(): Promise<SandboxReadiness> {
    const run = await this.sandbox.run({ code: PROBE_CODE, timeoutMs: PROBE_TIMEOUT_MS, bridge: NO_OPERATIONS });
    const ok = run.ok && run.resultJson === '2';
    this.last = {
      ready: ok,
      ...(ok ? {} : { reason: run.ok ? 'unexpected result' : run.error.kind }),
      checkedAt: Date.now(),
    };
    return this.last;
  }
}
