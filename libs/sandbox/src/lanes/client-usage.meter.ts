import type { SandboxStats } from '../interfaces/sandbox-run.interface';

/**
 * How long a client's use is remembered: its usage is the sum of its runs' costs, each fading by e every
 * this long, so a steady rate `r` (ms of cost per s) settles at `r × USAGE_WINDOW_MS / 1000`.
 */
export const USAGE_WINDOW_MS = 10_000;
/**
 * What a run costs the sandbox beyond the CPU inside its isolate: creating, bootstrapping and disposing of
 * the isolate, and the run's messages. Measured here: 15.8 s of sandbox-process CPU for 2,070 honest runs
 * (7.6 ms each) whose isolates reported ~2 ms.
 */
export const RUN_SETUP_COST_MS = 5;
/** What one `myko.*` call costs beyond the isolate (its relay both ways), about. */
export const CALL_COST_MS = 0.25;

/** A finished run's cost in ms of CPU, about: inside its isolate, its setup and its calls. */
export function runCostMs(stats: Pick<SandboxStats, 'cpuMs' | 'calls'>): number {
  return stats.cpuMs + RUN_SETUP_COST_MS + stats.calls * CALL_COST_MS;
}

/** Clients are swept at most this often; a client whose usage faded below `SWEEP_BELOW_MS` is forgotten. */
const SWEEP_INTERVAL_MS = 30_000;
const SWEEP_BELOW_MS = 1;

interface ClientUsage {
  usageMs: number;
  at: number;
  heavy: boolean;
  /** The share it was judged against when it turned heavy, for `heavyNow`. */
  limitMs?: number;
}

/**
 * The sandbox CPU each client (an opaque id: API key, else address) used lately. A client is heavy once its
 * usage passes `limitMs`, and stays heavy until it has fallen to half of that (so a client near the line
 * does not flap between lanes run by run).
 */
export class ClientUsageMeter {
  private readonly clients = new Map<string, ClientUsage>();
  private lastSweep: number;

  constructor(
    private readonly limitMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.lastSweep = this.now();
  }

  /** Adds a finished run's cost (ms of CPU) to its client; true when that made it heavy. */
  record(client: string, costMs: number, limitMs = this.limitMs): boolean {
    const now = this.now();
    this.sweep(now);
    const usage = this.clients.get(client) ?? { usageMs: 0, at: now, heavy: false };
    usage.usageMs = faded(usage, now) + costMs;
    usage.at = now;
    this.clients.set(client, usage);
    if (usage.heavy || usage.usageMs <= limitMs) return false;
    usage.heavy = true;
    usage.limitMs = limitMs;
    return true;
  }

  /** Makes `client` heavy now, with at least the limit's worth of use (a run found spinning); true if it was not. */
  markHeavy(client: string, limitMs = this.limitMs): boolean {
    const wasHeavy = this.isHeavy(client, limitMs);
    const now = this.now();
    const usage = this.clients.get(client) ?? { usageMs: 0, at: now, heavy: false };
    usage.usageMs = Math.max(faded(usage, now), limitMs);
    usage.at = now;
    usage.heavy = true;
    usage.limitMs = limitMs;
    this.clients.set(client, usage);
    return !wasHeavy;
  }

  /** Whether `client` used more than its share lately (`limitMs`: its own share, else the meter's). */
  isHeavy(client: string, limitMs = this.limitMs): boolean {
    const usage = this.clients.get(client);
    if (!usage?.heavy) return false;
    if (faded(usage, this.now()) >= limitMs / 2) return true;
    usage.heavy = false;
    return false;
  }

  /**
   * Whether `client` is heavy now against the share it turned heavy under, without changing anything (an
   * operator's view must not move a client between lanes).
   */
  heavyNow(client: string): boolean {
    const usage = this.clients.get(client);
    return usage?.heavy === true && faded(usage, this.now()) >= (usage.limitMs ?? this.limitMs) / 2;
  }

  /** The usage of `client` now, in ms of CPU. */
  usageMs(client: string): number {
    const usage = this.clients.get(client);
    return usage ? faded(usage, this.now()) : 0;
  }

  /** Clients remembered now. */
  get size(): number {
    return this.clients.size;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const [client, usage] of this.clients) if (faded(usage, now) < SWEEP_BELOW_MS) this.clients.delete(client);
  }
}

function faded(usage: ClientUsage, now: number): number {
  return usage.usageMs * Math.exp(-(now - usage.at) / USAGE_WINDOW_MS);
}
