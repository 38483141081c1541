import type { ProfileQuotas } from '@myko/access';
import { type SandboxLane, SandboxService } from '@myko/sandbox';
import { Inject, Injectable, type OnModuleDestroy, Optional } from '@nestjs/common';
import { DISPATCH_OPTIONS } from '../../dispatch.constants';
import type { ResolvedDispatchOptions } from '../../interfaces/dispatch-options.interface';
import { ExecuteMonitor } from './execute.monitor';
import type { AbuseParty, CooldownStart, ExecuteCooldown } from './execute-abuse.guard';

/** One `execute` run in flight on this instance. */
export interface LiveRun {
  readonly principal: string;
  readonly conversation: string;
  readonly profile?: string;
  readonly executionId?: string;
  /** Epoch ms. */
  readonly startedAt: number;
}

/** A cooldown as the live view shows it: level, why (when this instance saw it start), and its end. */
export interface LiveCooldown {
  readonly level: 'conversation' | 'principal';
  readonly conversation?: string;
  /** The cause when this instance saw the cooldown start (`cpu`, `timeout`, `conversations`…), else its level's rule. */
  readonly reason: string;
  /** Epoch ms. */
  readonly until: number;
}

/** Reads the cooldown a party is in (the abuse guard's: this process's, or Redis's shared by every instance). */
export type CooldownReader = (party: AbuseParty) => Promise<ExecuteCooldown | undefined>;

/** Cooldown starts remembered for their reason: a bound, so a flood of conversations cannot grow it. */
const MAX_REMEMBERED_STARTS = 2_000;

/**
 * What `execute` is doing on this instance, for the operator's live view: the runs in flight (a map updated where
 * runs start and end, nothing else on the request path), each principal's sandbox lane, its profile's quotas, and
 * the cooldowns in effect (read from the abuse guard on demand). It also turns the sandbox's lane changes into guard
 * events, so a demotion is audited like a cooldown.
 * @publicApi
 */
@Injectable()
export class ExecuteActivity implements OnModuleDestroy {
  private readonly runs = new Map<number, LiveRun>();
  private nextRun = 0;
  private readonly starts = new Map<string, CooldownStart & { until: number }>();
  private reader?: CooldownReader;
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly sandbox: SandboxService,
    monitor: ExecuteMonitor,
    @Optional() @Inject(DISPATCH_OPTIONS) private readonly options?: Partial<ResolvedDispatchOptions> | null,
  ) {
    this.stops.push(monitor.onCooldown((start) => this.remember(start)));
    this.stops.push(
      sandbox.onLaneChange(({ principal, client, cause }) =>
        monitor.reportGuard(() => ({
          action: 'demoted',
          at: Date.now(),
          principal,
          ...(client.includes('/') ? { conversation: client } : {}),
          reason: cause,
        })),
      ),
    );
  }

  onModuleDestroy(): void {
    for (const stop of this.stops) stop();
  }

  /** A run starts; the function returned ends it (idempotent). */
  begin(run: LiveRun): () => void {
    const id = this.nextRun++;
    this.runs.set(id, run);
    return () => this.runs.delete(id);
  }

  /** The runs in flight now. */
  inFlight(): LiveRun[] {
    return [...this.runs.values()];
  }

  /** The `execute` tool tells where its cooldowns are read (absent: no abuse backoff). */
  readCooldownsWith(reader: CooldownReader): void {
    this.reader = reader;
  }

  /** Parties whose cooldown this instance saw start and that may still run (for principals not connected here). */
  recentCooldownParties(now = Date.now()): AbuseParty[] {
    const parties: AbuseParty[] = [];
    for (const start of this.starts.values()) {
      if (start.until > now) parties.push({ principal: start.principal, conversation: start.conversation });
    }
    return parties;
  }

  /** The cooldown `party` is in now (its principal's first), with the reason this instance knows. */
  async cooldownOf(party: AbuseParty, now = Date.now()): Promise<LiveCooldown | undefined> {
    const cooldown = await this.reader?.(party);
    if (!cooldown) return undefined;
    const { level } = cooldown;
    const start = this.starts.get(level === 'principal' ? `p:${party.principal}` : `c:${party.conversation}`);
    const rule = level === 'principal' ? 'principal paused' : `${cooldown.strikes} strikes`;
    return {
      level,
      ...(level === 'conversation' ? { conversation: party.conversation } : {}),
      reason: start ? start.cause : rule,
      until: now + cooldown.retryAfterMs,
    };
  }

  /** The sandbox lane of `principal` now, and its recent sandbox CPU. */
  laneOf(principal: string): SandboxLane {
    return this.sandbox.laneOf(principal);
  }

  /** The quotas of an access profile (`profiles.<name>.quotas`), if it has any. */
  quotasOf(profile: string | undefined): ProfileQuotas | undefined {
    return profile === undefined ? undefined : this.options?.profileQuotas?.[profile];
  }

  private remember(start: CooldownStart): void {
    const key = start.level === 'principal' ? `p:${start.principal}` : `c:${start.conversation}`;
    this.starts.delete(key);
    this.starts.set(key, { ...start, until: Date.now() + start.durationMs });
    if (this.starts.size > MAX_REMEMBERED_STARTS) {
      const oldest = this.starts.keys().next().value;
      if (oldest !== undefined) this.starts.delete(oldest);
    }
  }
}
