import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type ClientContext,
  DispatchService,
  JSON_RPC_ERROR_CODES,
  type JsonRpcNotification,
  type JsonRpcResponse,
} from '@myko/dispatch';
import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import { WebSocket } from 'ws';
import { type TransportErrorResponse, transportError } from '../common/json-rpc-error';
import { MCP_WS_FRAME_EVENT, MCP_WS_PATH } from '../gateways.constants';
import { DrainCoordinator } from '../lifecycle/drain.coordinator';
import type { WsFrame } from './mcp-ws.adapter';
import { WsHandshakeVerifier } from './ws-handshake.verifier';

/**
 * MCP over WebSocket at `/mcp` (a custom transport: the SDK's `WebSocketClientTransport` framing).
 * One JSON-RPC message per text frame; each connection is its own session with the principal and
 * filters of its handshake; requests run concurrently and are answered as they complete. Needs `McpWsAdapter`.
 * @publicApi
 */
@WebSocketGateway({ path: MCP_WS_PATH })
export class McpGateway implements OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger(McpGateway.name);
  private readonly clients = new WeakMap<WebSocket, ClientContext>();

  constructor(
    private readonly dispatch: DispatchService,
    private readonly handshake: WsHandshakeVerifier,
    private readonly drain: DrainCoordinator,
  ) {}

  handleConnection(socket: WebSocket, req: IncomingMessage): void {
    if (!this.drain.admitSocket(socket)) return;
    const access = this.handshake.accessOf(req);
    if (!access) {
      // Not verified by McpWsAdapter: refuse rather than serve without the client's filters.
      this.logger.error('WebSocket connection without a verified handshake; use McpWsAdapter');
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

  /** Nest sends what this returns as one text frame; `undefined` (a notification) sends nothing. */
  @SubscribeMessage(MCP_WS_FRAME_EVENT)
  async onFrame(
    @ConnectedSocket() socket: WebSocket,
    @MessageBody() frame: WsFrame,
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
