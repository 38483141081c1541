import type { SandboxStats } from '@myko/sandbox';
import type { SharedAbuseBackoff } from '@myko/state';
import { Logger } from '@nestjs/common';
import type { AbuseBackoffOptions } from '../../interfaces/execute-guard-options.interface';
import { type ExecuteCooldown, isStrike, type StrikeCause } from './execute-abuse.guard';

/**
 * The abuse backoff of `execute` on Redis: the same strikes and cooldowns as `ExecuteAbuseGuard`,
 * kept where every instance sees them, so a hostile client cannot spread its scripts over the
 * replicas. A check costs one round trip per `execute`, a strike one more.
 */
export class SharedExecuteAbuseGuard {
  private readonly logger = new Logger(SharedExecuteAbuseGuard.name);

  constructor(
    private readonly store: SharedAbuseBackoff,
    private readonly options: AbuseBackoffOptions,
  ) {}

  /** The cooldown `client` is in, if any; throws `StateUnavailableError` while Redis is down. */
  async cooldown(client: string): Promise<ExecuteCooldown | undefined> {
    const left = await this.store.cooldownLeft(client);
    if (left <= 0) return undefined;
    return { retryAfterMs: Math.ceil(left), strikes: this.options.strikes, windowMs: this.options.windowMs };
  }

  /** Counts a finished run; a strike lost while Redis is down is logged (the run's own answer stands). */
  async record(client: string, failure: StrikeCause | undefined, stats?: Pick<SandboxStats, 'idleMs'>): Promise<void> {
    if (!isStrike(failure, stats)) return;
    await this.store.strike(client, this.options).catch((error: Error) => {
      this.logger.warn(`execute strike of ${client} not counted: ${error.message}`);
    });
  }
}
