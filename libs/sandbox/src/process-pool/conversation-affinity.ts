import { reserveLeastBusy } from './pool-status';
import type { SandboxProcess } from './sandbox-process';

/** Conversations whose last process is remembered (the most recent ones). */
const MAX_REMEMBERED = 1_000;

/**
 * Sends a conversation's run to the process its previous run went to, when that one is among the least busy:
 * that process may keep the previous run's isolate for it (`SandboxRunRequest.reuseKey`).
 */
export class ConversationAffinity {
  private readonly lastProcess = new Map<string, SandboxProcess>();

  /** Reserves the least busy of `ready` for a run of `reuseKey` (see `reserveLeastBusy`). */
  reserve(ready: SandboxProcess[], reuseKey?: string): SandboxProcess {
    if (reuseKey === undefined) return reserveLeastBusy(ready);
    const proc = reserveLeastBusy(ready, this.lastProcess.get(reuseKey));
    this.lastProcess.delete(reuseKey);
    this.lastProcess.set(reuseKey, proc);
    if (this.lastProcess.size > MAX_REMEMBERED) this.lastProcess.delete(this.lastProcess.keys().next().value as string);
    return proc;
  }
}
