import type { ClientFilters } from '@myko/filter';
import { type OperationDescriptor, OperationInvoker, OperationRegistry } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { LIVE_URI_PREFIX, LIVE_URI_TEMPLATE } from '../../../dispatch.constants';
import { InvalidParamsError, ResourceNotFoundError } from '../../../errors';
import type { RequestContext } from '../../../interfaces/request-context.interface';
import { createOperationContext } from '../../operations/operation-context.factory';
import { toClientFailure } from '../../operations/operation-error.mapper';
import { reportRefusal } from '../../operations/refusal.reporter';
import { type LiveQuery, parseLiveUri } from './live-uri';

const MIME_TYPE = 'application/json';

/** A live or published URI resolved for one client: the read, its arguments, what it reads. */
export interface ResolvedLiveQuery extends LiveQuery {
  readonly uri: string;
  readonly reads: readonly string[];
}

/**
 * Live queries as resources: `myko://live/<kind>/<id>?args=<JSON>` for every watchable read, and the
 * fixed-arguments resources reads publish (`@Report({ resource: … })`). A URI is served under the
 * operation's own rules: hidden or unknown → -32002 as for any resource; live arguments the client
 * may not call it with, or that fail validation → -32602 with the reason; a published resource
 * whose fixed arguments the client may not call it with is hidden (-32002) and unlisted.
 */
@Injectable()
export class LiveQueryCatalog {
  private published?: ReadonlyMap<string, OperationDescriptor>;

  constructor(
    private readonly registry: OperationRegistry,
    private readonly invoker: OperationInvoker,
  ) {}

  /** Whether `uri` is a live URI or a published resource's URI. */
  handles(uri: string): boolean {
    return uri.startsWith(LIVE_URI_PREFIX) || this.publishedByUri().has(uri);
  }

  /** `resources/templates/list` item of the live-query template. */
  template(): Record<string, unknown> {
    return {
      uriTemplate: LIVE_URI_TEMPLATE,
      name: 'live-query',
      title: 'Live query',
      description:
        'The current result of a watchable query, view or report (one whose search signature ends with "// live"), for args given as a ' +
        'URL-encoded JSON object; subscribe to be told when a command changes it.',
      mimeType: MIME_TYPE,
    };
  }

  /** `resources/list` items of the published resources this client can see and call with their arguments. */
  list(filters: ClientFilters): Record<string, unknown>[] {
    return [...this.publishedByUri().values()]
      .filter((operation) => filters.isVisible(operation.name) && this.callable(filters, operation))
      .map(({ resource }) => {
        const { uri, name, title, description } = resource as NonNullable<OperationDescriptor['resource']>;
        return { uri, name, ...(title ? { title } : {}), ...(description ? { description } : {}), mimeType: MIME_TYPE };
      });
  }

  /**
   * The read behind `uri` if this client may watch it.
   * @throws ResourceNotFoundError when it is unknown or hidden; InvalidParamsError when malformed,
   *   not watchable, or not callable with these arguments
   */
  resolve(uri: string, request: RequestContext): ResolvedLiveQuery {
    const query = this.queryOf(uri);
    const operation = this.registry.get(query.name);
    const filters = request.client.filters;
    if (!operation || !filters.isVisible(query.name)) {
      if (operation) reportRefusal(this.invoker, request, query.name, query.args, `${query.name} is not visible`);
      throw new ResourceNotFoundError(uri);
    }
    if (!operation.watchable) {
      throw new InvalidParamsError(`${query.name} is not watchable: it declares no reads`, { uri });
    }
    const refusal = filters.checkCallable(query.name, query.args, this.registry.canonOf(query.name));
    if (refusal !== undefined) {
      reportRefusal(this.invoker, request, query.name, query.args, refusal);
      // A published resource the client may not call is hidden, as unlisted; live arguments are the client's own.
      if (!uri.startsWith(LIVE_URI_PREFIX)) throw new ResourceNotFoundError(uri);
      throw new InvalidParamsError(`not callable with these arguments: ${refusal}`, { uri });
    }
    return { ...query, uri, reads: operation.reads ?? [] };
  }

  /** Runs the read for this client (validation, context, audit as any call) and returns its contents. */
  async read(live: ResolvedLiveQuery, request: RequestContext): Promise<Record<string, unknown>> {
    let value: unknown;
    try {
      value = await this.invoker.invoke(live.name, live.args, createOperationContext(live.name, request));
    } catch (error) {
      throw toClientFailure(error, { as: 'resource', uri: live.uri }, { label: live.name, request });
    }
    return { contents: [{ uri: live.uri, mimeType: MIME_TYPE, text: liveContent(value) }] };
  }

  private callable(filters: ClientFilters, operation: OperationDescriptor): boolean {
    const args = operation.resource?.args ?? {};
    return filters.checkCallable(operation.name, args, this.registry.canonOf(operation.name)) === undefined;
  }

  private queryOf(uri: string): LiveQuery {
    const parsed = parseLiveUri(uri);
    if (parsed) return parsed;
    const operation = this.publishedByUri().get(uri) as OperationDescriptor;
    const args = { ...(operation.resource?.args ?? {}) };
    return { kind: operation.kind, id: operation.id, name: operation.name, args };
  }

  private publishedByUri(): ReadonlyMap<string, OperationDescriptor> {
    if (this.published && this.registry.isSealed) return this.published;
    const entries = this.registry
      .list()
      .filter((operation) => operation.resource)
      .map((operation) => [operation.resource?.uri as string, operation] as const);
    const map = new Map(entries);
    if (this.registry.isSealed) this.published = map;
    return map;
  }
}

/** The text of a live resource: the result as indented JSON (what change detection compares). */
export function liveContent(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2) ?? 'null';
}
