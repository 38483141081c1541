import { FairWorkScheduler } from '@myko/dispatch';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedEdgeLimits } from './edge-limits-options.interface';

/**
 * The main thread's budget for edge work (an HTTP POST's parsing, session creation and dispatch, a
 * WebSocket message's), shared round-robin by client: its `clientId` (API key or token identity, else
 * address). Why: a keyless flood of `initialize`s on a shared address must queue behind itself, not in front
 * of the keyed clients' requests.
 */
@Injectable()
export class EdgeWorkBudget {
  private readonly scheduler: FairWorkScheduler;

  constructor(@Inject(GATEWAYS_OPTIONS) limits: Pick<ResolvedEdgeLimits, 'edgeRequestsPerTurn' | 'edgeTurnMs'>) {
    this.scheduler = new FairWorkScheduler({ tasksPerTurn: limits.edgeRequestsPerTurn, turnMs: limits.edgeTurnMs });
  }

  /** Runs `work` of `clientId` (see `clientIdOf`) when its turn comes; settles as it does. */
  run<T>(clientId: string, work: () => Promise<T>): Promise<T> {
    return this.scheduler.run(clientId, work);
  }
}
