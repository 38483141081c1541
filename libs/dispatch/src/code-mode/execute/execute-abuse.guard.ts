import type { SandboxFailureKind, SandboxStats } from '@myko/sandbox';
import type { AbuseBackoffOptions } from '../../interfaces/execute-guard-options.interface';

/**
 * How a script may end that counts against its client: a run's failure; `type-check-timeout`, its type check out
 * of its time (or heap: a type bomb holds a type-check worker for its whole limit and costs a fresh worker);
 * `probing`, a script refused before it ran for naming more operations than a check judges or many the caller
 * cannot call (see `ScriptTypeChecker`); `oversize`, a script over `maxScriptBytes`.
 */
export type StrikeCause = SandboxFailureKind | 'type-check-timeout' | 'probing' | 'oversize';

/** Ends that mean the script itself burned a limit (not a plain refusal, a bug or a cancellation). */
const STRIKE_KINDS: ReadonlySet<StrikeCause> = new Set([
  'cpu',
  'memory',
  'timeout',
  'type-check-timeout',
  'probing',
  'oversize',
]);

/**
 * Time a run may hold its resident place doing nothing (no computing, no call awaited) before it counts as
 * a strike, whatever its end (a script cancelled just before its wall clock included). Scripts have no
 * timers, so honest ones idle for milliseconds at most.
 */
export const IDLE_STRIKE_MS = 5_000;

/** Whether a finished run counts against its client: stopped by a limit, or idle in its place too long. */
export function isStrike(failure: StrikeCause | undefined, stats?: Pick<SandboxStats, 'idleMs'>): boolean {
  return (stats?.idleMs ?? 0) >= IDLE_STRIKE_MS || (failure !== undefined && STRIKE_KINDS.has(failure));
}

/** Client records are swept at most this often, so the map only holds clients with recent trouble. */
const SWEEP_INTERVAL_MS = 60_000;

interface ClientRecord {
  /** When each recent limit-stopped run ended (ms, within the window). */
  strikes: number[];
  /** Cooldowns earned in a row; the next one lasts `cooldownMs × 2^level`. */
  level: number;
  cooldownUntil: number;
}

/** Why `execute` is refused, and when to try again. */
export interface ExecuteCooldown {
  retryAfterMs: number;
  strikes: number;
  windowMs: number;
}

/**
 * The abuse backoff of `execute`, per client (its API key, else its address): counts runs stopped by the
 * CPU, memory or wall-clock limit (a sandbox crash charged to the run is a memory failure), scripts whose type
 * check ran out of time, scripts refused for probing the catalogue or for their size, and runs that held their
 * place idle, and refuses `execute` for a cooldown once they reach `strikes` within `windowMs`. Such a script holds a sandbox slot and a core for its whole limit and a
 * hostile client repeats it at once, so without a cooldown it halves everyone else's capacity.
 */
export class ExecuteAbuseGuard {
  private readonly clients = new Map<string, ClientRecord>();
  private lastSweep = 0;

  constructor(
    private readonly options: AbuseBackoffOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cooldown `client` is in, if any. */
  cooldown(client: string): ExecuteCooldown | undefined {
    const record = this.clients.get(client);
    const remaining = record ? record.cooldownUntil - this.now() : 0;
    if (remaining <= 0) return undefined;
    return { retryAfterMs: Math.ceil(remaining), strikes: this.options.strikes, windowMs: this.options.windowMs };
  }

  /** Counts a finished run; a strike that reaches the threshold starts the next cooldown. */
  record(client: string, failure: StrikeCause | undefined, stats?: Pick<SandboxStats, 'idleMs'>): void {
    const now = this.now();
    this.sweep(now);
    if (!isStrike(failure, stats)) return;
    const record = this.clients.get(client) ?? { strikes: [], level: 0, cooldownUntil: 0 };
    this.clients.set(client, record);
    record.strikes = record.strikes.filter((at) => now - at < this.options.windowMs);
    record.strikes.push(now);
    if (record.strikes.length < this.options.strikes) return;
    // A client that behaved for a whole longest cooldown after its last one starts again from the first.
    if (now - record.cooldownUntil > this.options.maxCooldownMs) record.level = 0;
    const { cooldownMs, maxCooldownMs } = this.options;
    record.cooldownUntil = now + Math.min(cooldownMs * 2 ** record.level, maxCooldownMs);
    record.level++;
    record.strikes = [];
  }

  /** Clients tracked now (tests, health). */
  get size(): number {
    return this.clients.size;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    const forgetAfter = Math.max(this.options.windowMs, this.options.maxCooldownMs);
    for (const [client, record] of this.clients) {
      const lastStrike = record.strikes.at(-1) ?? 0;
      if (now - Math.max(lastStrike, record.cooldownUntil) > forgetAfter) this.clients.delete(client);
    }
  }
}
