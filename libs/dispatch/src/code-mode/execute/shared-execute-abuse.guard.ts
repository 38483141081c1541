import type { SandboxStats } from '@myko/sandbox';
import type { SharedAbuseBackoff } from '@myko/state';
import { Logger } from '@nestjs/common';
import type { AbuseBackoffOptions } from '../../interfaces/execute-guard-options.interface';
import {
  type AbuseParty,
  type CooldownStart,
  conversationCooldown,
  type ExecuteCooldown,
  isStrike,
  principalCooldown,
  type StrikeCause,
  strikeCauseOf,
} from './execute-abuse.guard';

/**
 * The abuse backoff of `execute` on Redis: the same two levels of strikes and cooldowns as `ExecuteAbuseGuard`,
 * kept where every instance sees them, so a hostile client cannot spread its scripts over the replicas. A check
 * costs one round trip per `execute`, a strike one more (one script: both levels change atomically, and only the
 * instance whose strike started a cooldown reports it).
 */
export class SharedExecuteAbuseGuard {
  private readonly logger = new Logger(SharedExecuteAbuseGuard.name);

  constructor(
    private readonly store: SharedAbuseBackoff,
    private readonly options: AbuseBackoffOptions,
  ) {}

  /** The cooldown `party` is in, if any; throws `StateUnavailableError` while Redis is down. */
  async cooldown(party: AbuseParty): Promise<ExecuteCooldown | undefined> {
    const left = await this.store.cooldownLeft(party);
    if (left.principal > 0) return principalCooldown(this.options, left.principal);
    if (left.conversation > 0) return conversationCooldown(this.options, left.conversation);
    return undefined;
  }

  /**
   * Counts a finished run; returns the cooldowns it started. A strike lost while Redis is down is logged (the
   * run's own answer stands).
   */
  async record(
    party: AbuseParty,
    failure: StrikeCause | undefined,
    stats?: Pick<SandboxStats, 'idleMs'>,
  ): Promise<readonly CooldownStart[]> {
    if (!isStrike(failure, stats)) return [];
    const outcome = await this.store.strike(party, this.options).catch((error: Error) => {
      this.logger.warn(`execute strike of ${party.conversation} not counted: ${error.message}`);
      return undefined;
    });
    const starts: CooldownStart[] = [];
    if (outcome?.conversation) {
      starts.push({ ...party, level: 'conversation', cause: strikeCauseOf(failure), durationMs: outcome.conversation });
    }
    if (outcome?.principal && outcome.principalCause) {
      starts.push({ ...party, level: 'principal', cause: outcome.principalCause, durationMs: outcome.principal });
    }
    return starts;
  }
}
