import type { SandboxStats } from '@myko/sandbox';
import type { SharedAbuseBackoff } from '@myko/state';
import { Logger } from '@nestjs/common';
import type { ClientContext } from '../../interfaces/client-context.interface';
import type { AbuseBackoffOptions } from '../../interfaces/execute-guard-options.interface';
import { conversationOf, principalOf } from '../../protocol/fairness/work-identity';
import type { ExecuteMonitor } from './execute.monitor';
import {
  type AbuseParty,
  type CooldownStart,
  ExecuteAbuseGuard,
  type ExecuteCooldown,
  type StrikeCause,
} from './execute-abuse.guard';
import { pauseBeforeRefusal, REFUSAL_PAUSE_MS } from './execute-cooldown.refusal';
import { SharedExecuteAbuseGuard } from './shared-execute-abuse.guard';

/**
 * Whom the abuse backoff counts: the conversation (its session, connection, or stateless conversation), and its
 * principal across its conversations (its API key, else its address), so fresh sessions do not start clean.
 */
export function abusePartyOf(client: ClientContext): AbuseParty {
  return { principal: principalOf(client), conversation: conversationOf(client) };
}

/** The one log line of a cooldown that has just started: whom, which level, why, how long. */
export function cooldownLine(start: CooldownStart): string {
  const whom = start.level === 'principal' ? `principal ${start.principal}` : `conversation ${start.conversation}`;
  return (
    `execute paused for ${whom} (level ${start.level}, cause ${start.cause}, principal ${start.principal}, ` +
    `conversation ${start.conversation}) for ${Math.ceil(start.durationMs / 1000)} s`
  );
}

/**
 * The `execute` tool's side of the abuse backoff, over either guard (this process's, or Redis's): charges a
 * strike to the run's own conversation and its principal, and reports each cooldown once as it starts (a log
 * line, `ExecuteMonitor.reportCooldown` for the metrics), never per refused call.
 */
export class ExecuteAbuseBackoff {
  private readonly logger = new Logger(ExecuteAbuseBackoff.name);

  constructor(
    private readonly guard: ExecuteAbuseGuard | SharedExecuteAbuseGuard,
    private readonly monitor: ExecuteMonitor,
  ) {}

  /** The backoff over Redis's guard when there is one, so a client cannot spread its scripts over the replicas. */
  static over(
    options: AbuseBackoffOptions,
    shared: SharedAbuseBackoff | null | undefined,
    monitor: ExecuteMonitor,
  ): ExecuteAbuseBackoff {
    const guard = shared ? new SharedExecuteAbuseGuard(shared, options) : new ExecuteAbuseGuard(options);
    return new ExecuteAbuseBackoff(guard, monitor);
  }

  /** The cooldown `party` is in, if any (its principal's first). */
  async cooldown(party: AbuseParty): Promise<ExecuteCooldown | undefined> {
    return this.guard.cooldown(party);
  }

  /**
   * The cooldown `party` is still in after a short pause (its refusal is not instant, so retrying at once
   * gains nothing), else undefined; no pause for a party in no cooldown.
   */
  async cooldownAfterPause(party: AbuseParty, signal: AbortSignal): Promise<ExecuteCooldown | undefined> {
    const cooldown = await this.cooldown(party);
    if (!cooldown) return undefined;
    await pauseBeforeRefusal(Math.min(REFUSAL_PAUSE_MS, cooldown.retryAfterMs), signal);
    return this.cooldown(party);
  }

  /** Counts a finished (or refused) run of `party`; a cooldown it starts is logged and counted. */
  async strike(
    party: AbuseParty,
    failure: StrikeCause | undefined,
    stats?: Pick<SandboxStats, 'idleMs'>,
  ): Promise<void> {
    for (const start of await this.guard.record(party, failure, stats)) {
      this.logger.warn(cooldownLine(start));
      this.monitor.reportCooldown(start);
    }
  }
}
