import { WebSocket } from 'ws';

/**
 * The SDK's WebSocketClientTransport uses the global `WebSocket`, which Node 20 lacks without
 * `--experimental-websocket`; the `ws` client has the same browser-style API.
 */
export function installWebSocketGlobal(): void {
  const g = globalThis as { WebSocket?: unknown };
  g.WebSocket ??= WebSocket;
}
