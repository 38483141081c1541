import type { IncomingMessage } from 'node:http';
import type { ClientFilters } from '@myko/filter';
import { Inject, Injectable } from '@nestjs/common';
import type { ServerOptions } from 'ws';
import { type ClientAccess, ClientAccessResolver } from '../common/client-access.resolver';
import { HostOriginPolicy } from '../common/host-origin.policy';
import { GATEWAYS_OPTIONS, MCP_WS_SUBPROTOCOL } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { clientAddress } from '../limits/client-address';
import { EdgeAdmission, isRefusal } from '../limits/edge-admission.service';
import { retryAfterSeconds } from '../limits/limit-exceeded.error';
import { LIMIT_NAMES } from '../limits/limits.constants';

type VerifyCallback = (verified: boolean, code?: number, message?: string, headers?: Record<string, string>) => void;

interface HandshakeRefusal {
  status: number;
  message: string;
  headers?: Readonly<Record<string, string>>;
}

function offeredProtocols(req: IncomingMessage): string[] {
  return (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
}

/**
 * Decides each WebSocket handshake before the upgrade: the `mcp` subprotocol must be offered (400),
 * Host/Origin must pass the shared policy (403), the API key must be known when auth is required
 * (401 with `WWW-Authenticate`), and the filter headers must parse (400). The access decided here
 * (principal and filters) is the connection's for its whole life.
 */
@Injectable()
export class WsHandshakeVerifier {
  private readonly accessByRequest = new WeakMap<IncomingMessage, ClientAccess>();

  constructor(
    private readonly policy: HostOriginPolicy,
    private readonly resolver: ClientAccessResolver,
    private readonly admission: EdgeAdmission,
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

  /** The principal and filters accepted at the handshake of this upgrade request. */
  accessOf(req: IncomingMessage): ClientAccess | undefined {
    return this.accessByRequest.get(req);
  }

  /** The filters accepted at the handshake of this upgrade request. */
  filtersOf(req: IncomingMessage): ClientFilters | undefined {
    return this.accessByRequest.get(req)?.filters;
  }

  private verify(req: IncomingMessage, done: VerifyCallback): void {
    const verifying = this.resolver.prepare(req.headers);
    if (verifying) verifying.then(() => this.decide(req, done)).catch(() => done(false, 500, 'Internal Server Error'));
    else this.decide(req, done);
  }

  private decide(req: IncomingMessage, done: VerifyCallback): void {
    const refusal = this.refusal(req);
    if (refusal) done(false, refusal.status, refusal.message, { ...refusal.headers });
    else done(true);
  }

  private refusal(req: IncomingMessage): HandshakeRefusal | undefined {
    if (!offeredProtocols(req).includes(MCP_WS_SUBPROTOCOL)) {
      return { status: 400, message: `Bad Request: the WebSocket subprotocol "${MCP_WS_SUBPROTOCOL}" is required` };
    }
    const forbidden = this.policy.refusal(req.headers.host, req.headers.origin);
    if (forbidden) return { status: 403, message: `Forbidden: ${forbidden}` };
    const resolved = this.resolver.resolve(req.headers);
    if ('refusal' in resolved) return resolved.refusal;
    const slotRefusal = this.reserveSlot(req);
    if (slotRefusal) return slotRefusal;
    this.accessByRequest.set(req, resolved.access);
    return undefined;
  }

  /**
   * A connection slot of the client's address, held until the socket closes, whether the upgrade
   * completes or not (the upgraded WebSocket keeps the request's socket).
   */
  private reserveSlot(req: IncomingMessage): HandshakeRefusal | undefined {
    const slot = this.admission.reserveWsSlot(clientAddress(req));
    if (isRefusal(slot)) {
      const status = slot.limit === LIMIT_NAMES.wsPerAddress ? 429 : 503;
      return { status, message: slot.message, headers: { 'Retry-After': retryAfterSeconds(slot.retryAfterMs) } };
    }
    req.socket.once('close', slot.release);
    return undefined;
  }
}
