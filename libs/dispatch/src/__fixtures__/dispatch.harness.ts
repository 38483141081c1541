import { ClientFilters, filtersFromHeaders } from '@myko/filter';
import { RegistryModule } from '@myko/registry';
import type { DynamicModule, Provider } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { DispatchModule } from '../dispatch.module';
import { DispatchService } from '../dispatch.service';
import type { ClientContext } from '../interfaces/client-context.interface';
import type { DispatchModuleOptions } from '../interfaces/dispatch-options.interface';
import type {
  JsonRpcFailure,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcSuccess,
} from '../interfaces/json-rpc.types';
import { ShopOperations } from './shop.operations';

// biome-ignore lint/suspicious/noExplicitAny: specs read untyped JSON results
export type Json = any;

let nextId = 1;
let nextSession = 1;

/**
 * Options of a dispatch that runs no script (nor lists its tools, whose `execute` reads the mode): without a type
 * check its boot warms no type-check workers (from the TypeScript sources under jest, seconds of CPU each).
 */
export const NO_SCRIPTS = { execute: { typeCheck: 'off' } } as const satisfies DispatchModuleOptions;

/** A booted RegistryModule + DispatchModule with the shop fixture, driven through `DispatchService.handle`. */
export class DispatchHarness {
  private constructor(
    readonly moduleRef: TestingModule,
    readonly dispatch: DispatchService,
    readonly shop: ShopOperations,
  ) {}

  /** `imports`: more modules beside the registry and dispatch (`StateModule` for a dispatch on a shared bus). */
  static async create(
    options: DispatchModuleOptions = {},
    providers: Provider[] = [],
    imports: DynamicModule[] = [],
  ): Promise<DispatchHarness> {
    const moduleRef = await Test.createTestingModule({
      imports: [RegistryModule, DispatchModule.forRoot(options), ...imports],
      providers: [ShopOperations, ...providers],
    }).compile();
    await moduleRef.init();
    return new DispatchHarness(moduleRef, moduleRef.get(DispatchService), moduleRef.get(ShopOperations));
  }

  /** Real filters, as a gateway builds them from `X-Myko-Tool-*` headers. */
  static filters(headers: Record<string, string | object>): ClientFilters {
    const text = Object.fromEntries(
      Object.entries(headers).map(([key, value]) => [
        `x-myko-tool-${key}`,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    );
    return filtersFromHeaders(text);
  }

  /**
   * A client of its own session; `notifications` collects what dispatch sends it on the request's
   * stream (notifications, and requests to the client).
   */
  client(
    filters: ClientFilters = ClientFilters.ALLOW_ALL,
    notifications?: (JsonRpcNotification | JsonRpcRequest)[],
  ): ClientContext {
    const notify = notifications ? (n: JsonRpcNotification | JsonRpcRequest) => notifications.push(n) : undefined;
    return { transport: 'internal', sessionId: `session-${nextSession++}`, filters, notify };
  }

  /** Initializes the client's session with these capabilities (sampling, elicitation…). */
  async initialize(client: ClientContext, capabilities: Record<string, unknown> = {}): Promise<Json> {
    return this.result(
      'initialize',
      { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'spec-client', version: '1.0.0' } },
      client,
    );
  }

  async request(method: string, params?: Record<string, unknown>, client = this.client()): Promise<JsonRpcResponse> {
    const message: Record<string, unknown> = { jsonrpc: '2.0', id: nextId++, method };
    if (params) message.params = params;
    const response = await this.dispatch.handle(message, client);
    if (!response) throw new Error(`no response to ${method}`);
    return response;
  }

  /** The `result` of a request that must succeed. */
  async result(method: string, params?: Record<string, unknown>, client?: ClientContext): Promise<Json> {
    const response = await this.request(method, params, client);
    if (!('result' in response)) throw new Error(`${method} failed: ${JSON.stringify(response.error)}`);
    return (response as JsonRpcSuccess).result;
  }

  /** The `error` of a request that must fail. */
  async error(
    method: string,
    params?: Record<string, unknown>,
    client?: ClientContext,
  ): Promise<JsonRpcFailure['error']> {
    const response = await this.request(method, params, client);
    if (!('error' in response)) throw new Error(`${method} succeeded: ${JSON.stringify(response.result)}`);
    return response.error;
  }

  callTool(name: string, args?: Record<string, unknown>, client?: ClientContext): Promise<Json> {
    return this.result('tools/call', args === undefined ? { name } : { name, arguments: args }, client);
  }

  async search(args: Record<string, unknown>, client?: ClientContext): Promise<Json> {
    const result = await this.callTool('search', args, client);
    if (result.isError) throw new Error(`search failed: ${result.content[0].text}`);
    return result.structuredContent;
  }

  close(): Promise<void> {
    return this.moduleRef.close();
  }
}
