import type { INestApplicationContext } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { WebSocketServer } from 'ws';
import { GATEWAYS_OPTIONS, MCP_WS_FRAME_EVENT } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { startWsHeartbeat } from '../limits/ws-heartbeat';
import { WsHandshakeVerifier } from './ws-handshake.verifier';

/** A raw WebSocket frame as `ws` delivers it: text frames as strings, binary frames as buffers. */
export type WsFrame = string | Buffer | ArrayBuffer | Buffer[];

/**
 * `WsAdapter` for the MCP gateway: every frame, text or binary, becomes one `mcp:frame` event carrying
 * the raw data (the gateway does JSON-RPC framing itself), and the `ws` server gets the handshake
 * checks, subprotocol selection and frame size limit of `WsHandshakeVerifier`.
 *
 * @example app.useWebSocketAdapter(new McpWsAdapter(app));
 * @publicApi
 */
export class McpWsAdapter extends WsAdapter {
  constructor(private readonly app: INestApplicationContext) {
    super(app, { messageParser: (data: WsFrame) => ({ event: MCP_WS_FRAME_EVENT, data }) });
  }

  override create(port: number, options: Record<string, unknown> & { path?: string } = {}) {
    const verifier = this.app.get(WsHandshakeVerifier, { strict: false });
    const server = super.create(port, { ...options, ...verifier.serverOptions() });
    const { wsHeartbeatMs } = this.app.get<string, ResolvedGatewaysOptions>(GATEWAYS_OPTIONS, { strict: false });
    startWsHeartbeat(server, wsHeartbeatMs);
    return server;
  }

  /** A client breaking the protocol (oversized frame, bad UTF-8) is its problem: a warning, not an error. */
  override bindErrorHandler(server: WebSocketServer): WebSocketServer {
    server.on('connection', (socket) =>
      socket.on('error', (error) => this.logger.warn(`WebSocket client error: ${error.message}`)),
    );
    server.on('error', (error) => this.logger.error(error));
    return server;
  }
}
