import { Injectable } from '@nestjs/common';
import { CompletionHandler } from './features/completion/completion.handler';
import { PromptsHandler } from './features/prompts/prompts.handler';
import { ResourcesHandler } from './features/resources/resources.handler';
import { SubscriptionsListenHandler } from './features/resources/subscriptions-listen.handler';
import { TasksHandler } from './features/tasks/tasks.handler';
import { ToolsHandler } from './features/tools/tools.handler';
import { LifecycleHandler } from './protocol/lifecycle.handler';
import { LoggingHandler } from './protocol/logging/logging.handler';
import { MethodTable, type NotificationHandler, type RequestHandler } from './protocol/method-table';

/** The method table: which handler answers which JSON-RPC method. */
@Injectable()
export class MethodRouter extends MethodTable {
  private readonly requests: ReadonlyMap<string, RequestHandler>;
  private readonly modernRequests: ReadonlyMap<string, RequestHandler>;
  private readonly notifications: ReadonlyMap<string, NotificationHandler>;

  constructor(
    lifecycle: LifecycleHandler,
    tools: ToolsHandler,
    resources: ResourcesHandler,
    prompts: PromptsHandler,
    completion: CompletionHandler,
    logging: LoggingHandler,
    listen: SubscriptionsListenHandler,
    tasks: TasksHandler,
  ) {
    super();
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
      ['tasks/get', (params, request) => tasks.get(params, request)],
      ['tasks/result', (params, request) => tasks.result(params, request)],
      ['tasks/cancel', (params, request) => tasks.cancel(params, request)],
      ['tasks/list', (params, request) => tasks.list(params, request)],
    ]);
    this.modernRequests = new Map<string, RequestHandler>([
      ['subscriptions/listen', (params, request) => listen.listen(params, request)],
      ['tasks/update', (params, request) => tasks.update(params, request)],
    ]);
    this.notifications = new Map<string, NotificationHandler>([
      ['notifications/initialized', (params, client) => lifecycle.initialized(params, client)],
      ['notifications/cancelled', (params, client) => lifecycle.cancelled(params, client)],
    ]);
  }

  requestHandler(method: string): RequestHandler | undefined {
    return this.requests.get(method);
  }

  modernRequestHandler(method: string): RequestHandler | undefined {
    return this.modernRequests.get(method);
  }

  notificationHandler(method: string): NotificationHandler | undefined {
    return this.notifications.get(method);
  }
}
