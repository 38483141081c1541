import {
  ClientCapabilityError,
  type ClientInfo,
  type McpContext,
  type McpCreateMessageResult,
  type McpElicitParams,
  type McpElicitResult,
} from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { ClientRequestSender } from '../client-requests/client-request.sender';
import type { RequestContext } from '../interfaces/request-context.interface';
import { isPlainObject } from '../json-rpc/json-rpc.codec';
import { NO_CLIENT_LOG } from '../logging/client-log';

const SAMPLING = 'sampling/createMessage';
const ELICITATION = 'elicitation/create';

/** Builds the `McpContext` custom tool, resource and prompt handlers receive for one request. */
@Injectable()
export class McpContextFactory {
  constructor(private readonly sender: ClientRequestSender) {}

  create(request: RequestContext): McpContext {
    const { client, session, signal, progress } = request;
    const capabilities = session.clientCapabilities ?? {};
    const log = request.log ?? NO_CLIENT_LOG;
    const info: ClientInfo = {
      transport: client.transport,
      sessionId: client.sessionId,
      principal: client.principal,
      ...(client.subject === undefined ? {} : { subject: client.subject }),
      clientName: session.clientInfo?.name,
    };
    return {
      client: info,
      sessionId: client.sessionId,
      clientCapabilities: capabilities,
      signal,
      progress,
      log: (level, data, logger) => log(level, data, logger),
      createMessage: async (params) => {
        if (!isPlainObject(capabilities.sampling)) throw new ClientCapabilityError(SAMPLING, 'sampling');
        return (await this.sender.send(request, SAMPLING, params)) as McpCreateMessageResult;
      },
      elicit: async (params) => {
        requireElicitation(capabilities.elicitation, params);
        return (await this.sender.send(request, ELICITATION, params)) as McpElicitResult;
      },
    };
  }
}

/**
 * 2025-11-25: `elicitation: {}` means form mode only; `{ form?, url? }` names the modes. A URL
 * elicitation needs `url`; a form needs `form` or the empty (legacy) declaration.
 */
function requireElicitation(declared: unknown, params: McpElicitParams): void {
  if (!isPlainObject(declared)) throw new ClientCapabilityError(ELICITATION, 'elicitation');
  const modes = Object.keys(declared).filter((key) => key === 'form' || key === 'url');
  if (params.mode === 'url') {
    if (!modes.includes('url')) throw new ClientCapabilityError(ELICITATION, 'elicitation.url');
  } else if (modes.length > 0 && !modes.includes('form')) {
    throw new ClientCapabilityError(ELICITATION, 'elicitation.form');
  }
}
