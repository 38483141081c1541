import { Inject, Injectable } from '@nestjs/common';
import { DISPATCH_OPTIONS } from '../../../dispatch.constants';
import { LimitExceededError } from '../../../errors';
import type { ResolvedDispatchOptions } from '../../../interfaces/dispatch-options.interface';
import type { RequestContext } from '../../../interfaces/request-context.interface';
import { workIdentityOf } from '../../../protocol/fairness/work-identity';
import { LiveQueryCatalog } from './live-query.catalog';
import { LiveQueryTracker } from './live-query.tracker';

/**
 * Opens the watch of one live query for a subscriber (a 2025 session, a 2026 `subscriptions/listen`
 * stream): the URI is checked under the client's rules and read now, so a bad URI or bad arguments fail
 * before anything is watched, then watched from that result, within the per-subscriber and
 * server-wide limits.
 */
@Injectable()
export class LiveQueryWatches {
  constructor(
    private readonly catalog: LiveQueryCatalog,
    private readonly tracker: LiveQueryTracker,
    @Inject(DISPATCH_OPTIONS) private readonly options: Pick<ResolvedDispatchOptions, 'live'>,
  ) {}

  /**
   * @param held live queries this subscriber watches already
   * @returns the (idempotent) release of the watch
   * @throws ResourceNotFoundError or InvalidParamsError for a URI the client may not watch;
   *   LimitExceededError past a limit
   */
  async open(uri: string, request: RequestContext, held: number, subscriber = 'session'): Promise<() => void> {
    const live = this.catalog.resolve(uri, request);
    this.checkLimits(uri, held, subscriber);
    const read = await this.catalog.read(live, request);
    return this.tracker.watch(live, (read.contents as Array<{ text: string }>)[0].text, workIdentityOf(request.client));
  }

  private checkLimits(uri: string, held: number, subscriber: string): void {
    const { maxPerSession, maxWatched } = this.options.live;
    if (held >= maxPerSession) {
      throw new LimitExceededError(
        `This ${subscriber} already watches ${held} live queries (at most ${maxPerSession}); unsubscribe from one first`,
        'liveQueriesPerSession',
        maxPerSession,
      );
    }
    if (!this.tracker.isWatched(uri) && this.tracker.size >= maxWatched) {
      throw new LimitExceededError(
        `The server watches ${maxWatched} live queries, its limit; retry later`,
        'liveQueries',
        maxWatched,
      );
    }
  }
}
