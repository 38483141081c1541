import type { SandboxStats } from '@myko/sandbox';
import { Logger } from '@nestjs/common';
import type { ClientContext } from '../../interfaces/client-context.interface';
import { conversationOf, principalOf } from '../../protocol/fairness/work-identity';
import type { ExecuteMonitor } from './execute.monitor';
import type { AbuseParty, CooldownStart, ExecuteAbuseGuard, ExecuteCooldown, StrikeCause } from './execute-abuse.guard';
import type { SharedExecuteAbuseGuard } from './shared-execute-abuse.guard';

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

  /** The cooldown `party` is in, if any (its principal's first). */
  async cooldown(party: AbuseParty): Promise<ExecuteCooldown | undefined> {
    return this.guard.cooldown(party);
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
