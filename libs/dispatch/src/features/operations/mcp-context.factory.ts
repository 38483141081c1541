import {
  ClientCapabilityError,
  type McpContext,
  type McpCreateMessageResult,
  type McpElicitParams,
  type McpElicitResult,
  type McpInputRequest,
} from '@myko/mcp';
import { type ClientInfo } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { ClientRequestSender } from '../../protocol/client-requests/client-request.sender';
import { isPlainObject } from '../../protocol/json-rpc/json-rpc.codec';
import { NO_CLIENT_LOG } from '../../protocol/logging/client-log';
import { clientInfoOf } from './operation-context.factory';

const SAMPLING = 'sampling/createMessage';
const ELICITATION = 'elicitation/create';
const ROOTS = 'roots/list';

type Ask = (request: McpInputRequest, key?: string) => Promise<Record<string, unknown>>;

/** Builds the `McpContext` custom tool, resource and prompt handlers receive for one request. */
@Injectable()
export class McpContextFactory {
  constructor(private readonly sender: ClientRequestSender) {}

  create(request: RequestContext): McpContext {
    const { client, session, signal, progress } = request;
    const capabilities = session.clientCapabilities ?? {};
    const log = request.log ?? NO_CLIENT_LOG;
    const info: ClientInfo = clientInfoOf(request);
    const ask = this.asker(request, capabilities);
    return {
      client: info,
      sessionId: client.sessionId,
      clientCapabilities: capabilities,
      signal,
      progress,
      log: (level, data, logger) => log(level, data, logger),
      createMessage: async (params, options) =>
        (await ask({ method: SAMPLING, params }, options?.key)) as McpCreateMessageResult,
      elicit: async (params, options) => {
        requireElicitation(capabilities.elicitation, params);
        return (await ask({ method: ELICITATION, params }, options?.key)) as McpElicitResult;
      },
      listRoots: async (options) =>
        (await ask({ method: ROOTS, params: {} }, options?.key)) as { roots: { uri: string; name?: string }[] },
      input: async (requests) => {
        if (request.taskInput) return request.taskInput(requests);
        const round = request.input;
        if (round) return round.ask(requests);
        const answers: Record<string, Record<string, unknown>> = {};
        for (const [key, one] of Object.entries(requests)) answers[key] = await ask(one, key);
        return answers;
      },
      resumed: request.input?.resumed ?? false,
    };
  }

  /**
   * A task's run: through the task (`inputRequests`, answered by `tasks/update`). 2026-07-28: through the
   * request's input round (MRTR, keyed); 2025 sessions: a request to the client on the request's stream, once its
   * capability was declared at `initialize`.
   */
  private asker(request: RequestContext, capabilities: Record<string, unknown>): Ask {
    const { taskInput } = request;
    if (taskInput) {
      let asked = 0;
      return async (one, key) => {
        const name = key ?? `${one.method}-${++asked}`;
        return (await taskInput({ [name]: one }))[name];
      };
    }
    const round = request.input;
    if (round) {
      return async (one, key) => {
        const name = key ?? round.nextKey(one.method);
        return round.ask({ [name]: one })[name];
      };
    }
    return async (one) => {
      const capability = one.method === SAMPLING ? 'sampling' : one.method === ROOTS ? 'roots' : 'elicitation';
      if (!isPlainObject(capabilities[capability])) throw new ClientCapabilityError(one.method, capability);
      return this.sender.send(request, one.method, one.params);
    };
  }
}

/**
 * 2025-11-25: `elicitation: {}` means form mode only; `{ form?, url? }` names the modes. A URL
 * elicitation needs `url`; a form needs `form` or the empty (legacy) declaration.
 */
function requireElicitation(declared: unknown, params: McpElicitParams): void {
  if (!isPlainObject(declared)) return; // the asker refuses it, as MRTR numbers it on modern requests
  const modes = Object.keys(declared).filter((key) => key === 'form' || key === 'url');
  if (params.mode === 'url') {
    if (!modes.includes('url')) throw new ClientCapabilityError(ELICITATION, 'elicitation.url');
  } else if (modes.length > 0 && !modes.includes('form')) {
    throw new ClientCapabilityError(ELICITATION, 'elicitation.form');
  }
}
