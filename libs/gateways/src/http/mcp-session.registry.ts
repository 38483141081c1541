import { randomUUID } from 'node:crypto';
import { DispatchService } from '@myko/dispatch';
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import type { SseStream } from './sse.stream';

/** One Streamable HTTP session, keyed by its `Mcp-Session-Id`. */
export interface McpHttpSession {
  readonly id: string;
  lastSeenAt: number;
  /** The open GET stream for server→client messages, if any (at most one per session). */
  stream?: SseStream;
}

/**
 * The live Streamable HTTP sessions: created by a successful `initialize`, touched by every request,
 * ended by DELETE, by idle expiry, or at shutdown. Ending one also ends its dispatch state.
 * @publicApi
 */
@Injectable()
export class McpSessionRegistry implements OnModuleDestroy {
  private readonly logger = new Logger(McpSessionRegistry.name);
  private readonly sessions = new Map<string, McpHttpSession>();
  private readonly idleMs: number;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly dispatch: DispatchService,
    @Inject(GATEWAYS_OPTIONS) options: Pick<ResolvedGatewaysOptions, 'sessionIdleTimeoutMs'>,
  ) {
    this.idleMs = options.sessionIdleTimeoutMs;
    const every = Math.min(Math.max(Math.floor(this.idleMs / 4), 1_000), 60_000);
    this.sweeper = setInterval(() => this.sweep(), every).unref();
  }

  /** A fresh, cryptographically random id; `initialize` is dispatched under it before `open()`. */
  newId(): string {
    return randomUUID();
  }

  open(id: string): McpHttpSession {
    const session: McpHttpSession = { id, lastSeenAt: Date.now() };
    this.sessions.set(id, session);
    return session;
  }

  /** The live session with this id (touched), or undefined when it is unknown, ended or expired. */
  use(id: string): McpHttpSession | undefined {
    const session = this.sessions.get(id);
    if (!session) return undefined;
    if (this.isExpired(session, Date.now())) {
      this.end(id, 'idle');
      return undefined;
    }
    session.lastSeenAt = Date.now();
    return session;
  }

  /** Ends a session: closes its stream and drops its dispatch state. False when it was not live. */
  end(id: string, reason: 'deleted' | 'idle' | 'shutdown' | 'failed' = 'deleted'): boolean {
    const session = this.sessions.get(id);
    this.dispatch.endSession(id);
    if (!session) return false;
    this.sessions.delete(id);
    session.stream?.end();
    if (reason === 'idle') this.logger.log(`Session ${id} expired after ${this.idleMs} ms idle`);
    return true;
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Ends every session idle for longer than the timeout. */
  sweep(now = Date.now()): void {
    for (const session of [...this.sessions.values()]) {
      if (this.isExpired(session, now)) this.end(session.id, 'idle');
    }
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
    for (const id of [...this.sessions.keys()]) this.end(id, 'shutdown');
  }

  private isExpired(session: McpHttpSession, now: number): boolean {
    return !session.stream?.isOpen && now - session.lastSeenAt > this.idleMs;
  }
}
