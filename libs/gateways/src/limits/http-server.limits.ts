import type { Server } from 'node:http';
import { answerClientErrors } from './client-error.handler';
import type { ResolvedEdgeLimits } from './edge-limits-options.interface';

/** Node checks header and request timeouts on an interval (30 s by default): too coarse for short timeouts. */
const MAX_CHECK_INTERVAL_MS = 1_000;

type ServerLimits = Pick<
  ResolvedEdgeLimits,
  'maxHeaderBytes' | 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs'
>;

/**
 * Applies the connection limits to the Node HTTP server under the Nest app (before it listens):
 * request head size (431 above it), time to send the head and the whole request (408, then the
 * socket is closed: a slowloris client does not keep its connection), idle keep-alive time.
 * Node reads these per connection and at `listen`, so setting them on the created server works
 * without replacing Nest's Express adapter. A request the parser refuses is answered, not reset
 * (`answerClientErrors`).
 *
 * @example applyHttpServerLimits(app.getHttpServer(), app.get(GATEWAYS_OPTIONS));
 * @publicApi
 */
export function applyHttpServerLimits(server: Server, limits: ServerLimits): void {
  const { maxHeaderBytes, headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs } = limits;
  // Not in @types/node as writable, but read by each new connection's parser.
  (server as { maxHeaderSize?: number }).maxHeaderSize = maxHeaderBytes;
  server.headersTimeout = headersTimeoutMs;
  server.requestTimeout = requestTimeoutMs;
  server.keepAliveTimeout = keepAliveTimeoutMs;
  const shortest = Math.min(...[headersTimeoutMs, requestTimeoutMs].filter((ms) => ms > 0), MAX_CHECK_INTERVAL_MS * 4);
  (server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval = Math.max(
    100,
    Math.min(MAX_CHECK_INTERVAL_MS, Math.floor(shortest / 4)),
  );
  answerClientErrors(server);
}
