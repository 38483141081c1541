import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { requestPath } from '../common/request-path';

type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * Hands the upgrades of `path` (no query, case-insensitive, with or without a trailing slash) to
 * `wss`, ahead of the server's other `upgrade` listeners, and every other upgrade to those listeners
 * (a host application's own WebSocket adapter, socket.io). Why not through the application's Nest
 * WebSocket adapter: the application keeps its own adapter for its own gateways, and a stock
 * `WsAdapter` destroys, at once, every upgrade to a path none of its gateways has. An upgrade nobody
 * serves is cut. Returns the function that takes the routing off again (at shutdown).
 */
export function routeUpgrades(server: Server, path: string, wss: WebSocketServer): () => void {
  const paths = new Set([path, `${path}/`]);
  const fallbacks = server.listeners('upgrade') as UpgradeListener[];
  server.removeAllListeners('upgrade');
  const listener: UpgradeListener = (req, socket, head) => {
    if (paths.has(requestPath(req.url))) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    } else if (fallbacks.length > 0) {
      for (const fallback of fallbacks) fallback.call(server, req, socket, head);
    } else if (server.listenerCount('upgrade') === 1) {
      socket.destroy();
    }
  };
  server.on('upgrade', listener);
  return () => {
    server.off('upgrade', listener);
    for (const fallback of fallbacks) server.on('upgrade', fallback);
  };
}
