/** Who opened a session: its key (digest), profile and address. Only that key may use it. */
export interface SessionRecordOwner {
  readonly keyId?: string;
  readonly principal?: string;
  readonly address: string;
}

/**
 * What any instance needs to serve a 2025-era session it did not open: the owner, the clock, and the
 * protocol state dispatch negotiated (version, capabilities, log level…), kept as opaque JSON.
 */
export interface SessionRecord {
  readonly id: string;
  readonly owner: SessionRecordOwner;
  readonly openedAt: number;
  readonly lastSeenAt: number;
  /** Requests made after `initialize`, on every instance. */
  readonly requests: number;
  /** Dispatch's session state (protocol version, client info and capabilities, log level, subscriptions). */
  readonly state: Readonly<Record<string, unknown>>;
  /** Bumped by every state write: a holder whose copy is older reloads it. */
  readonly version: number;
}

/** A token bucket to take one token from in the same round trip as the session touch. */
export interface RateTake {
  readonly key: string;
  readonly ratePerSecond: number;
  readonly burst: number;
}

/** What one touch of a session found. */
export interface SessionTouch {
  /** False: no such session (never opened, deleted, or expired). */
  readonly found: boolean;
  /** 0 when the token was taken (or none was asked for), else the milliseconds until one is there. */
  readonly rateWaitMs: number;
  readonly version: number;
  /** The whole record, when the caller's copy is older than `version` (or it had none). */
  readonly record?: SessionRecord;
  /** Subscribed URIs whose watcher was gone and that `claimAs` now watches (it must watch them again). */
  readonly claimed?: readonly string[];
}

/** A subscription another instance watched until this one took it (the client subscribed again here). */
export interface DisplacedWatch {
  readonly uri: string;
  readonly instanceId: string;
}

/** A subscription of the session that began (`watched`) or ended, and which instance watches it. */
export interface SubscriptionChange {
  readonly uri: string;
  readonly watched: boolean;
}

/** How a touch counts and what it takes along. */
export interface TouchOptions {
  readonly now: number;
  /** Count a request (after `initialize`) when the rate token was taken. */
  readonly countRequest: boolean;
  /** The version of the caller's copy; -1 for none (the record is returned). */
  readonly knownVersion: number;
  readonly rate?: RateTake;
  /** The session expires this long after this touch (0: never). */
  readonly ttlMs: number;
  /**
   * This instance's bus id: claim, in the same round trip, the subscriptions whose watching instance
   * no longer listens on the bus (atomically: of two instances touching at once, one claims each).
   */
  readonly claimAs?: string;
}

/** The 2025-era sessions every instance can serve. Every method is at most one round trip. */
export interface SessionRecordStore {
  /** True when other instances see the same records (Redis). */
  readonly shared: boolean;
  /** Stores a new session that expires `ttlMs` after now unless touched (0: never). */
  create(record: Omit<SessionRecord, 'version'>, ttlMs: number): Promise<void>;
  /** Loads and touches the session, and takes a rate-limit token, in one round trip. */
  touch(id: string, options: TouchOptions): Promise<SessionTouch>;
  /** Replaces dispatch's state of the session (no-op when it is gone); returns the new version. */
  saveState(id: string, state: Readonly<Record<string, unknown>>): Promise<number | undefined>;
  /**
   * Records who watches the session's subscriptions (one field per URI, no read-modify-write); one
   * round trip. Returns the other instances that watched a URI `instanceId` now watches.
   */
  watch(id: string, instanceId: string, changes: readonly SubscriptionChange[]): Promise<DisplacedWatch[]>;
  delete(id: string): Promise<void>;
  /** Live sessions of every instance: all of them, and those of `owner`'s key (else of its address if anonymous). */
  count(owner: SessionRecordOwner, now?: number): Promise<SessionCounts>;
}

/** How many live sessions there are, for the caps. */
export interface SessionCounts {
  readonly total: number;
  /** Of the same key, or for an anonymous owner of the same address. */
  readonly own: number;
}
