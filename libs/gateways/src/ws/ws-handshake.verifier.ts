import type { IncomingMessage } from 'node:http';
import type { ClientFilters } from '@myko/filter';
import { Inject, Injectable } from '@nestjs/common';
import type { ServerOptions } from 'ws';
import { headerFilters } from '../common/header-filters';
import { HostOriginPolicy } from '../common/host-origin.policy';
import { GATEWAYS_OPTIONS, MCP_WS_SUBPROTOCOL } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';

type VerifyCallback = (verified: boolean, code?: number, message?: string) => void;

function offeredProtocols(req: IncomingMessage): string[] {
  return (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
}

/**
 * Decides each WebSocket handshake before the upgrade: the `mcp` subprotocol must be offered (400),
 * Host/Origin must pass the shared policy (403), and the filter headers must parse (400). The
 * filters parsed here are the connection's filters for its whole life.
 */
@Injectable()
export class WsHandshakeVerifier {
  private readonly filtersByRequest = new WeakMap<IncomingMessage, ClientFilters>();

  constructor(
    private readonly policy: HostOriginPolicy,
    @Inject(GATEWAYS_OPTIONS) private readonly options: Pick<ResolvedGatewaysOptions, 'maxMessageBytes'>,
  ) {}

  /** Options merged into the `ws` server of the MCP gateway. */
  serverOptions(): Pick<ServerOptions, 'verifyClient' | 'handleProtocols' | 'maxPayload'> {
    return {
      maxPayload: this.options.maxMessageBytes,
      handleProtocols: (protocols) => (protocols.has(MCP_WS_SUBPROTOCOL) ? MCP_WS_SUBPROTOCOL : false),
      verifyClient: (info: { req: IncomingMessage }, done: VerifyCallback) => this.verify(info.req, done),
    };
  }

  /** The filters accepted at the handshake of this upgrade request. */
  filtersOf(req: IncomingMessage): ClientFilters | undefined {
    return this.filtersByRequest.get(req);
  }

  private verify(req: IncomingMessage, done: VerifyCallback): void {
    const refusal = this.refusal(req);
    if (refusal) done(false, refusal.status, refusal.message);
    else done(true);
  }

  private refusal(req: IncomingMessage): { status: number; message: string } | undefined {
    if (!offeredProtocols(req).includes(MCP_WS_SUBPROTOCOL)) {
      return { status: 400, message: `Bad Request: the WebSocket subprotocol "${MCP_WS_SUBPROTOCOL}" is required` };
    }
    const forbidden = this.policy.refusal(req.headers.host, req.headers.origin);
    if (forbidden) return { status: 403, message: `Forbidden: ${forbidden}` };
    const parsed = headerFilters(req.headers);
    if ('error' in parsed) return { status: 400, message: `Bad Request: ${parsed.error}` };
    this.filtersByRequest.set(req, parsed.filters);
    return undefined;
  }
}
