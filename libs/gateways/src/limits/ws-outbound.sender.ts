import { Inject, Injectable, Logger } from '@nestjs/common';
import { WebSocket } from 'ws';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedEdgeLimits } from './edge-limits-options.interface';
import { WS_CLOSE_GRACE_MS, WS_NOT_READING_CLOSE_CODE } from './limits.constants';

/** What the sender has had to do about clients that stopped reading. */
export interface WsBackpressureStats {
  /** Connections closed because their send buffer was over the bound. */
  slowReadersClosed: number;
  /** The largest `bufferedAmount` seen when one was closed, in bytes. */
  largestBacklogBytes: number;
}

/**
 * Sends JSON-RPC messages on MCP WebSockets with backpressure: when the bytes already queued for a
 * client (`bufferedAmount`) exceed `wsMaxBufferedBytes`, the client is not reading, so the message
 * is not queued; the connection is closed with 1008 and cut if the close does not complete soon
 * (a client that does not read will not read the close frame either). Memory per connection is
 * thereby bounded by the limit plus one message.
 */
@Injectable()
export class WsOutboundSender {
  private readonly logger = new Logger('McpGateway');
  readonly stats: WsBackpressureStats = { slowReadersClosed: 0, largestBacklogBytes: 0 };

  constructor(@Inject(GATEWAYS_OPTIONS) private readonly limits: Pick<ResolvedEdgeLimits, 'wsMaxBufferedBytes'>) {}

  /** Serializes and sends one message; false when it was not sent (socket not open, or client not reading). */
  send(socket: WebSocket, message: unknown): boolean {
    if (socket.readyState !== WebSocket.OPEN) return false;
    const max = this.limits.wsMaxBufferedBytes;
    if (max > 0 && socket.bufferedAmount > max) {
      this.closeSlowReader(socket);
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
  }

  private closeSlowReader(socket: WebSocket): void {
    const backlog = socket.bufferedAmount;
    this.stats.slowReadersClosed += 1;
    this.stats.largestBacklogBytes = Math.max(this.stats.largestBacklogBytes, backlog);
    this.logger.warn(`Closing a WebSocket client that is not reading (${backlog} bytes queued)`);
    socket.close(WS_NOT_READING_CLOSE_CODE, 'Client is not reading: send buffer over the limit');
    const cut = setTimeout(() => socket.terminate(), WS_CLOSE_GRACE_MS).unref();
    socket.once('close', () => clearTimeout(cut));
  }
}
