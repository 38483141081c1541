import { ResourceEvents } from '@myko/mcp';
import { type BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { SCHEMA_URI_PREFIX } from '../../dispatch.constants';
import { DispatchError, InvalidParamsError } from '../../errors';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { isPlainObject } from '../../protocol/json-rpc/json-rpc.codec';
import type { JsonRpcParams } from '../../protocol/json-rpc/json-rpc.message';
import { LifecycleHandler } from '../../protocol/lifecycle.handler';
import { META_KEYS } from '../../protocol/protocol-era/protocol-era.constants';
import { CustomResourceCatalog } from './custom-resource.catalog';
import { LiveQueryCatalog } from './live/live-query.catalog';
import { LiveQueryWatches } from './live/live-query.watches';
import { SchemaResourceCatalog } from './schema-resource.catalog';

const LIST_FILTERS = [
  ['toolsListChanged', 'tools'],
  ['promptsListChanged', 'prompts'],
  ['resourcesListChanged', 'resources'],
] as const;

/**
 * `subscriptions/listen` (2026-07-28): the long-lived stream that replaces `resources/subscribe` and
 * the GET stream. It is acknowledged first with the part of the filter this server honours, then
 * carries `notifications/resources/updated` for the subscribed URIs this client may read, each tagged
 * with the subscription id (the request's id). It ends when the client closes the stream (a
 * cancellation: no response) or the server shuts down (a result closing the subscription).
 */
@Injectable()
export class SubscriptionsListenHandler implements BeforeApplicationShutdown {
  private readonly open = new Set<() => void>();

  constructor(
    private readonly events: ResourceEvents,
    private readonly schemas: SchemaResourceCatalog,
    private readonly custom: CustomResourceCatalog,
    private readonly lifecycle: LifecycleHandler,
    private readonly live: LiveQueryCatalog,
    private readonly watches: LiveQueryWatches,
  ) {}

  async listen(params: JsonRpcParams, request: RequestContext): Promise<Record<string, unknown>> {
    const filter = params.notifications;
    if (!isPlainObject(filter)) throw new InvalidParamsError('`notifications` must be the subscription filter object');
    const tag = { [META_KEYS.subscriptionId]: request.id };
    const uris = this.readableUris(filter.resourceSubscriptions, request);
    const releases = await this.watchLive(uris, request);
    const honoured: Record<string, unknown> = this.listFilters(filter);
    if (Array.isArray(filter.resourceSubscriptions)) honoured.resourceSubscriptions = [...uris];
    const notify = request.notify ?? (() => undefined);
    notify({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: honoured, _meta: tag },
    });
    releases.push(...[...uris].map((uri) => this.events.watch(uri)));
    const stop = this.events.onChanged((uri) => {
      if (uris.has(uri)) {
        notify({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri, _meta: tag } });
      }
    });
    try {
      await this.untilEnded(request.signal);
    } finally {
      stop();
      for (const release of releases) release();
    }
    return { _meta: tag };
  }

  /** Server-side end of every open subscription: each gets its closing result before the transports go. */
  beforeApplicationShutdown(): void {
    for (const end of [...this.open]) end();
  }

  private untilEnded(signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      const end = () => {
        this.open.delete(end);
        signal.removeEventListener('abort', end);
        resolve();
      };
      if (signal.aborted) return resolve();
      this.open.add(end);
      signal.addEventListener('abort', end, { once: true });
    });
  }

  /** Only list changes this server announces (none today: its sets are fixed at boot). */
  private listFilters(filter: Record<string, unknown>): Record<string, unknown> {
    const capabilities = this.lifecycle.capabilities() as Record<string, { listChanged?: boolean } | undefined>;
    const honoured: Record<string, unknown> = {};
    for (const [key, capability] of LIST_FILTERS) {
      if (filter[key] === true && capabilities[capability]?.listChanged === true) honoured[key] = true;
    }
    return honoured;
  }

  /** Unknown and hidden URIs are left out of the acknowledgement, as a hidden resource is unknown (live ones: see `watchLive`). */
  private readableUris(requested: unknown, request: RequestContext): Set<string> {
    if (requested === undefined) return new Set();
    if (!Array.isArray(requested) || !requested.every((uri) => typeof uri === 'string')) {
      throw new InvalidParamsError('`notifications.resourceSubscriptions` must be an array of URIs');
    }
    const filters = request.client.filters;
    return new Set(
      requested.filter((uri) => {
        if (uri.startsWith(SCHEMA_URI_PREFIX)) return this.schemas.has(uri, filters);
        return this.live.handles(uri) || this.custom.has(uri, filters);
      }),
    );
  }

  /** Live queries among `uris`, each opened for this stream (see `LiveQueryWatches`); one that fails is left out of `uris`. */
  private async watchLive(uris: Set<string>, request: RequestContext): Promise<Array<() => void>> {
    const releases: Array<() => void> = [];
    for (const uri of [...uris].filter((candidate) => this.live.handles(candidate))) {
      try {
        releases.push(await this.watches.open(uri, request, releases.length, 'stream'));
      } catch (error) {
        if (!(error instanceof DispatchError)) throw error;
        uris.delete(uri);
      }
    }
    return releases;
  }
}
