import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import {
  type ClientContext,
  classifyMessage,
  DispatchService,
  failureResponse,
  JSON_RPC_ERROR_CODES,
  type JsonRpcNotification,
  type JsonRpcResponse,
} from '@myko/dispatch';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  Optional,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type WebSocket, WebSocketServer } from 'ws';
import { closeAtExpiry } from '../auth/token-expiry';
import { oversizedMessageError } from '../common/oversized-message';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { DrainCoordinator } from '../lifecycle/drain.coordinator';
import { clientIdOf, rateLimitKey } from '../limits/client-address';
import { ClientAddressResolver } from '../limits/client-address.resolver';
import { EdgeAdmission } from '../limits/edge-admission.service';
import { EdgeRefusals } from '../limits/edge-refusals';
import { EdgeWorkBudget } from '../limits/edge-work.budget';
import { type QuotaSubject, requestQuotaOf } from '../limits/quota-rates';
import { startWsHeartbeat } from '../limits/ws-heartbeat';
import { startWsIdleWatch } from '../limits/ws-idle.watch';
import { WsOutboundSender } from '../limits/ws-outbound.sender';
import { gateWsMessage, wsEdgeRefusal } from '../limits/ws-request.gate';
import { WsSlotLedger } from '../limits/ws-slot.ledger';
import { routeUpgrades } from './mcp-ws.upgrade';
import { WsHandshakeVerifier } from './ws-handshake.verifier';

/** A WebSocket frame as the gateway receives it: text frames as strings, binary frames as buffers. */
export type WsFrame = string | Buffer;

const BINARY_FRAME_REFUSED = {
  code: JSON_RPC_ERROR_CODES.INVALID_REQUEST,
  message: 'Invalid Request: binary frames are not accepted; send each JSON-RPC message as one text frame',
} as const;

/** Options of the gateway's limits that its `ws` server runs. */
type WsGatewayOptions = Pick<
  ResolvedGatewaysOptions,
  'maxMessageBytes' | 'wsHeartbeatMs' | 'wsInitializeTimeoutMs' | 'wsIdleTimeoutMs' | 'mcpPaths'
>;

/**
 * MCP over WebSocket at the first MCP path (`/mcp` by default; a custom transport: the SDK's
 * `WebSocketClientTransport` framing). At application bootstrap it puts a `ws` server of its own on
 * the application's HTTP server (`routeUpgrades`: ahead of, and beside, whatever WebSocket adapter the
 * application uses for its own gateways), which decides each handshake with `WsHandshakeVerifier`.
 * One JSON-RPC message per text frame; each connection is its own session with the principal and
 * filters of its handshake; requests run concurrently and are answered as they complete. Frames go
 * straight from the socket to `DispatchService` (no Nest per-message pipeline); heartbeat, idle and
 * initialize timeouts run on its server.
 * @publicApi
 */
@Injectable()
export class McpGateway implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(McpGateway.name);
  private readonly clients = new WeakMap<WebSocket, ClientContext>();
  /** Whose rate limit a connection's requests count against (its API key, else its address). */
  private readonly rateKeys = new WeakMap<WebSocket, string>();
  /** The `requestsPerSecond` quota of the socket's profile, when it has one. */
  private readonly requestQuotas = new WeakMap<WebSocket, QuotaSubject>();
  /** Sockets whose `initialize` succeeded (the others are closed after `wsInitializeTimeoutMs`). */
  private readonly initialized = new WeakSet<WebSocket>();
  private server?: WebSocketServer;
  private unroute?: () => void;

  constructor(
    private readonly dispatch: DispatchService,
    private readonly handshake: WsHandshakeVerifier,
    private readonly admission: EdgeAdmission,
    private readonly outbound: WsOutboundSender,
    private readonly drain: DrainCoordinator,
    private readonly slots: WsSlotLedger,
    private readonly edgeWork: EdgeWorkBudget,
    private readonly addresses: ClientAddressResolver,
    @Inject(GATEWAYS_OPTIONS) private readonly options: WsGatewayOptions,
    private readonly refusals: EdgeRefusals,
    @Optional() private readonly adapterHost?: HttpAdapterHost,
  ) {}

  onApplicationBootstrap(): void {
    const httpServer = this.adapterHost?.httpAdapter?.getHttpServer() as Server | undefined;
    if (!httpServer) return; // an application context (stdio): no HTTP server to serve on
    const server = new WebSocketServer({ noServer: true, ...this.handshake.serverOptions() });
    server.on('connection', (socket: WebSocket, req: IncomingMessage) => {
      socket.on('error', (error) => this.logger.warn(`WebSocket client error: ${error.message}`));
      socket.once('close', () => this.handleDisconnect(socket));
      this.handleConnection(socket, req);
    });
    server.on('error', (error) => this.logger.error(error));
    this.unroute = routeUpgrades(httpServer, this.options.mcpPaths[0], server);
    this.afterInit(server);
  }

  private afterInit(server: WebSocketServer): void {
    this.server = server;
    startWsHeartbeat(server, this.options.wsHeartbeatMs);
    const { wsInitializeTimeoutMs: initializeTimeoutMs, wsIdleTimeoutMs: idleTimeoutMs } = this.options;
    startWsIdleWatch(server, { initializeTimeoutMs, idleTimeoutMs }, (socket) => this.isInitialized(socket));
  }

  handleConnection(socket: WebSocket, req: IncomingMessage): void {
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const done = this.slots.busy(socket);
      const clientId = this.clients.get(socket)?.clientId ?? clientIdOf(undefined, this.addresses.of(req));
      void this.edgeWork
        .run(clientId, () => this.onFrame(socket, isBinary ? data : data.toString('utf8')))
        .finally(done);
    });
    this.slots.attach(socket, req, () => this.isInitialized(socket));
    this.open(socket, req);
  }

  /** Who holds each open connection here (`key:…`, else `address:…`) and its profile: the operator's live view. */
  owners(): Array<{ principal: string; session: string; profile?: string }> {
    const owners: Array<{ principal: string; session: string; profile?: string }> = [];
    for (const socket of this.server?.clients ?? []) {
      const client = this.clients.get(socket);
      if (!client?.clientId) continue;
      const { clientId: principal, sessionId: session } = client;
      owners.push({ principal, session, ...(client.principal ? { profile: client.principal } : {}) });
    }
    return owners;
  }

  /** Whether the socket's `initialize` has succeeded. */
  isInitialized(socket: WebSocket): boolean {
    return this.initialized.has(socket);
  }

  handleDisconnect(socket: WebSocket): void {
    const client = this.clients.get(socket);
    if (client) this.dispatch.endSession(client.sessionId);
    this.clients.delete(socket);
  }

  /** After the drain (which closes connections with 1001), whatever is left is cut. */
  async beforeApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await this.drain.drain();
    for (const socket of server.clients) socket.terminate();
    this.unroute?.();
    server.close();
  }

  /** Makes the socket a session with the access of its handshake, unless the server drains. */
  private open(socket: WebSocket, req: IncomingMessage): void {
    if (!this.drain.admitSocket(socket)) return;
    const access = this.handshake.accessOf(req);
    if (!access) {
      // Not verified (a socket emitted on the server by other code): refuse rather than serve without the client's filters.
      this.logger.error('WebSocket connection without a handshake verified by WsHandshakeVerifier');
      socket.close(1011, 'Handshake not verified');
      return;
    }
    const sessionId = randomUUID();
    closeAtExpiry(socket, access.expiresAtMs);
    const address = this.addresses.of(req);
    const rateKey = rateLimitKey(access.keyId, address);
    this.rateKeys.set(socket, rateKey);
    const quota = requestQuotaOf(access, rateKey, `ws:${sessionId}`);
    if (quota) this.requestQuotas.set(socket, quota);
    // Messages unrelated to a request (resource updates) go on the socket; ended with the session.
    this.dispatch.openChannel(sessionId, (message) => this.send(socket, message));
    this.clients.set(socket, {
      transport: 'ws',
      sessionId,
      filters: access.filters,
      ...(access.narrowing ? { narrowing: access.narrowing } : {}),
      principal: access.principal,
      clientId: clientIdOf(access.keyId, address),
      subject: access.subject,
      ...(access.bearer ? { bearer: access.bearer } : {}),
      ...(access.keyId ? { identity: access.keyId } : {}),
      notify: (notification: JsonRpcNotification) => this.send(socket, notification),
    });
  }

  /** Answers one frame on its socket (with backpressure); a notification or a response gets no answer. */
  private async onFrame(socket: WebSocket, frame: WsFrame): Promise<void> {
    const answer = await this.answer(socket, frame);
    if (answer) this.send(socket, answer);
  }

  private async answer(socket: WebSocket, frame: WsFrame): Promise<JsonRpcResponse | undefined> {
    const client = this.clients.get(socket);
    if (!client) return undefined;
    if (typeof frame !== 'string') {
      return failureResponse(null, BINARY_FRAME_REFUSED);
    }
    const refusal = this.drain.refusalOf(frame, 'ws', client);
    if (refusal) return refusal;
    const bytes = Buffer.byteLength(frame);
    if (bytes > this.options.maxMessageBytes) return oversizedMessageError(frame, bytes, this.options.maxMessageBytes);
    let message: unknown;
    try {
      message = JSON.parse(frame);
    } catch {
      return this.dispatch.handleText(frame, client); // answers -32700
    }
    const incoming = classifyMessage(message);
    const rateKey = this.rateKeys.get(socket) ?? '';
    const gate = gateWsMessage(this.admission, incoming, client.sessionId, rateKey, this.requestQuotas.get(socket));
    if ('refused' in gate) {
      this.refusals.report(() => wsEdgeRefusal(client, incoming, gate.refused));
      return gate.refused;
    }
    try {
      const response = await this.dispatch.handle(message, client);
      const initialize = incoming.type === 'request' && incoming.method === 'initialize';
      if (initialize && response && 'result' in response) this.initialized.add(socket);
      return response;
    } catch (error) {
      this.logger.error('Dispatch failed on a WebSocket frame', error instanceof Error ? error.stack : error);
      return failureResponse(null, { code: JSON_RPC_ERROR_CODES.INTERNAL_ERROR, message: 'Internal error' });
    } finally {
      gate.admitted?.release();
    }
  }

  private send(socket: WebSocket, message: unknown): void {
    this.outbound.send(socket, message);
  }
}
