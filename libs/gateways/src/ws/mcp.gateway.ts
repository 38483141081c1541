import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type ClientContext,
  DispatchService,
  JSON_RPC_ERROR_CODES,
  type JsonRpcNotification,
  type JsonRpcResponse,
} from '@myko/dispatch';
import { Injectable, Logger } from '@nestjs/common';
import { WebSocket } from 'ws';
import { type TransportErrorResponse, transportError } from '../common/json-rpc-error';
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

  constructor(
    private readonly dispatch: DispatchService,
    private readonly handshake: WsHandshakeVerifier,
  ) {}

  handleConnection(socket: WebSocket, req: IncomingMessage): void {
    const access = this.handshake.accessOf(req);
    if (!access) {
      // Not verified by WsHandshakeVerifier: refuse rather than serve without the client's filters.
      this.logger.error('WebSocket connection without a verified handshake; use McpWsServer');
      socket.close(1011, 'Handshake not verified');
      return;
    }
    const sessionId = randomUUID();
    // Messages unrelated to a request (resource updates) go on the socket; ended with the session.
    this.dispatch.openChannel(sessionId, (message) => this.send(socket, message));
    this.clients.set(socket, {
      transport: 'ws',
      sessionId,
      filters: access.filters,
      principal: access.principal,
      notify: (notification: JsonRpcNotification) => this.send(socket, notification),
    });
  }

  handleDisconnect(socket: WebSocket): void {
    const client = this.clients.get(socket);
    if (client) this.dispatch.endSession(client.sessionId);
    this.clients.delete(socket);
  }

  /** The answer to send as one text frame; `undefined` (a notification, a response) sends nothing. */
  async onFrame(socket: WebSocket, frame: WsFrame): Promise<JsonRpcResponse | TransportErrorResponse | undefined> {
    const client = this.clients.get(socket);
    if (!client) return undefined;
    if (typeof frame !== 'string') {
      return transportError(
        JSON_RPC_ERROR_CODES.INVALID_REQUEST,
        'Invalid Request: binary frames are not accepted; send each JSON-RPC message as one text frame',
      );
    }
    try {
      return await this.dispatch.handleText(frame, client);
    } catch (error) {
      this.logger.error('Dispatch failed on a WebSocket frame', error instanceof Error ? error.stack : error);
      return transportError(JSON_RPC_ERROR_CODES.INTERNAL_ERROR, 'Internal error');
    }
  }

  private send(socket: WebSocket, message: unknown): void {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }
}
