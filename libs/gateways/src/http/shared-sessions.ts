import { type ClientContext, DispatchService, type SessionSnapshot } from '@myko/dispatch';
import {
  MessageBus,
  type RateTake,
  SESSION_RECORD_STORE,
  type SessionCounts,
  type SessionRecord,
  type SessionRecordStore,
  type SessionTouch,
  sessionTopic,
} from '@myko/state';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import type { SessionOwner } from './session-owner';

/** What this instance last wrote or read of a session's shared record. */
export interface SharedCopy {
  version: number;
  /** The dispatch snapshot as JSON, to tell whether it changed since. */
  state: string;
}

/**
 * The HTTP sessions' link to the shared record store (Redis): a session opened here is written
 * there, every request touches it (with the rate-limit token, one round trip), a session opened
 * elsewhere is loaded from it, and dispatch's negotiated state travels both ways. In memory
 * (`enabled` false) nothing goes through here: the registry alone holds the sessions.
 */
@Injectable()
export class SharedSessions {
  private readonly logger = new Logger(SharedSessions.name);
  /** Deletes `forget` started that have not finished. */
  private readonly deleting = new Set<Promise<void>>();

  constructor(
    private readonly dispatch: DispatchService,
    @Inject(GATEWAYS_OPTIONS) private readonly options: Pick<ResolvedGatewaysOptions, 'sessionIdleTimeoutMs'>,
    @Optional() @Inject(SESSION_RECORD_STORE) private readonly store?: SessionRecordStore,
    @Optional() private readonly bus?: MessageBus,
  ) {}

  get enabled(): boolean {
    return this.store?.shared === true;
  }

  /** Writes a session that was just initialized here; returns the copy it now holds. */
  async created(id: string, owner: SessionOwner, openedAt: number): Promise<SharedCopy> {
    const state = this.snapshotJson(id);
    const record = { id, owner: { ...owner }, openedAt, lastSeenAt: Date.now(), requests: 0, state: JSON.parse(state) };
    await this.required().create(record, this.options.sessionIdleTimeoutMs);
    return { version: 1, state };
  }

  /**
   * Touches the session (and takes `rate`'s token) in one round trip; loads it when `copy` is older.
   * With `claim`, the same trip hands this instance the subscriptions whose watcher is gone (`claimed`).
   */
  touch(
    id: string,
    copy: SharedCopy | undefined,
    countRequest: boolean,
    rate?: RateTake,
    claim = false,
  ): Promise<SessionTouch> {
    const claimAs = claim && this.bus?.shared ? this.bus.instanceId : undefined;
    return this.required().touch(id, {
      now: Date.now(),
      countRequest,
      knownVersion: copy?.version ?? -1,
      ttlMs: this.options.sessionIdleTimeoutMs,
      ...(rate ? { rate } : {}),
      ...(claimAs ? { claimAs } : {}),
    });
  }

  /**
   * Watches here the subscriptions the touch claimed (their instance is gone), under the filters of
   * the request that claimed them; one the client may no longer read is dropped from the record.
   */
  async rewatch(id: string, claimed: readonly string[], client: ClientContext): Promise<void> {
    // A claim that is not watched must not stay claimed: this instance is alive, so nobody would take it.
    const failed = await this.dispatch.rewatch(claimed, client).catch(() => [...claimed]);
    if (failed.length === 0) return;
    this.logger.warn(`Session ${id}: ${failed.length} subscription(s) of a gone instance could not be watched here`);
    await this.writeWatches(
      id,
      failed.map((uri) => ({ uri, watched: false })),
    );
  }

  /** Hands a record written elsewhere to dispatch; returns the copy this instance now holds. */
  adopt(record: SessionRecord): SharedCopy {
    this.dispatch.restoreSession(record.id, record.state as Partial<SessionSnapshot>);
    return { version: record.version, state: this.snapshotJson(record.id) };
  }

  /**
   * Writes dispatch's state of the session when a request changed it (log level, initialized…). The
   * request has run by then, so a failed write does not fail its answer: it is logged and retried
   * after the next request (this copy still differs).
   */
  async sync(id: string, copy: SharedCopy): Promise<void> {
    await this.writeWatches(id, this.dispatch.takeSubscriptionChanges(id));
    const state = this.snapshotJson(id);
    if (state === copy.state) return;
    try {
      const version = await this.required().saveState(id, JSON.parse(state));
      copy.state = state;
      if (version !== undefined) copy.version = version;
    } catch (error) {
      this.logger.warn(`Session ${id}: its new state is not in Redis yet (${(error as Error).message})`);
    }
  }

  /** Live sessions of every instance, all and `owner`'s (its key, else its address): one round trip. */
  count(owner: SessionOwner): Promise<SessionCounts> {
    return this.required().count(owner);
  }

  /**
   * Of `ids`, those whose stream another instance holds now (it listens on the session's topic): a copy
   * here shows no stream for them, yet their client is connected. One round trip.
   */
  async streamingElsewhere(ids: readonly string[]): Promise<ReadonlySet<string>> {
    if (!this.bus?.shared || ids.length === 0) return new Set();
    const listened = await this.bus.listened(ids.map(sessionTopic));
    return new Set(ids.filter((_, i) => listened[i]));
  }

  /** Forgets the session for every instance (DELETE, eviction, a failed initialize). */
  async deleted(id: string): Promise<void> {
    await this.required().delete(id);
  }

  /**
   * The same, when the request does not wait for the answer: a failure is logged, the record then
   * expires on its own. `forgotten` waits for it.
   */
  forget(id: string): void {
    const deleting = this.deleted(id).catch((error: Error) =>
      this.logger.warn(`Session ${id} stays in Redis until it expires: ${error.message}`),
    );
    this.deleting.add(deleting);
    void deleting.finally(() => this.deleting.delete(deleting));
  }

  /** Once every `forget` made so far is done: a session evicted to make room no longer counts for the caps. */
  async forgotten(): Promise<void> {
    await Promise.all(this.deleting);
  }

  /**
   * Who watches the subscriptions begun or ended here: this instance (one round trip, none if nothing
   * changed); an instance it displaced is told to stop.
   */
  private async writeWatches(id: string, changes: ReadonlyArray<{ uri: string; watched: boolean }>): Promise<void> {
    if (changes.length === 0 || !this.bus) return;
    try {
      const displaced = await this.required().watch(id, this.bus.instanceId, changes);
      // The client subscribed again here to what another instance watches: one watch, or updates twice.
      for (const { uri, instanceId } of displaced) this.dispatch.releaseWatchOn(instanceId, id, uri);
    } catch (error) {
      this.logger.warn(`Session ${id}: its subscriptions are not in Redis (${(error as Error).message})`);
    }
  }

  private snapshotJson(id: string): string {
    return JSON.stringify(this.dispatch.sessionSnapshot(id) ?? {});
  }

  private required(): SessionRecordStore {
    if (!this.store) throw new Error('no session record store: StateModule is not imported');
    return this.store;
  }
}
