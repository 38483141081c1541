import type { WebSocket, WebSocketServer } from 'ws';

/** Timeouts of `startWsIdleWatch`; 0 switches one off. */
export interface WsIdleTimeouts {
  /** Time after the handshake for `initialize` to succeed. */
  initializeTimeoutMs: number;
  /** Time without any message from the client (pongs do not count). */
  idleTimeoutMs: number;
}

/** Close codes: a socket that never initialized broke the protocol (1008); an idle one is just let go (1001). */
export const WS_NOT_INITIALIZED_CLOSE = { code: 1008, reason: 'initialize not completed in time' } as const;
export const WS_IDLE_CLOSE = { code: 1001, reason: 'idle timeout' } as const;

/**
 * Closes WebSockets that hold a connection slot without using it: one that has not completed
 * `initialize` within `initializeTimeoutMs` of its handshake, and one that sent no message for
 * `idleTimeoutMs`. A heartbeat proves a peer is alive, not that it is a client, so pongs do not count.
 * Checks four times per shortest timeout (at most once a second); stops when the server closes.
 */
export function startWsIdleWatch(
  server: WebSocketServer,
  timeouts: WsIdleTimeouts,
  isInitialized: (socket: WebSocket) => boolean,
): void {
  const { initializeTimeoutMs, idleTimeoutMs } = timeouts;
  const enabled = [initializeTimeoutMs, idleTimeoutMs].filter((ms) => ms > 0);
  if (enabled.length === 0) return;
  const seen = new WeakMap<WebSocket, { connectedAt: number; lastMessageAt: number }>();
  server.on('connection', (socket: WebSocket) => {
    const now = Date.now();
    const times = { connectedAt: now, lastMessageAt: now };
    seen.set(socket, times);
    socket.on('message', () => {
      times.lastMessageAt = Date.now();
    });
  });
  const every = Math.max(Math.floor(Math.min(...enabled) / 4), 250);
  const timer = setInterval(() => {
    const now = Date.now();
    for (const socket of server.clients) {
      const times = seen.get(socket);
      if (!times) continue;
      if (initializeTimeoutMs > 0 && now - times.connectedAt > initializeTimeoutMs && !isInitialized(socket)) {
        socket.close(WS_NOT_INITIALIZED_CLOSE.code, WS_NOT_INITIALIZED_CLOSE.reason);
      } else if (idleTimeoutMs > 0 && now - times.lastMessageAt > idleTimeoutMs) {
        socket.close(WS_IDLE_CLOSE.code, WS_IDLE_CLOSE.reason);
      }
    }
  }, every).unref();
  server.on('close', () => clearInterval(timer));
}
