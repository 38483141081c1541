import { reserveLeastBusy } from './pool-status';
import type { SandboxProcess } from './sandbox-process';

/**
 * Sandbox processes of one client each, for runs that a crash could not be pinned on (`ProcessRun.uncertain`):
 * run again there, apart from other clients' runs, a culprit crashes its client's process on its own (and is
 * charged), and an honest run finishes. Each is started on demand and killed once idle; at most `max` at once
 * (past that, runs go back to the shared processes).
 */
export class CrashQuarantine {
  private readonly byClient = new Map<string, SandboxProcess>();

  constructor(
    private readonly spawn: () => SandboxProcess,
    private readonly max: number,
  ) {}

  /** The processes now (for the pool's status and shutdown). */
  get processes(): SandboxProcess[] {
    return [...this.byClient.values()];
  }

  /** Whether `proc` is one of them. */
  has(proc: SandboxProcess): boolean {
    return this.clientOf(proc) !== undefined;
  }

  /**
   * `client`'s process, started if it has none, reserved for one run (which must then go to its
   * `execute()`); undefined when too many are out or it could not start.
   */
  async take(client: string): Promise<SandboxProcess | undefined> {
    let proc = this.byClient.get(client);
    // One killed once idle (`killedFor`) may not have exited yet: it takes no more runs.
    if (!proc || proc.exit || proc.retiring || proc.killedFor) {
      if (proc) this.byClient.delete(client);
      if (this.byClient.size >= this.max) return undefined;
      proc = this.spawn();
      this.byClient.set(client, proc);
    }
    // Reserved before it is ready, so that it is not found idle (and killed) while the run waits for it.
    reserveLeastBusy([proc]);
    try {
      await proc.ready;
    } catch {
      return undefined;
    }
    return proc.exit ? undefined : proc;
  }

  /** `proc` ended: a run of its client later gets a fresh one. */
  forget(proc: SandboxProcess): void {
    const client = this.clientOf(proc);
    if (client !== undefined) this.byClient.delete(client);
  }

  private clientOf(proc: SandboxProcess): string | undefined {
    for (const [client, held] of this.byClient) if (held === proc) return client;
    return undefined;
  }
}
