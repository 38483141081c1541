import { type SandboxIsolation, SandboxService } from '@myko/sandbox';
import { Injectable } from '@nestjs/common';

/** What `GET /health` shows of the `execute` sandbox: enough to see a leak or a crash loop, nothing to attack. */
export interface SandboxHealth {
  isolation: SandboxIsolation;
  /** Isolates created and not yet disposed, warm pool included (idle: `warmPool` per sandbox process). */
  liveIsolates: number;
  /** Sandbox processes alive (0 in-process). */
  processes: number;
  /** Runs resident now (computing or awaiting operations), and waiting for a resident place. */
  running: number;
  queued: number;
  /** Sandbox processes that died unexpectedly since start-up (each was replaced). */
  crashes: number;
  /** Isolates V8 lost control of since start-up. */
  catastrophicErrors: number;
}

/** Reads the sandbox's status for the gateways, which do not depend on the sandbox library themselves. */
@Injectable()
export class SandboxHealthProvider {
  constructor(private readonly sandbox: SandboxService) {}

  current(): SandboxHealth {
    const status = this.sandbox.status();
    return {
      isolation: status.isolation,
      liveIsolates: status.liveIsolates,
      processes: status.processes.length,
      running: status.running,
      queued: status.queued,
      crashes: status.crashes,
      catastrophicErrors: status.catastrophicErrors,
    };
  }
}
