import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type WebSocket, WebSocketServer } from 'ws';
import { requestPath } from '../common/request-path';
import { GATEWAYS_OPTIONS, MCP_WS_PATH } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { DrainCoordinator } from '../lifecycle/drain.coordinator';
import { startWsHeartbeat } from '../limits/ws-heartbeat';
import { startWsIdleWatch } from '../limits/ws-idle.watch';
import { WsSlotLedger } from '../limits/ws-slot.ledger';
import { McpGateway } from './mcp.gateway';
import { WsHandshakeVerifier } from './ws-handshake.verifier';

/**
 * Accepts WebSocket upgrades at `/mcp` on the application's HTTP server (handshake decided by
 * `WsHandshakeVerifier`) and wires each socket to `McpGateway`: frames in, answers out as text
 * frames, close ends the session. Plain `ws` events rather than Nest's WebSocket adapter, whose
 * per-message observable pipeline cost as much CPU as the dispatch behind it.
 * @publicApi
 */
@Injectable()
export class McpWsServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(McpWsServer.name);
  private wss?: WebSocketServer;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly gateway: McpGateway,
    private readonly verifier: WsHandshakeVerifier,
    private readonly drain: DrainCoordinator,
    private readonly slots: WsSlotLedger,
    @Inject(GATEWAYS_OPTIONS)
    private readonly options: Pick<
      ResolvedGatewaysOptions,
      'wsHeartbeatMs' | 'wsInitializeTimeoutMs' | 'wsIdleTimeoutMs'
    >,
  ) {}

  onApplicationBootstrap(): void {
    const server = this.adapterHost?.httpAdapter?.getHttpServer() as Server | undefined;
    if (server) this.attach(server);
  }

  /** Serves WebSocket upgrades of `server` at `/mcp`. */
  attach(server: Server): void {
    const wss = new WebSocketServer({ noServer: true, ...this.verifier.serverOptions() });
    wss.on('connection', (socket: WebSocket, req: IncomingMessage) => this.connect(socket, req));
    wss.on('error', (error) => this.logger.error(error));
    startWsHeartbeat(wss, this.options.wsHeartbeatMs);
    const { wsInitializeTimeoutMs: initializeTimeoutMs, wsIdleTimeoutMs: idleTimeoutMs } = this.options;
    startWsIdleWatch(wss, { initializeTimeoutMs, idleTimeoutMs }, (socket) => this.gateway.isInitialized(socket));
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (requestPath(req.url) === MCP_WS_PATH) {
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      } else if (server.listenerCount('upgrade') === 1) {
        // Nobody else serves upgrades on this server: a stray one must not hold its socket open.
        socket.destroy();
      }
    });
    this.wss = wss;
  }

  /** After the drain (which closes connections with 1001), whatever is left is cut. */
  async beforeApplicationShutdown(): Promise<void> {
    const wss = this.wss;
    if (!wss) return;
    await this.drain.drain();
    for (const socket of wss.clients) socket.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  }

  private connect(socket: WebSocket, req: IncomingMessage): void {
    // A client breaking the protocol (oversized frame, bad UTF-8) is its problem: a warning, not an error.
    socket.on('error', (error) => this.logger.warn(`WebSocket client error: ${error.message}`));
    socket.on('close', () => this.gateway.handleDisconnect(socket));
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const done = this.slots.busy(socket);
      void this.gateway.onFrame(socket, isBinary ? data : data.toString('utf8')).finally(done);
    });
    this.slots.attach(socket, req, () => this.gateway.isInitialized(socket));
    this.gateway.handleConnection(socket, req);
  }
}
