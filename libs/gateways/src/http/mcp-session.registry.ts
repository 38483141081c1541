import { randomUUID } from 'node:crypto';
import { DispatchService } from '@myko/dispatch';
import { type RateTake, StateUnavailableError } from '@myko/state';
import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { holderOf, newHttpSession, type SessionHolder } from './mcp-http-session';
import type { McpHttpSession, SessionResumption, SessionRoomRefusal } from './mcp-http-session.interface';
import { ReplayBudget } from './replay-budget';
import { type EvictionChoice, evictionVictim } from './session-eviction';
import { isSessionExpired, sweepEveryMs } from './session-expiry';
import { ownsSession, type SessionCaller, type SessionOwner } from './session-owner';
import { SessionRoom } from './session-room';
import { SessionStreams } from './session-streams';
import { SharedSessions } from './shared-sessions';
import { SharedSseStreams } from './shared-sse.streams';

type RegistryOptions = Pick<
  ResolvedGatewaysOptions,
  | 'sessionIdleTimeoutMs'
  | 'unusedSessionTimeoutMs'
  | 'maxSessions'
  | 'maxSessionsPerKey'
  | 'maxSessionsPerAddress'
  | 'eventStoreMaxEvents'
  | 'eventStoreMaxBytes'
  | 'replayBudgetBytes'
  | 'eventStoreTtlMs'
>;

/**
 * The live Streamable HTTP sessions: opened by `initialize` (kept if it succeeds), touched by every request,
 * ended by DELETE, by idle expiry (sooner for a session that never made a request), by eviction to make
 * room, or at shutdown. Ending one also ends its dispatch state. Their replay buffers share one budget.
 * @publicApi
 */
@Injectable()
export class McpSessionRegistry implements OnApplicationShutdown {
  private readonly logger = new Logger(McpSessionRegistry.name);
  private readonly sessions = new Map<string, McpHttpSession>();
  private readonly room: SessionRoom;
  private readonly sweeper: NodeJS.Timeout;
  /** The replay budget of every session together. */
  readonly replay: ReplayBudget;

  constructor(
    private readonly dispatch: DispatchService,
    @Inject(GATEWAYS_OPTIONS) private readonly options: RegistryOptions,
    @Optional() private readonly shared?: SharedSessions,
    @Optional() private readonly sharedSse?: SharedSseStreams,
  ) {
    this.room = new SessionRoom(options);
    this.replay = new ReplayBudget(options.replayBudgetBytes ?? 0, options.eventStoreTtlMs ?? 0);
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs(options)).unref();
  }

  /** A fresh, cryptographically random id. */
  newId(): string {
    return randomUUID();
  }

  /**
   * Makes room for a session of `owner` (before its `initialize`): expired sessions are swept, and at a
   * cap an idle session (nothing running, no open stream) goes — of the same key at the per-key cap, an
   * anonymous one of the same address at the per-address cap, any anonymous one at the total cap; one
   * abandoned after its initialize first, else the longest idle (`evictionVictim`). Undefined when
   * there is room, else which cap is full. `choice`: sessions to spare besides (`EvictionChoice`).
   */
  makeRoom(owner: SessionOwner, choice: Omit<EvictionChoice, 'sameKey'> = {}): SessionRoomRefusal | undefined {
    const full = this.room.fullOwnCap(owner);
    if (full && !this.evictOne(full.sessions, full.sameKey, choice)) return full.refusal;
    if (!this.room.isFull(this.sessions.size)) return undefined;
    this.sweep();
    if (!this.room.isFull(this.sessions.size) || this.evictOne(this.sessions.values(), false, choice)) {
      return undefined;
    }
    return 'total';
  }

  /**
   * On Redis, `makeRoom` sparing also the sessions whose stream another instance holds (their copy
   * here shows none, yet their client is connected): one round trip asks which, when a cap is full.
   */
  async makeSharedRoom(owner: SessionOwner, spareYoung: boolean): Promise<SessionRoomRefusal | undefined> {
    const full = this.room.fullOwnCap(owner);
    const candidates = [
      ...(full?.sessions ?? []),
      ...(this.room.isFull(this.sessions.size) ? this.sessions.values() : []),
    ];
    const quiet = candidates.filter((session) => !session.streams.hasOpenConnection()).map((session) => session.id);
    const spared = (await this.shared?.streamingElsewhere([...new Set(quiet)])) ?? new Set<string>();
    return this.makeRoom(owner, { spareYoung, spared });
  }

  /**
   * On Redis, after `makeRoom`: whether the caps hold across every instance. A full cap refuses (an
   * instance evicts only the sessions it holds, to make room here).
   */
  async sharedRoom(owner: SessionOwner): Promise<SessionRoomRefusal | undefined> {
    if (!this.shared?.enabled) return undefined;
    // A session evicted here to make room must no longer count there, or its room is refused.
    await this.shared.forgotten();
    return this.room.sharedRefusal(owner, this.shared);
  }

  /**
   * Registers a session under a new id before its `initialize` is dispatched (the answer may already
   * be an SSE stream); a failed initialize ends it again with reason `failed`.
   */
  open(id: string = this.newId(), owner: SessionOwner = { address: 'unknown' }, openedAt = Date.now()): McpHttpSession {
    const streams = new SessionStreams(
      { maxEvents: this.options.eventStoreMaxEvents, maxBytes: this.options.eventStoreMaxBytes },
      this.replay,
      this.sharedSse?.mirror(id),
    );
    const session = newHttpSession(id, owner, openedAt, streams);
    this.sessions.set(id, session);
    this.room.add(session);
    return session;
  }

  /**
   * The live session with this id (touched), or undefined when it is unknown, ended, expired, or
   * (when `caller` is given) was opened with another key: `{}` is an anonymous caller.
   */
  use(id: string, caller?: SessionCaller): McpHttpSession | undefined {
    const session = this.sessions.get(id);
    if (!session || (caller && !ownsSession(session.owner, caller))) return undefined;
    if (isSessionExpired(session, Date.now(), this.options)) {
      this.end(id, 'idle');
      return undefined;
    }
    session.lastSeenAt = Date.now();
    return session;
  }

  /**
   * The live session with this id, as `use` — on Redis from the shared store: touched there (taking
   * `rate`'s token in the same round trip), loaded when another instance opened it or changed it, and
   * gone here too when it is gone there. Throws `StateUnavailableError` while Redis is unreachable.
   */
  async resume(
    id: string,
    caller: SessionCaller,
    countRequest: boolean,
    rate?: RateTake,
    claim = false,
  ): Promise<SessionResumption> {
    if (!this.shared?.enabled) return { session: this.use(id, caller) };
    const local = this.sessions.get(id);
    if (local && !ownsSession(local.owner, caller)) return {};
    const touch = await this.shared.touch(id, local?.shared, countRequest, rate, claim);
    const rateWaitMs = touch.rateWaitMs;
    if (!touch.found) {
      if (local) this.end(id, 'idle', false);
      return { rateWaitMs };
    }
    let session = local;
    if (!session) {
      if (!touch.record || !ownsSession(touch.record.owner, caller)) return { rateWaitMs };
      session = this.open(id, touch.record.owner, touch.record.openedAt);
    }
    if (touch.record) session.shared = this.shared.adopt(touch.record);
    session.lastSeenAt = Date.now();
    return { session, rateWaitMs, ...(touch.claimed ? { claimed: touch.claimed } : {}) };
  }

  /**
   * Ends a session: closes its streams, drops its stored events and its dispatch state. False when it
   * was not live. On Redis, a session deleted, evicted or failed here is forgotten by every instance
   * (`shared` false: only this instance's copy goes — idle here may be busy elsewhere, or a shutdown).
   */
  end(
    id: string,
    reason: 'deleted' | 'idle' | 'shutdown' | 'failed' | 'evicted' = 'deleted',
    shared = reason !== 'idle' && reason !== 'shutdown',
  ): boolean {
    const session = this.sessions.get(id);
    if (shared && this.shared?.enabled && reason !== 'deleted') this.shared.forget(id);
    // Deleted or evicted, the session is over on every instance: what the others hold of it ends too.
    this.dispatch.endSession(id, shared && (reason === 'deleted' || reason === 'evicted'));
    if (!session) return false;
    this.sessions.delete(id);
    this.room.remove(session);
    session.streams.close();
    if (reason === 'idle') this.logger.log(`Session ${id} expired after ${this.options.sessionIdleTimeoutMs} ms idle`);
    if (reason === 'evicted') this.logger.log(`Session ${id} evicted to make room for another client`);
    return true;
  }

  /** Who holds each live session here (`key:…`, else `address:…`) and its profile: the operator's live view. */
  owners(): SessionHolder[] {
    return [...this.sessions.values()].map(holderOf);
  }

  get size(): number {
    return this.sessions.size;
  }

  /**
   * On Redis, writes a session initialized here for the other instances. If Redis is down the session
   * ends and the error is returned, for the client to get instead of an id no other instance knows.
   */
  async share(session: McpHttpSession): Promise<StateUnavailableError | undefined> {
    if (!this.shared?.enabled) return undefined;
    try {
      session.shared = await this.shared.created(session.id, session.owner, session.openedAt);
      return undefined;
    } catch (error) {
      this.end(session.id, 'failed', false);
      if (!(error instanceof StateUnavailableError)) throw error;
      return error;
    }
  }

  /** The shared record store's side of the sessions (undefined or disabled: in memory). */
  get sharing(): SharedSessions | undefined {
    return this.shared?.enabled ? this.shared : undefined;
  }

  /** Ends every session idle for longer than its timeout, and drops stored events past their expiry. */
  sweep(now = Date.now()): void {
    for (const session of [...this.sessions.values()]) {
      if (isSessionExpired(session, now, this.options)) this.end(session.id, 'idle');
    }
    this.replay.expire(now);
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

  private evictOne(
    candidates: Iterable<McpHttpSession>,
    sameKey: boolean,
    choice: Omit<EvictionChoice, 'sameKey'>,
  ): boolean {
    const victim = evictionVictim(candidates, { sameKey, ...choice }, Date.now());
    if (victim) this.end(victim.id, 'evicted');
    return victim !== undefined;
  }
}
