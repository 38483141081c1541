import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { DISPATCH_OPTIONS } from '../../dispatch.constants';
import type { ClientContext } from '../../interfaces/client-context.interface';
import type { ResolvedDispatchOptions } from '../../interfaces/dispatch-options.interface';
import { FairWorkScheduler } from '../../protocol/fairness/fair-work.scheduler';
import { QuotaCallPacer } from '../../protocol/fairness/quota-call.pacer';
import { workIdentityOf } from '../../protocol/fairness/work-identity';

/**
 * One budget of main-thread work for the `myko.*` calls of every running script, shared round-robin
 * by principal and, inside a principal, by conversation. Why: each run already paces its own calls, but three runs of one client each firing 200 calls
 * at once would still be served ahead of another client's single request; here they queue behind one another.
 */
@Injectable()
export class BridgeCallFairness {
  private readonly scheduler: FairWorkScheduler;
  private readonly quotas: QuotaCallPacer;

  constructor(
    @Inject(DISPATCH_OPTIONS) options: Pick<ResolvedDispatchOptions, 'fairness'> &
      Partial<Pick<ResolvedDispatchOptions, 'profileQuotas'>>,
  ) {
    const { bridgeCallsPerTurn, bridgeTurnMs, bridgeCallsPerClient } = options.fairness;
    const { bridgeCallsPerClientPerSecond: perSecond, bridgeCallBurstPerClient: burst } = options.fairness;
    this.scheduler = new FairWorkScheduler({
      tasksPerTurn: bridgeCallsPerTurn,
      turnMs: bridgeTurnMs,
      maxRunningPerKey: bridgeCallsPerClient,
      ratePerKey: { perSecond, burst },
    });
    this.quotas = new QuotaCallPacer(options.profileQuotas ?? {});
  }

  /**
   * Runs one `myko.*` call of `client` when its turn comes: principals take turns, and inside a principal its
   * conversations (the bare name, no string built per call). Past its profile's `callsPerSecond` quota it first
   * waits for its own budget (`QuotaCallPacer`).
   */
  run<T>(client: ClientContext, call: () => Promise<T>): Promise<T> {
    const conversation = client.conversationId ?? client.sessionId;
    const waitMs = this.quotas.reserve(client);
    // No quota or budget left over: straight to the turn, no timer on the hot path.
    if (waitMs === 0) return this.scheduler.run(workIdentityOf(client), call, conversation);
    return sleep(waitMs).then(() => this.scheduler.run(workIdentityOf(client), call, conversation));
  }
}
