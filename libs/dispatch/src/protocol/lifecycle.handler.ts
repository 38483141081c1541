import { McpPrimitiveRegistry } from '@myko/mcp';
import { Inject, Injectable } from '@nestjs/common';
import {
  DISPATCH_OPTIONS,
  LATEST_PROTOCOL_VERSION,
  SERVER_INSTRUCTIONS,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '../dispatch.constants';
import { InvalidParamsError } from '../errors';
import type { ClientContext } from '../interfaces/client-context.interface';
import type { ResolvedDispatchOptions } from '../interfaces/dispatch-options.interface';
import type { InstructionsSource } from '../interfaces/instructions-source.interface';
import type { RequestContext } from '../interfaces/request-context.interface';
import type { PeerInfo } from '../interfaces/session-state.interface';
import { SessionRelay } from './cluster/session.relay';
import { isPlainObject, isValidId } from './json-rpc/json-rpc.codec';
import type { JsonRpcParams } from './json-rpc/json-rpc.message';
import { SessionStore } from './session/session.store';

/** The first revision with Tasks (`capabilities.tasks`, `tasks/*`). */
const TASKS_SINCE = '2025-11-25';
/** What of Tasks is served: `tools/call` as a task (of `execute`), `tasks/list` and `tasks/cancel`. */
const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

/** `initialize`, `ping`, `notifications/initialized` and `notifications/cancelled`. */
@Injectable()
export class LifecycleHandler {
  constructor(
    @Inject(DISPATCH_OPTIONS) private readonly options: ResolvedDispatchOptions,
    private readonly sessions: SessionStore,
    private readonly primitives: McpPrimitiveRegistry,
    private readonly relay: SessionRelay,
    @Inject(SERVER_INSTRUCTIONS) private readonly instructions: InstructionsSource,
  ) {}

  /** Echoes the client's protocol version when supported, else answers the latest one. */
  initialize(params: JsonRpcParams, request: RequestContext): Record<string, unknown> {
    const { protocolVersion, capabilities = {}, clientInfo } = params;
    if (typeof protocolVersion !== 'string') throw new InvalidParamsError('`protocolVersion` must be a string');
    if (!isPlainObject(capabilities)) throw new InvalidParamsError('`capabilities` must be an object');
    const supported = (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(protocolVersion);
    const session = request.session;
    session.protocolVersion = supported ? protocolVersion : LATEST_PROTOCOL_VERSION;
    session.clientCapabilities = capabilities;
    session.clientInfo = isPlainObject(clientInfo) ? toPeerInfo(clientInfo) : undefined;
    const result: Record<string, unknown> = {
      protocolVersion: session.protocolVersion,
      capabilities: this.capabilities(session.protocolVersion >= TASKS_SINCE),
      serverInfo: { ...this.options.serverInfo },
    };
    const instructions = this.instructionsFor(request.client);
    if (instructions) result.instructions = instructions;
    return result;
  }

  /** The instructions this client is given (they depend on its tool mode). */
  instructionsFor(client: ClientContext): string | undefined {
    return this.instructions.for(client);
  }

  /**
   * Only what is served. The tool, resource and prompt sets are fixed at boot, so no list-change
   * notifications; prompts only when a plugin declares one. Completions are always served: the
   * schema template completes operation kinds and ids. `tasks`: 2025-11-25's Tasks (`execute` as a task).
   */
  capabilities(tasks = false): Record<string, unknown> {
    return {
      tools: { listChanged: false },
      resources: { subscribe: true, listChanged: false },
      ...(this.primitives.prompts().length > 0 ? { prompts: { listChanged: false } } : {}),
      logging: {},
      completions: {},
      ...(tasks ? { tasks: TASKS_CAPABILITY } : {}),
    };
  }

  ping(): Record<string, unknown> {
    return {};
  }

  initialized(_params: JsonRpcParams, client: ClientContext): void {
    this.sessions.get(client.sessionId).initialized = true;
  }

  /** Aborts the named request of the same session, on whichever instance runs it; unknown or finished ids are ignored. */
  cancelled(params: JsonRpcParams, client: ClientContext): void {
    const { requestId, reason } = params;
    if (!isValidId(requestId)) return;
    this.relay.cancel(client.sessionId, requestId, typeof reason === 'string' ? reason : 'Cancelled by the client');
  }
}

function toPeerInfo(info: Record<string, unknown>): PeerInfo {
  const peer: PeerInfo = { name: String(info.name ?? ''), version: String(info.version ?? '') };
  if (typeof info.title === 'string') peer.title = info.title;
  return peer;
}
