import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Logger } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { Observable } from 'rxjs';
import type { WebSocket, WebSocketServer } from 'ws';
import { requestPath } from '../common/request-path';

/** A `ws` server of the registry, with the path `WsAdapter` stamps on it. */
type RegisteredWsServer = WebSocketServer & { path: string };

/**
 * `@nestjs/platform-ws`'s `WsAdapter` for an application's own gateways beside MCP, installed with
 * `app.useWebSocketAdapter(new McpWsAdapter(app))` before `app.init()`/`listen()` (the MCP WebSocket
 * itself needs no adapter: `McpGateway` serves its path on the HTTP server's `upgrade` event):
 * - a gateway without `@SubscribeMessage` handlers gets no per-message pipeline: Nest's binds an rxjs
 *   stream and a JSON parse to every frame, which cost as much CPU as the work behind it; such a
 *   gateway listens to its sockets itself;
 * - upgrades are routed by the path the HTTP gateway matches (no query, case-insensitive); a stray one is
 *   cut only when nobody else serves upgrades on the server;
 * - a client breaking the protocol (oversized frame, bad UTF-8) is a warning, not a server error.
 * @publicApi
 */
export class McpWsAdapter extends WsAdapter {
  private readonly clientErrors = new Logger(McpWsAdapter.name);

  override bindMessageHandlers(
    client: WebSocket,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    if (handlers.length > 0) super.bindMessageHandlers(client, handlers, transform);
  }

  override bindErrorHandler(server: WebSocketServer): WebSocketServer {
    server.on('connection', (socket: WebSocket) =>
      socket.on('error', (error) => this.clientErrors.warn(`WebSocket client error: ${error.message}`)),
    );
    server.on('error', (error) => this.logger.error(error));
    return server;
  }

  protected override ensureHttpServerExists(port: number, httpServer?: Server): Server | undefined {
    // A gateway on a port of its own keeps WsAdapter's server and routing.
    if (httpServer === undefined || this.httpServersRegistry.has(port)) {
      return super.ensureHttpServerExists(port, httpServer);
    }
    this.httpServersRegistry.set(port, httpServer);
    httpServer.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = requestPath(req.url);
      const servers = (this.wsServersRegistry.get(port) ?? []) as RegisteredWsServer[];
      const target = servers.find((wsServer) => wsServer.path.toLowerCase() === path);
      if (target) target.handleUpgrade(req, socket, head, (ws) => target.emit('connection', ws, req));
      else if (httpServer.listenerCount('upgrade') === 1) socket.destroy();
    });
    return httpServer;
  }
}
