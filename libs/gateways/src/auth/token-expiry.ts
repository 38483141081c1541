import type { WebSocket } from 'ws';

/** WebSocket close code for an expired credential (4000-4999 is for applications; 4401 reads as "401"). */
export const WS_TOKEN_EXPIRED_CLOSE = 4401;
/** setTimeout's largest delay; a token living longer than ~24 days is re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Closes a WebSocket when the token of its handshake expires: HTTP re-checks the token on every
 * request, a connection would otherwise outlive it. The client reconnects with a fresh token.
 */
export function closeAtExpiry(socket: WebSocket, expiresAtMs: number | undefined): void {
  if (expiresAtMs === undefined) return;
  const arm = (): void => {
    const wait = expiresAtMs - Date.now();
    if (wait <= 0) {
      socket.close(WS_TOKEN_EXPIRED_CLOSE, 'Token expired');
      return;
    }
    const timer = setTimeout(arm, Math.min(wait, MAX_TIMER_MS));
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
  arm();
}
