import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type ClientContext,
  DispatchService,
  JSON_RPC_ERROR_CODES,
  type JsonRpcNotification,
  type JsonRpcResponse,
} from '@myko/dispatch';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { WebSocket } from 'ws';
import { closeAtExpiry } from '../auth/token-expiry';
import { type TransportErrorResponse, transportError } from '../common/json-rpc-error';
import { jsonRpcMethod } from '../common/json-rpc-message.kind';
import { oversizedMessageError } from '../common/oversized-message';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { DrainCoordinator } from '../lifecycle/drain.coordinator';
import { clientAddress, clientIdOf, rateLimitKey } from '../limits/client-address';
import { EdgeAdmission } from '../limits/edge-admission.service';
import { WsOutboundSender } from '../limits/ws-outbound.sender';
import { gateWsMessage } from '../limits/ws-request.gate';
import { WsHandshakeVerifier } from './ws-handshake.verifier';

/** A WebSocket frame as the gateway receives it: text frames as strings, binary frames as buffers. */
export type WsFrame = string | Buffer;

/**
 * MCP over WebSocket (a custom transport: the SDK's `WebSocketClientTransport` framing). One
 * JSON-RPC message per text frame; each connection is its own session with the principal and
 * filters of its handshake; requests run concurrently and are answered as they complete.
 * `McpWsServer` accepts the connections at `/mcp` and feeds their frames here.
 * @publicApi
 */
@Injectable()
export class McpGateway {
  private readonly logger = new Logger(McpGateway.name);
  private readonly clients = new WeakMap<WebSocket, ClientContext>();
  /** Whose rate limit a connection's requests count against (its API key, else its address). */
  private readonly rateKeys = new WeakMap<WebSocket, string>();
  /** Sockets whose `initialize` succeeded (the others are closed after `wsInitializeTimeoutMs`). */
  private readonly initialized = new WeakSet<WebSocket>();

  constructor(
    private readonly dispatch: DispatchService,
    private readonly handshake: WsHandshakeVerifier,
    private readonly admission: EdgeAdmission,
    private readonly outbound: WsOutboundSender,
    private readonly drain: DrainCoordinator,
    @Inject(GATEWAYS_OPTIONS) private readonly options: Pick<ResolvedGatewaysOptions, 'maxMessageBytes'>,
  ) {}

  handleConnection(socket: WebSocket, req: IncomingMessage): void {
    if (!this.drain.admitSocket(socket)) return;
    const access = this.handshake.accessOf(req);
    if (!access) {
      // Not verified by WsHandshakeVerifier: refuse rather than serve without the client's filters.
      this.logger.error('WebSocket connection without a verified handshake; use McpWsServer');
      socket.close(1011, 'Handshake not verified');
      return;
    }
    const sessionId = randomUUID();
    closeAtExpiry(socket, access.expiresAtMs);
    this.rateKeys.set(socket, rateLimitKey(access.principal, clientAddress(req)));
    // Messages unrelated to a request (resource updates) go on the socket; ended with the session.
    this.dispatch.openChannel(sessionId, (message) => this.send(socket, message));
    this.clients.set(socket, {
      transport: 'ws',
      sessionId,
      filters: access.filters,
      principal: access.principal,
      clientId: clientIdOf(access.keyId, clientAddress(req)),
      subject: access.subject,
      notify: (notification: JsonRpcNotification) => this.send(socket, notification),
    });
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

  /** Answers one frame on its socket (with backpressure); a notification or a response gets no answer. */
  async onFrame(socket: WebSocket, frame: WsFrame): Promise<void> {
    const answer = await this.answer(socket, frame);
    if (answer) this.send(socket, answer);
  }

  private async answer(
    socket: WebSocket,
    frame: WsFrame,
  ): Promise<JsonRpcResponse | TransportErrorResponse | undefined> {
    const client = this.clients.get(socket);
    if (!client) return undefined;
    if (typeof frame !== 'string') {
      return transportError(
        JSON_RPC_ERROR_CODES.INVALID_REQUEST,
        'Invalid Request: binary frames are not accepted; send each JSON-RPC message as one text frame',
      );
    }
    const refusal = this.drain.refusalOf(frame);
    if (refusal) return refusal;
    const bytes = Buffer.byteLength(frame);
    if (bytes > this.options.maxMessageBytes) return oversizedMessageError(frame, bytes, this.options.maxMessageBytes);
    let message: unknown;
    try {
      message = JSON.parse(frame);
    } catch {
      return this.dispatch.handleText(frame, client); // answers -32700
    }
    const gate = gateWsMessage(this.admission, message, client.sessionId, this.rateKeys.get(socket) ?? '');
    if ('refused' in gate) return gate.refused;
    try {
      const response = await this.dispatch.handle(message, client);
      if (response && 'result' in response && jsonRpcMethod(message) === 'initialize') this.initialized.add(socket);
      return response;
    } catch (error) {
      this.logger.error('Dispatch failed on a WebSocket frame', error instanceof Error ? error.stack : error);
      return transportError(JSON_RPC_ERROR_CODES.INTERNAL_ERROR, 'Internal error');
    } finally {
      gate.admitted?.release();
    }
  }

  private send(socket: WebSocket, message: unknown): void {
    this.outbound.send(socket, message);
  }
}
