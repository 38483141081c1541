import { randomUUID } from 'node:crypto';
import { DispatchService } from '@myko/dispatch';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { SessionStreams } from './session-streams';

/** One Streamable HTTP session, keyed by its `Mcp-Session-Id`. */
export interface McpHttpSession {
  readonly id: string;
  /** The access profile that initialized it (undefined: an anonymous client); only it may use the session. */
  readonly principal?: string;
  lastSeenAt: number;
  /** Its SSE streams (request streams, the standalone GET stream) and their replay buffer. */
  readonly streams: SessionStreams;
}

/**
 * The live Streamable HTTP sessions: opened by `initialize` (kept if it succeeds), touched by every request,
 * ended by DELETE, by idle expiry, or at shutdown. Ending one also ends its dispatch state.
 * @publicApi
 */
@Injectable()
export class McpSessionRegistry implements OnApplicationShutdown {
  private readonly logger = new Logger(McpSessionRegistry.name);
  private readonly sessions = new Map<string, McpHttpSession>();
  private readonly idleMs: number;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly dispatch: DispatchService,
    @Inject(GATEWAYS_OPTIONS)
    private readonly options: Pick<
      ResolvedGatewaysOptions,
      'sessionIdleTimeoutMs' | 'eventStoreMaxEvents' | 'eventStoreMaxBytes'
    >,
  ) {
    this.idleMs = options.sessionIdleTimeoutMs;
    const every = Math.min(Math.max(Math.floor(this.idleMs / 4), 1_000), 60_000);
    this.sweeper = setInterval(() => this.sweep(), every).unref();
  }

  /** A fresh, cryptographically random id. */
  newId(): string {
    return randomUUID();
  }

  /**
   * Registers a session under a new id before its `initialize` is dispatched (the answer may already
   * be an SSE stream); a failed initialize ends it again with reason `failed`.
   */
  open(id: string = this.newId(), principal?: string): McpHttpSession {
    const streams = new SessionStreams({
      maxEvents: this.options.eventStoreMaxEvents,
      maxBytes: this.options.eventStoreMaxBytes,
    });
    const session: McpHttpSession = { id, principal, lastSeenAt: Date.now(), streams };
    this.sessions.set(id, session);
    return session;
  }

  /**
   * The live session with this id (touched), or undefined when it is unknown, ended, expired, or
   * (when `caller` is given) was opened by another principal: `{ principal: undefined }` is an
   * anonymous caller.
   */
  use(id: string, caller?: { readonly principal?: string }): McpHttpSession | undefined {
    const session = this.sessions.get(id);
    if (!session || (caller && session.principal !== caller.principal)) return undefined;
    if (this.isExpired(session, Date.now())) {
      this.end(id, 'idle');
      return undefined;
    }
    session.lastSeenAt = Date.now();
    return session;
  }

  /** Ends a session: closes its streams, drops its stored events and its dispatch state. False when it was not live. */
  end(id: string, reason: 'deleted' | 'idle' | 'shutdown' | 'failed' = 'deleted'): boolean {
    const session = this.sessions.get(id);
    this.dispatch.endSession(id);
    if (!session) return false;
    this.sessions.delete(id);
    session.streams.close();
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

  /** Ends every session (their SSE streams end cleanly); the shutdown drain calls it once requests are answered. */
  endAll(reason: 'shutdown' = 'shutdown'): void {
    for (const id of [...this.sessions.keys()]) this.end(id, reason);
  }

  /** After the drain (`DrainCoordinator`), not in `onModuleDestroy`: that runs first and would cut in-flight requests. */
  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
    this.endAll();
  }

  private isExpired(session: McpHttpSession, now: number): boolean {
    return !session.streams.hasOpenConnection() && now - session.lastSeenAt > this.idleMs;
  }
}
