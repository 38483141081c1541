import { Injectable } from '@nestjs/common';
import { CompletionHandler } from '../features/completion/completion.handler';
import { PromptsHandler } from '../features/prompts/prompts.handler';
import { ResourcesHandler } from '../features/resources/resources.handler';
import { ToolsHandler } from '../features/tools/tools.handler';
import type { ClientContext } from '../interfaces/client-context.interface';
import type { RequestContext } from '../interfaces/request-context.interface';
import type { JsonRpcParams } from './json-rpc/json-rpc.message';
import { LifecycleHandler } from './lifecycle.handler';
import { LoggingHandler } from './logging/logging.handler';

export type RequestHandler = (
  params: JsonRpcParams,
  request: RequestContext,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

export type NotificationHandler = (params: JsonRpcParams, client: ClientContext) => void;

/** The method table: which handler answers which JSON-RPC method. */
@Injectable()
export class MethodRouter {
  private readonly requests: ReadonlyMap<string, RequestHandler>;
  private readonly notifications: ReadonlyMap<string, NotificationHandler>;

  constructor(
    lifecycle: LifecycleHandler,
    tools: ToolsHandler,
    resources: ResourcesHandler,
    prompts: PromptsHandler,
    completion: CompletionHandler,
    logging: LoggingHandler,
  ) {
    this.requests = new Map<string, RequestHandler>([
      ['initialize', (params, request) => lifecycle.initialize(params, request)],
      ['ping', () => lifecycle.ping()],
      ['tools/list', (params, request) => tools.list(params, request)],
      ['tools/call', (params, request) => tools.call(params, request)],
      ['resources/list', (params, request) => resources.list(params, request)],
      ['resources/read', (params, request) => resources.read(params, request)],
      ['resources/templates/list', (params, request) => resources.templates(params, request)],
      ['resources/subscribe', (params, request) => resources.subscribe(params, request)],
      ['resources/unsubscribe', (params, request) => resources.unsubscribe(params, request)],
      ['prompts/list', (params, request) => prompts.list(params, request)],
      ['prompts/get', (params, request) => prompts.get(params, request)],
      ['completion/complete', (params, request) => completion.complete(params, request)],
      ['logging/setLevel', (params, request) => logging.setLevel(params, request)],
    ]);
    this.notifications = new Map<string, NotificationHandler>([
      ['notifications/initialized', (params, client) => lifecycle.initialized(params, client)],
      ['notifications/cancelled', (params, client) => lifecycle.cancelled(params, client)],
    ]);
  }

  requestHandler(method: string): RequestHandler | undefined {
    return this.requests.get(method);
  }

  /** Notifications nobody handles are ignored, as JSON-RPC requires (never answered). */
  notificationHandler(method: string): NotificationHandler | undefined {
    return this.notifications.get(method);
  }
}
