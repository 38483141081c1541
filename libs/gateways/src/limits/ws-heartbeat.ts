import type { WebSocket, WebSocketServer } from 'ws';

/**
 * Pings every connection of a `ws` server each `intervalMs`; a connection that has not answered the
 * previous ping is terminated, so dead peers (and clients that stopped reading, which cannot answer)
 * do not hold a slot. Stops when the server closes.
 */
export function startWsHeartbeat(server: WebSocketServer, intervalMs: number): void {
  if (intervalMs <= 0) return;
  const alive = new WeakSet<WebSocket>();
  server.on('connection', (socket) => {
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
  });
  const timer = setInterval(() => {
    for (const socket of server.clients) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, intervalMs).unref();
  server.on('close', () => clearInterval(timer));
}
