import { ResourceEvents } from '@myko/mcp';
import { Injectable } from '@nestjs/common';
import { LIST_PAGE_SIZE, RESOURCE_PAGE_SIZE, SCHEMA_URI_PREFIX } from '../../dispatch.constants';
import { InvalidParamsError, ResourceNotFoundError } from '../../errors';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { SessionRelay } from '../../protocol/cluster/session.relay';
import type { JsonRpcParams } from '../../protocol/json-rpc/json-rpc.message';
import { listOffset, pageOf } from '../../protocol/pagination/list-page';
import { encodeCursor } from '../../protocol/pagination/page.cursor';
import { SessionStore } from '../../protocol/session/session.store';
import { CodeModeResourceSource } from './code-mode-resource.source';
import { CustomResourceCatalog } from './custom-resource.catalog';
import { LiveQueryCatalog } from './live/live-query.catalog';
import { LiveQueryWatches } from './live/live-query.watches';
import { SchemaResourceCatalog } from './schema-resource.catalog';

const LIST_SCOPE = 'resources/list';
const TEMPLATES_SCOPE = 'resources/templates/list';

/**
 * `resources/list`, `resources/read`, `resources/templates/list`, `resources/subscribe` and
 * `resources/unsubscribe` over the custom resources (listed first), the resources reads publish,
 * the live queries, Code Mode's (the caller's executions) and the schema resources.
 */
@Injectable()
export class ResourcesHandler {
  constructor(
    private readonly schemas: SchemaResourceCatalog,
    private readonly custom: CustomResourceCatalog,
    private readonly events: ResourceEvents,
    private readonly live: LiveQueryCatalog,
    private readonly watches: LiveQueryWatches,
    private readonly sessions: SessionStore,
    private readonly relay: SessionRelay,
    private readonly codeMode: CodeModeResourceSource,
  ) {}

  /** Custom static resources, live queries, Code Mode's, then one schema resource per visible operation, paged together. */
  list(params: JsonRpcParams, request: RequestContext): Record<string, unknown> {
    const filters = request.client.filters;
    const offset = listOffset(params.cursor, LIST_SCOPE);
    const custom = [...this.custom.list(filters), ...this.live.list(filters), ...this.codeMode.list(request)];
    const schemas = this.schemas.visible(filters);
    const end = offset + RESOURCE_PAGE_SIZE;
    const resources = [
      ...custom.slice(offset, end),
      ...schemas.slice(Math.max(0, offset - custom.length), end - custom.length),
    ];
    const next = offset + resources.length;
    const total = custom.length + schemas.count;
    return next < total ? { resources, nextCursor: encodeCursor(next, LIST_SCOPE) } : { resources };
  }

  async read(params: JsonRpcParams, request: RequestContext): Promise<Record<string, unknown>> {
    const uri = requireUri(params);
    if (uri.startsWith(SCHEMA_URI_PREFIX)) return this.schemas.read(uri, request.client.filters);
    if (this.live.handles(uri)) return this.live.read(this.live.resolve(uri, request), request);
    if (this.codeMode.handles(uri)) return this.codeMode.read(uri, request);
    return this.custom.read(uri, request);
  }

  templates(params: JsonRpcParams, request: RequestContext): Record<string, unknown> {
    const templates = [this.schemas.template(), this.live.template(), ...this.custom.templates(request.client.filters)];
    const { items, nextCursor } = pageOf(templates, params.cursor, TEMPLATES_SCOPE, LIST_PAGE_SIZE);
    return nextCursor ? { resourceTemplates: items, nextCursor } : { resourceTemplates: items };
  }

  /** Subscribes the session to a resource it can read; unknown or hidden → -32002. */
  async subscribe(params: JsonRpcParams, request: RequestContext): Promise<Record<string, unknown>> {
    const uri = requireUri(params);
    if (this.live.handles(uri)) {
      await this.subscribeLive(uri, request);
      this.relay.subscribed(request.session, uri);
      return {};
    }
    const filters = request.client.filters;
    const known = uri.startsWith(SCHEMA_URI_PREFIX) ? this.schemas.has(uri, filters) : this.custom.has(uri, filters);
    if (!known) throw new ResourceNotFoundError(uri);
    if (!request.session.subscriptions.has(uri)) this.sessions.subscribe(request.session, uri, this.events.watch(uri));
    this.relay.subscribed(request.session, uri);
    return {};
  }

  /** A live query: opened for this session (checked, read now, within the limits), released with it. */
  private async subscribeLive(uri: string, request: RequestContext): Promise<void> {
    const subscriptions = request.session.subscriptions;
    if (subscriptions.has(uri)) {
      this.live.resolve(uri, request);
      return;
    }
    const held = [...subscriptions.keys()].filter((key) => this.live.handles(key)).length;
    const stopTracking = await this.watches.open(uri, request, held);
    // The session may have subscribed meanwhile (a concurrent request): keep one watch.
    if (subscriptions.has(uri)) {
      stopTracking();
      return;
    }
    const stopWatching = this.events.watch(uri);
    this.sessions.subscribe(request.session, uri, () => {
      stopTracking();
      stopWatching();
    });
  }

  /** Idempotent: unsubscribing from a URI that was never subscribed is not an error. */
  unsubscribe(params: JsonRpcParams, request: RequestContext): Record<string, unknown> {
    const uri = requireUri(params);
    this.relay.unsubscribe(request.session, uri);
    return {};
  }
}

function requireUri(params: JsonRpcParams): string {
  if (typeof params.uri !== 'string') throw new InvalidParamsError('`uri` must be a string');
  return params.uri;
}
