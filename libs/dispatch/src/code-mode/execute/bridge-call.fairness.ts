import { Inject, Injectable } from '@nestjs/common';
import { DISPATCH_OPTIONS } from '../../dispatch.constants';
import type { ClientContext } from '../../interfaces/client-context.interface';
import type { ResolvedDispatchOptions } from '../../interfaces/dispatch-options.interface';
import { FairWorkScheduler } from '../../protocol/fairness/fair-work.scheduler';
import { workIdentityOf } from '../../protocol/fairness/work-identity';

/**
 * One budget of main-thread work for the `myko.*` calls of every running script, shared round-robin
 * by principal and, inside a principal, by conversation. Why: each run already paces its own calls, but three runs of one client each firing 200 calls
 * at once would still be served ahead of another client's single request; here they queue behind one another.
 */
@Injectable()
export class BridgeCallFairness {
  private readonly scheduler: FairWorkScheduler;

  constructor(@Inject(DISPATCH_OPTIONS) options: Pick<ResolvedDispatchOptions, 'fairness'>) {
    const { bridgeCallsPerTurn, bridgeTurnMs, bridgeCallsPerClient } = options.fairness;
    const { bridgeCallsPerClientPerSecond: perSecond, bridgeCallBurstPerClient: burst } = options.fairness;
    this.scheduler = new FairWorkScheduler({
      tasksPerTurn: bridgeCallsPerTurn,
      turnMs: bridgeTurnMs,
      maxRunningPerKey: bridgeCallsPerClient,
      ratePerKey: { perSecond, burst },
    });
  }

  /**
   * Runs one `myko.*` call of `client` when its turn comes: principals take turns, and inside a principal its
   * conversations (already a group of the principal: the bare name, no string built per call).
   */
  run<T>(client: ClientContext, call: () => Promise<T>): Promise<T> {
    return this.scheduler.run(workIdentityOf(client), call, client.conversationId ?? client.sessionId);
  }
}
