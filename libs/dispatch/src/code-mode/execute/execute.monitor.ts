import type { SandboxFailureKind } from '@myko/sandbox';
import { Injectable } from '@nestjs/common';
import type { CooldownStart } from './execute-abuse.guard';
import { cooldownEvent, type GuardEvent } from './execute-guard.event';

/** How one `execute` ended: `ok`, the sandbox's failure kind, or `cooldown` (refused by the abuse backoff). */
/** How a run ended; `limit`: refused by a resident cap (session, key, address) or a full sandbox. */
export type ExecuteOutcome = 'ok' | SandboxFailureKind | 'cooldown' | 'limit' | 'unapprovable';

/** One finished `execute`: its outcome and how long it held the request, waiting included. */
export interface ExecuteEvent {
  readonly outcome: ExecuteOutcome;
  readonly durationMs: number;
}

/**
 * What `execute` reports as each run ends, for metrics: a small listener list beside the sandbox,
 * so observers need not know how runs are scheduled. Gauges (running, queued) come from
 * `SandboxHealthProvider`.
 * @publicApi
 */
@Injectable()
export class ExecuteMonitor {
  private readonly listeners: ((event: ExecuteEvent) => void)[] = [];
  private readonly cooldownListeners: ((start: CooldownStart) => void)[] = [];
  private readonly guardListeners: ((event: GuardEvent) => void)[] = [];

  /** Calls `listener` after every `execute`; returns the function that stops it. */
  onExecute(listener: (event: ExecuteEvent) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  /** Calls `listener` when an abuse cooldown starts (once per cooldown, not per refusal); returns its stop. */
  onCooldown(listener: (start: CooldownStart) => void): () => void {
    this.cooldownListeners.push(listener);
    return () => {
      const at = this.cooldownListeners.indexOf(listener);
      if (at >= 0) this.cooldownListeners.splice(at, 1);
    };
  }

  /**
   * Calls `listener` for every guard event (cooldown started, `execute` refused by a cooldown or a quota, principal
   * moved to the low-priority lane); returns its stop. Without listeners no event is built.
   */
  onGuard(listener: (event: GuardEvent) => void): () => void {
    this.guardListeners.push(listener);
    return () => {
      const at = this.guardListeners.indexOf(listener);
      if (at >= 0) this.guardListeners.splice(at, 1);
    };
  }

  /** Whether anyone listens to guard events: callers build an event only then. */
  get watchesGuards(): boolean {
    return this.guardListeners.length > 0;
  }

  /** A guard acted (see `onGuard`); `event` is built by the caller only when `watchesGuards`. */
  reportGuard(event: () => GuardEvent): void {
    if (this.guardListeners.length === 0) return;
    const built = event();
    for (const listener of this.guardListeners) listener(built);
  }

  /** A cooldown of a conversation or a principal has just started. */
  reportCooldown(start: CooldownStart): void {
    for (const listener of this.cooldownListeners) listener(start);
    this.reportGuard(() => cooldownEvent(start));
  }

  report(outcome: ExecuteOutcome, startedAt: number): void {
    if (this.listeners.length === 0) return;
    const event = { outcome, durationMs: performance.now() - startedAt };
    for (const listener of this.listeners) listener(event);
  }
}
