import type { IncomingMessage } from 'node:http';
import { type ClientAccess, ClientAccessResolver } from '@myko/access';
import { failureResponse } from '@myko/dispatch';
import type { ClientFilters } from '@myko/filter';
import { Inject, Injectable } from '@nestjs/common';
import type { ServerOptions } from 'ws';
import { HostOriginPolicy } from '../common/host-origin.policy';
import { WS_OVERSIZED_READ_FACTOR } from '../common/oversized-message';
import { GATEWAYS_OPTIONS, MCP_WS_SUBPROTOCOL, TRANSPORT_ERROR } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { clientIdOf } from '../limits/client-address';
import { ClientAddressResolver } from '../limits/client-address.resolver';
import { EdgeAdmission, isRefusal } from '../limits/edge-admission.service';
import { EdgeRefusals, reasonOfStatus } from '../limits/edge-refusals';
import { retryAfterSeconds } from '../limits/limit-exceeded.error';
import { LIMIT_NAMES } from '../limits/limits.constants';
import { sessionQuotaOf } from '../limits/quota-rates';
import { WsSlotLedger } from '../limits/ws-slot.ledger';
import { headersWithProtocolKey, offeredProtocols, WS_API_KEY_PROTOCOL_PREFIX } from './ws-api-key.protocol';

type VerifyCallback = (verified: boolean, code?: number, message?: string, headers?: Record<string, string>) => void;

interface HandshakeRefusal {
  status: number;
  message: string;
  headers?: Readonly<Record<string, string>>;
  /** A slot's refusal: the limit, when to retry, and whose slots were full. */
  limit?: string;
  retryAfterMs?: number;
  principal?: string;
}

/** URL query parameters that look like a credential: refused, so that nobody learns to put keys in URLs. */
const KEY_IN_URL = /[?&](?:api[_-]?key|key|token|access[_-]?token|authorization)=/i;

/**
 * Decides each WebSocket handshake before the upgrade: the `mcp` subprotocol must be offered (400),
 * Host/Origin must pass the shared policy (403), the API key (an `Authorization` header, or a
 * `base64url.bearer.myko.<key>` subprotocol entry for clients that cannot set headers; never the
 * URL) must be known when auth is required (401 with `WWW-Authenticate`), and the filter headers
 * must parse (400). Refusals are JSON-RPC error bodies (`application/json`), like the HTTP
 * gateway's. The access decided here (principal and filters) is the connection's for its whole life.
 */
@Injectable()
export class WsHandshakeVerifier {
  private readonly accessByRequest = new WeakMap<IncomingMessage, ClientAccess>();

  constructor(
    private readonly policy: HostOriginPolicy,
    private readonly resolver: ClientAccessResolver,
    private readonly admission: EdgeAdmission,
    private readonly slots: WsSlotLedger,
    private readonly addresses: ClientAddressResolver,
    @Inject(GATEWAYS_OPTIONS) private readonly options: Pick<ResolvedGatewaysOptions, 'maxMessageBytes'>,
    private readonly refusals: EdgeRefusals,
  ) {}

  /** Options merged into the `ws` server of the MCP gateway. */
  serverOptions(): Pick<ServerOptions, 'verifyClient' | 'handleProtocols' | 'maxPayload'> {
    return {
      // Frames up to this are read and, past maxMessageBytes, answered with an error (McpGateway).
      maxPayload: this.options.maxMessageBytes * WS_OVERSIZED_READ_FACTOR,
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
    const verifying = this.resolver.prepare(req.headers, 'websocket');
    if (verifying) verifying.then(() => this.decide(req, done)).catch(() => done(false, 500, 'Internal Server Error'));
    else this.decide(req, done);
  }

  private decide(req: IncomingMessage, done: VerifyCallback): void {
    const refusal = this.refusal(req);
    if (!refusal) {
      done(true);
      return;
    }
    const body = JSON.stringify(failureResponse(null, { code: TRANSPORT_ERROR, message: refusal.message }));
    done(false, refusal.status, body, { ...refusal.headers, 'Content-Type': 'application/json' });
    this.report(req, refusal);
  }

  /** Every refused handshake, for the audit log: the limit's name, else the status's (`unauthorized`…). */
  private report(req: IncomingMessage, refusal: HandshakeRefusal): void {
    this.refusals.report(() => ({
      at: Date.now(),
      door: 'ws-handshake',
      status: refusal.status,
      principal: refusal.principal ?? clientIdOf(undefined, this.addresses.of(req)),
      operation: 'connect',
      reason: refusal.limit ?? reasonOfStatus(refusal.status),
      ...(refusal.retryAfterMs === undefined ? {} : { retryAfterMs: refusal.retryAfterMs }),
      detail: refusal.message,
    }));
  }

  private refusal(req: IncomingMessage): HandshakeRefusal | undefined {
    if (!offeredProtocols(req).includes(MCP_WS_SUBPROTOCOL)) {
      return { status: 400, message: `Bad Request: the WebSocket subprotocol "${MCP_WS_SUBPROTOCOL}" is required` };
    }
    const forbidden = this.policy.refusal(req.headers.host, req.headers.origin);
    if (forbidden) return { status: 403, message: `Forbidden: ${forbidden}` };
    if (KEY_IN_URL.test(req.url ?? '')) {
      const how = `the Authorization header or a ${WS_API_KEY_PROTOCOL_PREFIX}<base64url key> subprotocol`;
      return { status: 400, message: `Bad Request: API keys are not accepted in the URL; send ${how}` };
    }
    const withKey = headersWithProtocolKey(req);
    if ('error' in withKey) return { status: 400, message: `Bad Request: ${withKey.error}` };
    const resolved = this.resolver.resolve(withKey.headers, 'websocket');
    if ('refusal' in resolved) return resolved.refusal;
    const slotRefusal = this.reserveSlot(req, resolved.access);
    if (slotRefusal) return slotRefusal;
    this.accessByRequest.set(req, resolved.access);
    return undefined;
  }

  /**
   * A connection slot of the client's address, held until the socket closes, whether the upgrade
   * completes or not (the upgraded WebSocket keeps the request's socket). At a full per-address or
   * per-key cap, the least useful socket of that address (anonymous) or key is ended for the newcomer.
   */
  private reserveSlot(req: IncomingMessage, access: ClientAccess): HandshakeRefusal | undefined {
    const address = this.addresses.of(req);
    const { keyId } = access;
    const { sessionQuota } = sessionQuotaOf(access);
    let slot = this.admission.reserveWsSlot(address, keyId, sessionQuota);
    if (isRefusal(slot) && slot.limit !== LIMIT_NAMES.wsTotal) {
      const ownSlots = slot.limit === LIMIT_NAMES.wsPerKey || slot.limit === LIMIT_NAMES.quotaSessions;
      const group = ownSlots && keyId !== undefined ? { keyId } : { address };
      if (this.slots.evictFor(group)) slot = this.admission.reserveWsSlot(address, keyId, sessionQuota);
    }
    if (isRefusal(slot)) {
      const status = slot.limit === LIMIT_NAMES.wsTotal ? 503 : 429;
      const headers = { 'Retry-After': retryAfterSeconds(slot.retryAfterMs) };
      const { limit, retryAfterMs } = slot;
      return { status, message: slot.message, headers, limit, retryAfterMs, principal: clientIdOf(keyId, address) };
    }
    this.slots.hold(req, address, keyId, slot.release);
    return undefined;
  }
}
